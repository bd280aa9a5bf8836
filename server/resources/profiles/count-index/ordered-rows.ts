import type { Bitset } from './bitset';

/**
 * Row positions in a list's order, kept in blocks of a few hundred: a row
 * moves (one removal, one insertion) in microseconds at a million rows,
 * where one flat array would shift megabytes per change. `BlockStore` knows
 * which block holds each position, shared by the sequences of one sort field
 * (a position is in one of them at a time).
 */
const BLOCK = 512; // a block splits in two when it reaches twice this

interface Block {
  rows: Uint32Array;
  length: number;
  /** its place in its sequence's `blocks` */
  index: number;
  id: number;
}

export class BlockStore {
  /** position → id of the block holding it (-1: none) */
  blockOf: Int32Array;
  readonly byId: (Block | undefined)[] = [];
  private readonly freeIds: number[] = [];

  constructor(capacity: number) {
    this.blockOf = new Int32Array(capacity).fill(-1);
  }

  grow(capacity: number): void {
    if (capacity <= this.blockOf.length) return;
    const grown = new Int32Array(capacity).fill(-1);
    grown.set(this.blockOf);
    this.blockOf = grown;
  }

  newBlock(rows: Uint32Array, length: number, index: number): Block {
    const id = this.freeIds.pop() ?? this.byId.length;
    const block = { rows, length, index, id };
    this.byId[id] = block;
    for (let i = 0; i < length; i++) this.blockOf[rows[i]] = id;
    return block;
  }

  free(block: Block): void {
    this.byId[block.id] = undefined;
    this.freeIds.push(block.id);
  }

  bytes(): number {
    let total = this.blockOf.byteLength;
    for (const block of this.byId) total += block ? block.rows.byteLength : 0;
    return total;
  }
}

export class OrderedRows {
  private blocks: Block[] = [];
  size = 0;

  constructor(private readonly store: BlockStore) {}

  /** A sequence of these positions, in this order. */
  static from(store: BlockStore, positions: ArrayLike<number>): OrderedRows {
    const rows = new OrderedRows(store);
    for (let start = 0; start < positions.length; start += BLOCK) {
      const length = Math.min(BLOCK, positions.length - start);
      const block = new Uint32Array(2 * BLOCK);
      for (let i = 0; i < length; i++) block[i] = positions[start + i];
      rows.blocks.push(store.newBlock(block, length, rows.blocks.length));
    }
    rows.size = positions.length;
    return rows;
  }

  has(position: number): boolean {
    const id = this.store.blockOf[position];
    return id >= 0 && this.blocks[this.store.byId[id]!.index]?.id === id;
  }

  /** Takes the position out (false when it is not in this sequence). */
  remove(position: number): boolean {
    if (!this.has(position)) return false;
    const block = this.store.byId[this.store.blockOf[position]]!;
    const at = block.rows.subarray(0, block.length).indexOf(position);
    block.rows.copyWithin(at, at + 1, block.length);
    block.length--;
    this.size--;
    this.store.blockOf[position] = -1;
    if (block.length === 0) {
      this.blocks.splice(block.index, 1);
      this.renumber(block.index);
      this.store.free(block);
    }
    return true;
  }

  /** Puts the position right after `previous` (a member), or first when `previous` is -1. */
  insertAfter(previous: number, position: number): void {
    if (previous < 0) {
      this.insertAt(0, 0, position);
      return;
    }
    if (!this.has(previous)) throw new Error(`position ${previous} is not in this order`);
    const block = this.store.byId[this.store.blockOf[previous]]!;
    this.insertAt(block.index, block.rows.subarray(0, block.length).indexOf(previous) + 1, position);
  }

  /** Puts the position where `before(a, b)` (a strict order of positions) says it belongs. */
  insertSorted(position: number, before: (a: number, b: number) => boolean): void {
    // the first block whose last member does not come before the position
    let low = 0;
    let high = this.blocks.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const block = this.blocks[middle];
      if (before(block.rows[block.length - 1], position)) low = middle + 1;
      else high = middle;
    }
    if (low === this.blocks.length) {
      const last = this.blocks[low - 1];
      this.insertAt(low - 1 < 0 ? 0 : low - 1, last ? last.length : 0, position);
      return;
    }
    const block = this.blocks[low];
    let from = 0;
    let to = block.length;
    while (from < to) {
      const middle = (from + to) >>> 1;
      if (before(block.rows[middle], position)) from = middle + 1;
      else to = middle;
    }
    this.insertAt(low, from, position);
  }

  /**
   * Walks the sequence (backwards when `descending`) and puts the members of
   * `set` into `out`, after skipping `skip` of them, until `out` holds
   * `wanted`; answers how many are still to skip.
   */
  collect(set: Bitset, descending: boolean, skip: number, wanted: number, out: number[]): number {
    const blocks = this.blocks;
    if (!descending) {
      for (let b = 0; b < blocks.length && out.length < wanted; b++) {
        const { rows, length } = blocks[b];
        for (let i = 0; i < length; i++) {
          const row = rows[i];
          if ((set[row >>> 5] & (1 << (row & 31))) === 0) continue;
          if (skip > 0) skip--;
          else if (out.push(row) === wanted) break;
        }
      }
    } else {
      for (let b = blocks.length - 1; b >= 0 && out.length < wanted; b--) {
        const { rows, length } = blocks[b];
        for (let i = length - 1; i >= 0; i--) {
          const row = rows[i];
          if ((set[row >>> 5] & (1 << (row & 31))) === 0) continue;
          if (skip > 0) skip--;
          else if (out.push(row) === wanted) break;
        }
      }
    }
    return skip;
  }

  /** Every member in order (tests and checks). */
  toArray(): number[] {
    return this.blocks.flatMap((block) => Array.from(block.rows.subarray(0, block.length)));
  }

  private insertAt(blockIndex: number, offset: number, position: number): void {
    if (this.blocks.length === 0) {
      this.blocks.push(this.store.newBlock(new Uint32Array(2 * BLOCK), 0, 0));
    }
    const block = this.blocks[blockIndex];
    block.rows.copyWithin(offset + 1, offset, block.length);
    block.rows[offset] = position;
    block.length++;
    this.size++;
    this.store.blockOf[position] = block.id;
    if (block.length === block.rows.length) this.split(block);
  }

  private split(block: Block): void {
    const half = block.length >>> 1;
    const moved = new Uint32Array(2 * BLOCK);
    moved.set(block.rows.subarray(half, block.length));
    const next = this.store.newBlock(moved, block.length - half, block.index + 1);
    block.length = half;
    this.blocks.splice(block.index + 1, 0, next);
    this.renumber(block.index + 2);
  }

  private renumber(from: number): void {
    for (let i = from; i < this.blocks.length; i++) this.blocks[i].index = i;
  }
}
