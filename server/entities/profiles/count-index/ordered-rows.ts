import type { Bitset } from './bitset';
import { whole, type Sliced } from './slices';
import { parts, type Parts } from './parts';

/**
 * Row positions in a list's order, kept in blocks of up to a thousand: a row
 * moves (one removal, one insertion) in microseconds at a million rows,
 * where one flat array would shift megabytes per change. A sequence whose
 * order is known here (numbers) finds a row by binary search; one ordered by
 * the database (names) needs a `BlockStore`, which knows the block of each
 * position, shared by the sequences of one sort field (a position is in one
 * of them at a time).
 */
const BLOCK_SIZE = 1024; // a full block splits in two
const LOADED_FILL = 896; // blocks as first loaded: room for changes before the first splits

interface Block {
  rows: Uint32Array;
  length: number;
  /** its place in its sequence's `blocks` */
  index: number;
  id: number;
}

/** Which block holds each position, for the sequences of one sort field ordered by the database. */
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

  register(block: Block): void {
    block.id = this.freeIds.pop() ?? this.byId.length;
    this.byId[block.id] = block;
    for (let i = 0; i < block.length; i++) this.blockOf[block.rows[i]] = block.id;
  }

  free(block: Block): void {
    this.byId[block.id] = undefined;
    this.freeIds.push(block.id);
  }

  bytes(): number {
    return this.blockOf.byteLength;
  }

  /** For a snapshot: which block holds each position (the blocks come with their sequences). */
  toParts(): Parts {
    return parts({ blockOf: this.blockOf });
  }

  /** A store whose blocks are then given back by `OrderedRows.fromParts` (`adopt`), then `settle`. */
  static fromParts(from: Parts): BlockStore {
    const store = new BlockStore(0);
    store.blockOf = from.arrays.blockOf as Int32Array;
    return store;
  }

  /** A block read from a snapshot, under the id it had (`blockOf` already says so). */
  adopt(block: Block): void {
    this.byId[block.id] = block;
  }

  /** Once every block is adopted: the ids between them are free again. */
  settle(): void {
    this.freeIds.length = 0;
    for (let id = this.byId.length - 1; id >= 0; id--) if (!this.byId[id]) this.freeIds.push(id);
  }
}

export class OrderedRows {
  private blocks: Block[] = [];
  size = 0;

  /** `store`: rows are found by position (insertAfter, remove); without one, by order (removeSorted) */
  constructor(private readonly store?: BlockStore) {}

  /** A sequence of these positions, in this order. */
  static from(positions: ArrayLike<number>, store?: BlockStore): OrderedRows {
    return whole(OrderedRows.building(positions, store));
  }

  /** `from`, pausing every 64 blocks. */
  static *building(positions: ArrayLike<number>, store?: BlockStore): Sliced<OrderedRows> {
    const rows = new OrderedRows(store);
    for (let start = 0; start < positions.length; start += LOADED_FILL) {
      if ((rows.blocks.length & 63) === 63) yield;
      const length = Math.min(LOADED_FILL, positions.length - start);
      const block: Block = { rows: new Uint32Array(BLOCK_SIZE), length, index: rows.blocks.length, id: -1 };
      for (let i = 0; i < length; i++) block.rows[i] = positions[start + i];
      store?.register(block);
      rows.blocks.push(block);
    }
    rows.size = positions.length;
    return rows;
  }

  has(position: number): boolean {
    const store = this.needStore();
    const id = store.blockOf[position];
    return id >= 0 && this.blocks[store.byId[id]!.index]?.id === id;
  }

  /** A number that grows along the sequence (for sorting a few members by it). */
  rankOf(position: number): number {
    const store = this.needStore();
    const block = store.byId[store.blockOf[position]]!;
    return block.index * BLOCK_SIZE + block.rows.subarray(0, block.length).indexOf(position);
  }

  /** Takes the position out (false when it is not in this sequence). */
  remove(position: number): boolean {
    if (!this.has(position)) return false;
    const block = this.needStore().byId[this.needStore().blockOf[position]]!;
    this.removeAt(block, block.rows.subarray(0, block.length).indexOf(position));
    return true;
  }

  /** Takes the position out, found where `before` places it (false when it is not there). */
  removeSorted(position: number, before: (a: number, b: number) => boolean): boolean {
    const [blockIndex, offset] = this.place(position, before);
    const block = this.blocks[blockIndex];
    if (!block || block.rows[offset] !== position || offset >= block.length) return false;
    this.removeAt(block, offset);
    return true;
  }

  /** Puts the position right after `previous` (a member), or first when `previous` is -1. */
  insertAfter(previous: number, position: number): void {
    if (previous < 0) {
      this.insertAt(0, 0, position);
      return;
    }
    if (!this.has(previous)) throw new Error(`position ${previous} is not in this order`);
    const block = this.needStore().byId[this.needStore().blockOf[previous]]!;
    this.insertAt(block.index, block.rows.subarray(0, block.length).indexOf(previous) + 1, position);
  }

  /** Puts the position where `before(a, b)` (a strict order of positions) says it belongs. */
  insertSorted(position: number, before: (a: number, b: number) => boolean): void {
    const [blockIndex, offset] = this.place(position, before);
    this.insertAt(blockIndex, offset, position);
  }

  /** Where the position belongs: the block and offset of the first member that does not come before it. */
  private place(position: number, before: (a: number, b: number) => boolean): [number, number] {
    let low = 0;
    let high = this.blocks.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const block = this.blocks[middle];
      if (before(block.rows[block.length - 1], position)) low = middle + 1;
      else high = middle;
    }
    if (low === this.blocks.length) return low === 0 ? [0, 0] : [low - 1, this.blocks[low - 1].length];
    const block = this.blocks[low];
    let from = 0;
    let to = block.length;
    while (from < to) {
      const middle = (from + to) >>> 1;
      if (before(block.rows[middle], position)) from = middle + 1;
      else to = middle;
    }
    return [low, from];
  }

  /**
   * Walks the sequence (backwards when `descending`) and puts the members of
   * `set` into `out`, after skipping `skip` of them, until `out` holds
   * `wanted`; answers how many are still to skip.
   */
  collect(set: Bitset, descending: boolean, skip: number, wanted: number, out: number[]): number {
    return whole(this.collecting(set, descending, skip, wanted, out));
  }

  /** `collect`, pausing every 16 blocks (a sparse set's page may be millions of rows away). */
  *collecting(set: Bitset, descending: boolean, skip: number, wanted: number, out: number[]): Sliced<number> {
    const blocks = this.blocks;
    for (let k = 0; k < blocks.length && out.length < wanted; k++) {
      if ((k & 15) === 15) yield;
      const { rows, length } = blocks[descending ? blocks.length - 1 - k : k];
      skip = collectBlock(rows, length, set, descending, skip, wanted, out);
    }
    return skip;
  }

  /** Every member in order (tests and checks). */
  toArray(): number[] {
    return this.blocks.flatMap((block) => Array.from(block.rows.subarray(0, block.length)));
  }

  private insertAt(blockIndex: number, offset: number, position: number): void {
    if (this.blocks.length === 0) {
      const block: Block = { rows: new Uint32Array(BLOCK_SIZE), length: 0, index: 0, id: -1 };
      this.store?.register(block);
      this.blocks.push(block);
    }
    const block = this.blocks[blockIndex];
    block.rows.copyWithin(offset + 1, offset, block.length);
    block.rows[offset] = position;
    block.length++;
    this.size++;
    if (this.store) this.store.blockOf[position] = block.id;
    if (block.length === block.rows.length) this.split(block);
  }

  private removeAt(block: Block, offset: number): void {
    const position = block.rows[offset];
    block.rows.copyWithin(offset, offset + 1, block.length);
    block.length--;
    this.size--;
    if (this.store) this.store.blockOf[position] = -1;
    if (block.length === 0) {
      this.blocks.splice(block.index, 1);
      this.renumber(block.index);
      this.store?.free(block);
    }
  }

  private split(block: Block): void {
    const half = block.length >>> 1;
    const moved: Block = { rows: new Uint32Array(BLOCK_SIZE), length: block.length - half, index: block.index + 1, id: -1 };
    moved.rows.set(block.rows.subarray(half, block.length));
    this.store?.register(moved);
    block.length = half;
    this.blocks.splice(block.index + 1, 0, moved);
    this.renumber(block.index + 2);
  }

  private renumber(from: number): void {
    for (let i = from; i < this.blocks.length; i++) this.blocks[i].index = i;
  }

  private needStore(): BlockStore {
    if (!this.store) throw new Error('this order finds rows by their place, not by position');
    return this.store;
  }

  bytes(): number {
    return this.blocks.length * BLOCK_SIZE * 4;
  }

  /**
   * For a snapshot: the blocks one after the other, each whole (room for the rows it may
   * take), with their lengths and store ids. A copy: the blocks live apart.
   */
  toParts(): Parts {
    const rows = new Uint32Array(this.blocks.length * BLOCK_SIZE);
    const lengths = new Uint16Array(this.blocks.length);
    const ids = new Int32Array(this.blocks.length);
    this.blocks.forEach((block, b) => {
      rows.set(block.rows, b * BLOCK_SIZE);
      lengths[b] = block.length;
      ids[b] = block.id;
    });
    return parts({ rows, lengths, ids }, { size: this.size });
  }

  /** The sequence of `toParts`: its blocks are views of the one array read (no copy per row). */
  static fromParts(from: Parts, store?: BlockStore): OrderedRows {
    const sequence = new OrderedRows(store);
    const { rows, lengths, ids } = from.arrays;
    for (let b = 0; b < lengths.length; b++) {
      const block: Block = {
        rows: (rows as Uint32Array).subarray(b * BLOCK_SIZE, (b + 1) * BLOCK_SIZE),
        length: lengths[b],
        index: b,
        id: ids[b],
      };
      store?.adopt(block);
      sequence.blocks.push(block);
    }
    sequence.size = from.values.size as number;
    return sequence;
  }
}

/**
 * One block's part of `collect`: its members of `set`, walked one way, after `skip` of them, until
 * `out` holds `wanted`; answers how many are still to skip. A plain function: V8 optimizes a hot
 * loop inside a generator less well.
 */
function collectBlock(
  rows: Uint32Array,
  length: number,
  set: Bitset,
  descending: boolean,
  skip: number,
  wanted: number,
  out: number[],
): number {
  for (let k = 0; k < length; k++) {
    const row = rows[descending ? length - 1 - k : k];
    if ((set[row >>> 5] & (1 << (row & 31))) === 0) continue;
    if (skip > 0) skip--;
    else if (out.push(row) === wanted) break;
  }
  return skip;
}
