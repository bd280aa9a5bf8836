import type { Bitset } from './bitset';
import type { BlockStore, Block } from './block-store';
import { whole, type Sliced } from './slices';
import { parts, type Parts } from './parts';
import { storeLocator, walking, type BlockCounts, type BlockLocator, type Members } from './page-walk';
import { searchLocator } from './search-locator';
import { SequenceEdits } from './block-counts';

export { BlockStore } from './block-store';

/**
 * Row positions in a list's order, kept in blocks of up to a thousand: a row
 * moves (one removal, one insertion) in microseconds at a million rows,
 * where one flat array would shift megabytes per change. A sequence whose
 * order is known here (numbers) finds a row by binary search; one ordered by
 * the database (names) needs a `BlockStore`, which knows the block of each
 * position, shared by the sequences of one sort field (a position is in one
 * of them at a time). A block's array has room for a few more rows than it
 * holds (it grows by `ROOM` rows, a copy of at most 4 KB): the orders cost
 * about four bytes a row, not the 1,024 slots of every block.
 */
const BLOCK_SIZE = 1024; // a full block splits in two
const LOADED_FILL = 960; // blocks as first loaded: room for changes before the first splits
const ROOM = 64;

export class OrderedRows {
  private blocks: Block[] = [];
  size = 0;
  /** the array read from a snapshot that blocks still view (until most have moved out of it), and how many do */
  private shared?: { array: Uint32Array; views: number };
  /** the blocks rows left or entered, for the counts by block kept across changes (block-counts.ts) */
  readonly edits = new SequenceEdits();

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
      const block: Block = { rows: new Uint32Array(length), length, index: rows.blocks.length, id: -1 };
      for (let i = 0; i < length; i++) block.rows[i] = positions[start + i];
      store?.register(block);
      rows.blocks.push(block);
    }
    rows.size = positions.length;
    return rows;
  }

  has(position: number): boolean {
    const store = this.needStore();
    const block = store.blockHolding(position);
    return block !== undefined && this.blocks[block.index] === block;
  }

  /** A number that grows along the sequence (for sorting a few members by it). */
  rankOf(position: number): number {
    const block = this.needStore().blockHolding(position)!;
    return block.index * BLOCK_SIZE + block.rows.subarray(0, block.length).indexOf(position);
  }

  /** Takes the position out (false when it is not in this sequence). */
  remove(position: number): boolean {
    if (!this.has(position)) return false;
    const block = this.needStore().blockHolding(position)!;
    this.removeAt(block, block.rows.subarray(0, block.length).indexOf(position));
    return true;
  }

  /** Takes the position out, found where `before` places it (false when it is not there). */
  removeSorted(position: number, before: (a: number, b: number) => boolean): boolean {
    const [blockIndex, offset] = this.locate((member) => before(member, position));
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
    const block = this.needStore().blockHolding(previous)!;
    this.insertAt(block.index, block.rows.subarray(0, block.length).indexOf(previous) + 1, position);
  }

  /** Puts the position where `before(a, b)` (a strict order of positions) says it belongs. */
  insertSorted(position: number, before: (a: number, b: number) => boolean): void {
    const [blockIndex, offset] = this.locate((member) => before(member, position));
    this.insertAt(blockIndex, offset, position);
  }

  /**
   * Sets in `out` the members from the first that `before` does not hold for up to the
   * first that `within` does not hold for (both hold for a start of the sequence, then no
   * more: a run of it, e.g. the rows of a rating range), pausing every 16 blocks.
   */
  *marking(before: (position: number) => boolean, within: (position: number) => boolean, out: Bitset, clear = false): Sliced<void> {
    const [firstBlock, firstOffset] = this.locate(before);
    const [endBlock, endOffset] = this.locate(within);
    for (let b = firstBlock; b <= endBlock && b < this.blocks.length; b++) {
      const { rows, length } = this.blocks[b];
      (clear ? clearRows : markRows)(rows, b === firstBlock ? firstOffset : 0, b === endBlock ? endOffset : length, out);
      if (((b - firstBlock) & 15) === 15) yield;
    }
  }

  /** How many members the run `marking` would mark holds (two binary searches and its blocks' lengths). */
  runLength(before: (position: number) => boolean, within: (position: number) => boolean): number {
    const [firstBlock, firstOffset] = this.locate(before);
    const [endBlock, endOffset] = this.locate(within);
    if (endBlock < firstBlock || (endBlock === firstBlock && endOffset <= firstOffset)) return 0;
    let rows = endOffset - firstOffset;
    for (let b = firstBlock; b < endBlock; b++) rows += this.blocks[b].length;
    return rows;
  }

  /** The block and offset of the first member `before` does not hold for (it holds for a start of the sequence only). */
  private locate(before: (position: number) => boolean): [number, number] {
    let low = 0;
    let high = this.blocks.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const block = this.blocks[middle];
      if (before(block.rows[block.length - 1])) low = middle + 1;
      else high = middle;
    }
    if (low === this.blocks.length) return low === 0 ? [0, 0] : [low - 1, this.blocks[low - 1].length];
    const block = this.blocks[low];
    let from = 0;
    let to = block.length;
    while (from < to) {
      const middle = (from + to) >>> 1;
      if (before(block.rows[middle])) from = middle + 1;
      else to = middle;
    }
    return [low, from];
  }

  /**
   * Walks the sequence (backwards when `descending`) and puts the members of
   * `set` (or the rows a test accepts) into `out`, after skipping `skip` of them, until `out` holds
   * `wanted`; answers how many are still to skip.
   */
  collect(set: Members, descending: boolean, skip: number, wanted: number, out: number[], total = Infinity): number {
    return whole(this.collecting(set, descending, skip, wanted, out, total));
  }

  /**
   * `collect`, pausing every 16 blocks (a sparse set's page may be millions of rows away): page-walk.ts. `total`: the set's members.
   * `run`: every member lies in the run of the sequence from the first member `run.before` does not hold for up to the first
   * `run.within` does not hold for (as in `marking`: a rating range's rows along that rating) — the walk crosses only its blocks.
   * `locator`: where a member lies, for a sequence without a store (`searchLocator`); `kept`: counts by block kept between walks.
   */
  *collecting(
    members: Members,
    descending: boolean,
    skip: number,
    wanted: number,
    out: number[],
    total = Infinity,
    run?: { before: (position: number) => boolean; within: (position: number) => boolean },
    locator?: BlockLocator,
    kept?: BlockCounts,
  ): Sliced<number> {
    if (!run)
      return yield* walking(
        this.blocks,
        this.store ? storeLocator(this.store) : locator,
        members,
        total,
        descending,
        skip,
        wanted,
        out,
        kept,
      );
    // the run's first and last blocks whole (their rows outside it are no members); no counting by
    // block (it numbers blocks in the whole sequence): a run is of a numeric order, which has no store
    const [first] = this.locate(run.before);
    const [end] = this.locate(run.within);
    return yield* walking(this.blocks.slice(first, end + 1), undefined, members, total, descending, skip, wanted, out);
  }

  /** Where a position lies in this sequence when it has no store (search-locator.ts). */
  searchLocator(key: (position: number) => number, tie: (position: number) => number, holds: (position: number) => boolean): BlockLocator {
    return searchLocator(this.blocks, key, tie, holds);
  }

  /** Every member in order (tests and checks). */
  toArray(): number[] {
    return this.blocks.flatMap((block) => Array.from(block.rows.subarray(0, block.length)));
  }

  private insertAt(blockIndex: number, offset: number, position: number): void {
    if (this.blocks.length === 0) {
      const block: Block = { rows: new Uint32Array(ROOM), length: 0, index: 0, id: -1 };
      this.store?.register(block);
      this.blocks.push(block);
    }
    const block = this.blocks[blockIndex];
    if (block.length === block.rows.length) this.moveRows(block, Math.min(BLOCK_SIZE, block.length + ROOM));
    block.rows.copyWithin(offset + 1, offset, block.length);
    block.rows[offset] = position;
    block.length++;
    this.size++;
    this.store?.place(position, block.id);
    this.edits.touch(block);
    if (block.length === BLOCK_SIZE) this.split(block);
  }

  private removeAt(block: Block, offset: number): void {
    const position = block.rows[offset];
    block.rows.copyWithin(offset, offset + 1, block.length);
    block.length--;
    this.size--;
    this.store?.place(position, -1);
    this.edits.touch(block);
    if (block.length === 0) {
      this.edits.relayout();
      this.leaveShared(block);
      this.blocks.splice(block.index, 1);
      this.renumber(block.index);
      this.store?.free(block);
    }
  }

  /** Two halves, each in an array of its own with room to grow. */
  private split(block: Block): void {
    const half = block.length >>> 1;
    const moved: Block = { rows: new Uint32Array(block.length - half + ROOM), length: block.length - half, index: block.index + 1, id: -1 };
    moved.rows.set(block.rows.subarray(half, block.length));
    this.store?.register(moved);
    block.length = half;
    this.moveRows(block, half + ROOM);
    this.blocks.splice(block.index + 1, 0, moved);
    this.renumber(block.index + 2);
    this.edits.relayout();
  }

  /** The block's rows into an array of its own of `room` rows. */
  private moveRows(block: Block, room: number): void {
    const rows = new Uint32Array(room);
    rows.set(block.rows.subarray(0, block.length));
    this.leaveShared(block);
    block.rows = rows;
  }

  /** A block stops viewing the array read from a snapshot: once fewer than half do, the rest move out and it is let go. */
  private leaveShared(block: Block): void {
    const shared = this.shared;
    if (!shared || block.rows.buffer !== shared.array.buffer) return;
    block.rows = block.rows.slice(0, block.length);
    if (--shared.views * 2 >= this.blocks.length) return;
    this.shared = undefined;
    for (const other of this.blocks) if (other.rows.buffer === shared.array.buffer) other.rows = other.rows.slice(0, other.length);
  }

  private renumber(from: number): void {
    for (let i = from; i < this.blocks.length; i++) this.blocks[i].index = i;
  }

  private needStore(): BlockStore {
    if (!this.store) throw new Error('this order finds rows by their place, not by position');
    return this.store;
  }

  bytes(): number {
    let total = this.shared?.array.byteLength ?? 0;
    for (const block of this.blocks) if (block.rows.buffer !== this.shared?.array.buffer) total += block.rows.byteLength;
    return total;
  }

  /** For a snapshot: the blocks' rows one after the other, with their lengths and store ids (a copy: the blocks live apart). */
  toParts(): Parts {
    return whole(this.partsSteps());
  }

  /** `toParts` in steps: ten million rows take ~50 ms to copy, a million at a time. */
  *partsSteps(): Sliced<Parts> {
    const rows = new Uint32Array(this.size);
    const lengths = new Uint16Array(this.blocks.length);
    const ids = new Int32Array(this.blocks.length);
    let at = 0;
    let copied = 0;
    for (let b = 0; b < this.blocks.length; b++) {
      const block = this.blocks[b];
      rows.set(block.rows.subarray(0, block.length), at);
      at += block.length;
      lengths[b] = block.length;
      ids[b] = block.id;
      copied += block.length;
      if (copied >= 1 << 20) {
        copied = 0;
        yield;
      }
    }
    return parts({ rows, lengths, ids }, { size: this.size });
  }

  /** The sequence of `toParts`: its blocks are views of the one array read (no copy per row) until they change. */
  static fromParts(from: Parts, store?: BlockStore): OrderedRows {
    const sequence = new OrderedRows(store);
    const { rows, lengths, ids } = from.arrays as { rows: Uint32Array; lengths: Uint16Array; ids: Int32Array };
    let at = 0;
    for (let b = 0; b < lengths.length; b++) {
      const block: Block = { rows: rows.subarray(at, at + lengths[b]), length: lengths[b], index: b, id: ids[b] };
      at += lengths[b];
      store?.adopt(block);
      sequence.blocks.push(block);
    }
    sequence.size = from.values.size as number;
    if (lengths.length) sequence.shared = { array: rows, views: lengths.length };
    return sequence;
  }
}

/** Sets in `out` the rows rows[from .. to). */
function markRows(rows: Uint32Array, from: number, to: number, out: Bitset): void {
  for (let i = from; i < to; i++) out[rows[i] >>> 5] |= 1 << (rows[i] & 31);
}

function clearRows(rows: Uint32Array, from: number, to: number, out: Bitset): void {
  for (let i = from; i < to; i++) out[rows[i] >>> 5] &= ~(1 << (rows[i] & 31));
}
