import { wordsHolding, type Bitset } from './bitset';
import type { Block, BlockStore } from './block-store';
import type { Sliced } from './slices';

/**
 * When a page walk stops going row by row (tests lower them): once it has crossed `countAfterRows`
 * rows of the order, if the set's members are fewer than the rows left over `rowsPerMember` (a row
 * costs one bit read, a member one look-up of its block). Along a numeric order a page within the
 * first `pickBelow` members left is picked instead (`BlockLocator.picking`: one value read a
 * member, where counting reads two and searches the blocks), as soon as the walk has crossed
 * `pickAfterRows` rows and the rows a pass over the set costs (`rowsPerPickedWord`,
 * `rowsPerPickedMember`): a walk that goes on costs at most about twice what either way would have.
 */
export const walkStrategy = {
  countAfterRows: 1 << 18,
  rowsPerMember: 4,
  searchedAfterRows: 1 << 21,
  rowsPerSearchedMember: 32,
  pickAfterRows: 1 << 16,
  pickBelow: 10_000,
  rowsPerPickedWord: 64,
  rowsPerPickedMember: 8,
};

/**
 * Which block of a walked sequence holds a position (undefined: none), how far a walk goes
 * before it may count by block, and how many rows it must have left per member for counting to
 * pay: a store answers in one read (`countAfterRows`, `rowsPerMember`), a numeric order by a
 * binary search of its blocks (`searchedAfterRows`, `rowsPerSearchedMember`: a walk newest first
 * that crosses the few hundred thousand rows a user cannot read must not count a large set).
 */
export interface BlockLocator {
  blockOf(position: number): Block | undefined;
  countsAfter(): { rows: number; rowsPerMember: number };
  /**
   * The first `count` members of `set` past the first `walked` blocks of the walk, in its order (a
   * numeric order's: a member's place is its value, compared with the walked blocks' bound).
   */
  picking?(set: Bitset, walked: number, descending: boolean, count: number): Sliced<number[]>;
}

/** Members of sets counted by block of one sequence, kept between walks (block-counts.ts). */
export interface BlockCounts {
  get(set: Bitset): Uint32Array | undefined;
  put(set: Bitset, counts: Uint32Array): void;
}

/** A store's locator (a name order's: the store knows each position's block). */
export const storeLocator = (store: BlockStore): BlockLocator => ({
  blockOf: (position) => store.blockHolding(position),
  countsAfter: () => ({ rows: walkStrategy.countAfterRows, rowsPerMember: walkStrategy.rowsPerMember }),
});

/**
 * What a walk keeps: a set's members, or the rows a test accepts (a staff's rating range, read
 * from the rating's column: no set made for it). Only a set's members can be counted by block.
 */
export type Members = Bitset | ((position: number) => boolean);

/**
 * One page's `members` along a sequence's `blocks` (backwards when `descending`): skips `skip`
 * of them, then puts them into `out` until it holds `wanted`; answers how many are still to skip.
 * Row by row at first. A set whose members lie far along the order — correlated with it: a last
 * name's rows along last names (24 ms at ten million rows, most of the order crossed), a search
 * sorted by the name it matches, a data source's newest rows along their dates — is then counted by
 * block through the locator (a name order's store, or a numeric order's binary search of its blocks),
 * and the walk skips whole blocks, those without a member
 * and those whose members are all to be skipped. `total`: the set's members. `kept`: counts
 * made by an earlier walk of the same set along these blocks, used from the start, and where this
 * walk's counts are kept.
 */
export function* walking(
  blocks: Block[],
  locator: BlockLocator | undefined,
  members: Members,
  total: number,
  descending: boolean,
  skip: number,
  wanted: number,
  out: number[],
  kept?: BlockCounts,
): Sliced<number> {
  let walked = 0;
  let counts = locator && typeof members !== 'function' ? kept?.get(members) : undefined;
  let pickAfter: number | undefined;
  let rows = 0;
  for (const block of blocks) rows += block.length;
  // the least a pick's pass over the set can cost, its members packed 32 to a word (below)
  const leastPick = Math.max(
    walkStrategy.pickAfterRows,
    walkStrategy.rowsPerPickedWord * Math.ceil(total / 32) + walkStrategy.rowsPerPickedMember * total,
  );
  for (let k = 0; k < blocks.length && out.length < wanted; k++) {
    if ((k & 15) === 15) yield;
    const block = blocks[descending ? blocks.length - 1 - k : k];
    if (counts && counts[block.index] <= skip) {
      skip -= counts[block.index];
      continue;
    }
    skip =
      typeof members === 'function'
        ? collectBlockWhere(block.rows, block.length, members, descending, skip, wanted, out)
        : collectBlock(block.rows, block.length, members, descending, skip, wanted, out);
    walked += block.length;
    if (counts || !locator || typeof members === 'function') continue;
    const after = locator.countsAfter();
    const need = skip + wanted - out.length;
    if (locator.picking && need <= walkStrategy.pickBelow) {
      // a shallow page, picked in a pass over the set once the walk has crossed as many rows as that
      // pass costs — a value read for each word holding members (few when they are near one another
      // by position, e.g. a data source's newest rows), a comparison for each member — if the rest
      // costs more; the words are counted (a pass of their own) only once the walk has passed the least
      // the pass can cost
      if (walked < Math.min(after.rows, leastPick)) continue;
      pickAfter ??= Math.max(
        walkStrategy.pickAfterRows,
        walkStrategy.rowsPerPickedWord * wordsHolding(members) + walkStrategy.rowsPerPickedMember * total,
      );
      if (walked < Math.min(after.rows, pickAfter) || pickAfter >= rows - walked) continue;
      const first = yield* locator.picking(members, k + 1, descending, need);
      for (let i = skip; i < first.length; i++) out.push(first[i]);
      return Math.max(0, skip - first.length);
    }
    if (walked >= after.rows && total * after.rowsPerMember < rows - walked) {
      counts = yield* countingByBlock(blocks, locator, members);
      kept?.put(members, counts);
    }
  }
  return skip;
}

/** How many members of `set` each of `blocks` holds (by its index), a set's word at a time. */
function* countingByBlock(blocks: Block[], locator: BlockLocator, set: Bitset): Sliced<Uint32Array> {
  const counts = new Uint32Array(blocks.length);
  let located = 0;
  for (let i = 0; i < set.length; i++) {
    for (let word = set[i]; word; word &= word - 1) {
      const block = locator.blockOf((i << 5) + (31 - Math.clz32(word & -word)));
      // a store is shared by the field's sequences: a member placed in another is not this one's
      if (block !== undefined && blocks[block.index] === block) counts[block.index]++;
      located++;
    }
    // a pause every 64 K words or 4 K members (a binary search each, in a numeric order)
    if ((i & 0xffff) === 0xffff || located >= 4096) {
      located = 0;
      yield;
    }
  }
  return counts;
}

/**
 * One block's part of a walk: its members of `set`, walked one way, after `skip` of them, until
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

/**
 * `collectBlock` for the rows a test accepts. The same loop on purpose: there the set's bit is read
 * inline; one loop calling a test for both would make the hottest call site polymorphic.
 */
function collectBlockWhere(
  rows: Uint32Array,
  length: number,
  accepts: (position: number) => boolean,
  descending: boolean,
  skip: number,
  wanted: number,
  out: number[],
): number {
  for (let k = 0; k < length; k++) {
    const row = rows[descending ? length - 1 - k : k];
    if (!accepts(row)) continue;
    if (skip > 0) skip--;
    else if (out.push(row) === wanted) break;
  }
  return skip;
}
