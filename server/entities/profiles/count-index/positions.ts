/** id → position in the index: an array while ids are dense (identity columns), a map beyond. */
export class PositionById {
  private static readonly DENSE_LIMIT = 1 << 24;
  private dense = new Int32Array(1024).fill(-1);
  private readonly sparse = new Map<number, number>();

  get(id: number): number | undefined {
    if (id >= 0 && id < this.dense.length) return this.dense[id] >= 0 ? this.dense[id] : undefined;
    return this.sparse.get(id);
  }

  set(id: number, position: number): void {
    if (id < 0 || id >= PositionById.DENSE_LIMIT) {
      this.sparse.set(id, position);
      return;
    }
    if (id >= this.dense.length) {
      const grown = new Int32Array(Math.min(PositionById.DENSE_LIMIT, Math.max(id + 1, Math.ceil(this.dense.length * 1.5)))).fill(-1);
      grown.set(this.dense);
      this.dense = grown;
    }
    this.dense[id] = position;
  }

  bytes(): number {
    return this.dense.byteLength + this.sparse.size * 32;
  }
}
