import { inPlaceParts, parts, type Parts } from './parts';

/** A run of a sequence's rows (ordered-rows.ts). */
export interface Block {
  /** its rows are rows[0 .. length) (the array may have room for more) */
  rows: Uint32Array;
  length: number;
  /** its place in its sequence's `blocks` */
  index: number;
  id: number;
}

/**
 * Which block holds each position, for the sequences of one sort field ordered by the
 * database (a position is in one of them at a time). A block id + 1 per position (0: none),
 * in two bytes while there are fewer than 65,535 blocks (a block holds 512–1,024 rows: some
 * thirty million rows), four beyond.
 */
export class BlockStore {
  private blockOf: Uint16Array | Uint32Array;
  readonly byId: (Block | undefined)[] = [];
  private readonly freeIds: number[] = [];

  constructor(capacity: number) {
    this.blockOf = new Uint16Array(capacity);
  }

  /** The id of the block holding `position` (-1: none). */
  idOf(position: number): number {
    return this.blockOf[position] - 1;
  }

  /** The block holding `position`, if any. */
  blockHolding(position: number): Block | undefined {
    const id = this.blockOf[position] - 1;
    return id < 0 ? undefined : this.byId[id];
  }

  /** `position` is now in block `id` (-1: in none). */
  place(position: number, id: number): void {
    this.blockOf[position] = id + 1;
  }

  /** Room for exactly `capacity` positions (more, or fewer: none past them is in a block). */
  resize(capacity: number): void {
    if (capacity === this.blockOf.length) return;
    const sized = this.blockOf instanceof Uint16Array ? new Uint16Array(capacity) : new Uint32Array(capacity);
    sized.set(this.blockOf.subarray(0, Math.min(capacity, this.blockOf.length)));
    this.blockOf = sized;
  }

  register(block: Block): void {
    block.id = this.freeIds.pop() ?? this.byId.length;
    if (block.id + 1 > 0xffff && this.blockOf instanceof Uint16Array) this.blockOf = Uint32Array.from(this.blockOf);
    this.byId[block.id] = block;
    for (let i = 0; i < block.length; i++) this.blockOf[block.rows[i]] = block.id + 1;
  }

  free(block: Block): void {
    this.byId[block.id] = undefined;
    this.freeIds.push(block.id);
  }

  bytes(): number {
    return this.blockOf.byteLength;
  }

  /** For a snapshot: which block holds each position (the blocks come with their sequences; changed in place). */
  toParts(): Parts {
    return inPlaceParts(parts({ blockOf: this.blockOf }));
  }

  /** A store whose blocks are then given back by `OrderedRows.fromParts` (`adopt`), then `settle`. */
  static fromParts(from: Parts): BlockStore {
    const store = new BlockStore(0);
    store.blockOf = from.arrays.blockOf as Uint16Array | Uint32Array;
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
