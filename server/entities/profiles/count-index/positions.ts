import { parts, type Parts } from './parts';

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

  /** For a snapshot: the dense array as it is, the map's ids and positions side by side. */
  toParts(): Parts {
    return parts({
      dense: this.dense,
      sparseIds: Float64Array.from(this.sparse.keys()),
      sparsePositions: Int32Array.from(this.sparse.values()),
    });
  }

  static fromParts(from: Parts): PositionById {
    const positions = new PositionById();
    positions.dense = from.arrays.dense as Int32Array<ArrayBuffer>;
    const ids = from.arrays.sparseIds;
    const at = from.arrays.sparsePositions;
    for (let i = 0; i < ids.length; i++) positions.sparse.set(ids[i], at[i]);
    return positions;
  }
}
