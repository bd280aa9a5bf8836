import { add, has, remove, type Bitset } from './bitset';
import { whole, type Sliced } from './slices';
import { releaseSet } from './set-pool';

/** The rows a catch-up changed: their positions, and the new search documents of those whose document changed. */
export interface ChangedRows {
  positions: ArrayLike<number>;
  /** position → its document now (undefined: the row is gone), for the rows whose document changed or that came or went */
  documents: ReadonlyMap<number, string | undefined>;
}

/** Whether the row at a position is in a remembered set now (after a change): each set's own predicate. */
export type RowTest = (position: number, changed: ChangedRows) => boolean;

/** A set's test and what it reads: the remembered sets (keys) it needs to answer (a term's rows: term-test.ts). */
export interface SetTest {
  test: RowTest;
  /** the test once this set is corrected (its own bit: what a whole filter reads of a term's set) */
  corrected?: RowTest;
  needs?: string[];
}

/** At most this many row tests per catch-up (sets × changed rows); past it the sets are dropped. */
const MAX_CORRECTION_TESTS = 1_000_000;

/**
 * Sets the index computed — the union of a viewer's readable sources, a gender,
 * a rating range, a search term's rows, a whole filter's matches — the least
 * recently used dropped past a byte budget. A page turn, the next viewer with
 * the same sources or the same slider then costs a lookup instead of a pass
 * over every row. When the index moves, each set that knows its predicate on
 * one row (`RowTest`) is corrected for the changed rows (`correct`), the others
 * are dropped. A test may read other remembered sets (`needs`: a term's rows,
 * whose documents the index does not keep): a set whose needs are gone is
 * dropped, and asking for it keeps them as recently used as it. A remembered
 * set is shared: callers never change one.
 */
interface Entry extends Partial<SetTest> {
  set: Bitset;
  count?: number;
  /** how many times it was asked for (made or found): the most used are warmed first after a restart */
  uses: number;
  /** what asked for it, when that can be asked again to make it (a whole filter's request: warming.ts) */
  origin?: unknown;
}

/** A remembered set's origin and how many times it was used (the keys written beside the snapshot). */
export interface UsedOrigin {
  origin: unknown;
  uses: number;
}

export class RememberedSets {
  private readonly sets = new Map<string, Entry>();
  private held = 0;
  private readonly budget: () => number;

  /** `budget` in bytes, or asked at each `put` (the index's follows its rows: `rememberedBudget`). */
  constructor(budget: number | (() => number)) {
    this.budget = typeof budget === 'number' ? () => budget : budget;
  }

  /**
   * The set under `key`, if it is remembered. `asPart`: read to make another set, which keeps it
   * recently used but is not a use of its own (a list of that part alone counts its askings).
   */
  get(key: string, asPart = false): Bitset | undefined {
    return this.touch(key, !asPart)?.set;
  }

  /** The set under `key` and its number of members, if both are remembered. */
  counted(key: string): { set: Bitset; count: number } | undefined {
    if (this.sets.get(key)?.count === undefined) return undefined; // not an asking of it: it is made next
    return this.touch(key) as { set: Bitset; count: number };
  }

  /**
   * Remembers `set` under `key` (with its number of members, when known) and
   * answers it. Sets are made in slices, so two reads may make the same one:
   * the later replaces the earlier.
   */
  put(key: string, set: Bitset, count?: number, test?: SetTest, origin?: UsedOrigin): Bitset {
    const before = this.sets.get(key);
    const uses = (before?.uses ?? 0) + (origin?.uses ?? 1);
    this.forget(key, before?.set === set); // a list of one part remembers its part's set again, counted
    const budget = this.budget();
    if (set.byteLength > budget) return set;
    this.sets.set(key, { set, count, ...test, uses, origin: origin?.origin });
    this.held += set.byteLength;
    while (this.held > budget) this.forget(this.sets.keys().next().value!);
    return set;
  }

  /** Whether a set is remembered under `key` (without making it the most recently used). */
  holds(key: string): boolean {
    return this.sets.has(key);
  }

  /** How many bytes more the budget allows now. */
  room(): number {
    return this.budget() - this.held;
  }

  /**
   * The origins of the sets that have one, with their uses: the most used first, among equals the
   * most recently used first (what a restarted index warms first, within its budget).
   */
  origins(): UsedOrigin[] {
    const entries = [...this.sets.values()].reverse(); // most recently used first
    return entries
      .filter((entry) => entry.origin !== undefined)
      .map((entry, order) => ({ entry, order }))
      .sort((a, b) => b.entry.uses - a.entry.uses || a.order - b.order)
      .map(({ entry }) => ({ origin: entry.origin, uses: entry.uses }));
  }

  /** The set under `key`, if it is remembered, without making it the most recently used (a test reading it). */
  peek(key: string): Bitset | undefined {
    return this.sets.get(key)?.set;
  }

  /**
   * Brings every set (and its count) to the rows as they are after a change of the rows at
   * `changed.positions` (all within every set's length): each changed row's bit set or cleared by
   * its set's test; a set without a test, or whose needs are gone, is dropped, all of them past
   * MAX_CORRECTION_TESTS.
   */
  correct(changed: ChangedRows): void {
    whole(this.correcting(changed));
  }

  /** `correct` in slices (a set at a time: within a change's write). */
  *correcting(changed: ChangedRows): Sliced<void> {
    const { positions } = changed;
    if (positions.length === 0) return;
    if (positions.length * this.sets.size > MAX_CORRECTION_TESTS) return this.clear();
    // the sets others read (a term's rows) first: a whole filter's test reads them corrected
    const readsOthers = ([key, entry]: [string, Entry]) => (entry.needs?.some((need) => need !== key) ? 1 : 0);
    for (const [key, entry] of [...this.sets].sort((a, b) => readsOthers(a) - readsOthers(b))) {
      yield;
      if (!entry.test || entry.needs?.some((need) => !this.sets.has(need))) {
        this.forget(key);
        continue;
      }
      for (let i = 0; i < positions.length; i++) {
        const position = positions[i];
        const now = entry.test(position, changed);
        if (now === has(entry.set, position)) continue;
        if (now) add(entry.set, position);
        else remove(entry.set, position);
        if (entry.count !== undefined) entry.count += now ? 1 : -1;
      }
    }
  }

  clear(): void {
    for (const { set } of this.sets.values()) releaseSet(set);
    this.sets.clear();
    this.held = 0;
  }

  bytes(): number {
    return this.held;
  }

  /** The entry under `key`, now the most recently used. */
  private touch(key: string, used = true): Entry | undefined {
    const found = this.sets.get(key);
    if (found) {
      if (used) found.uses++;
      for (const need of found.needs ?? []) if (need !== key) this.touch(need, false);
      this.sets.delete(key); // most recently used last
      this.sets.set(key, found);
    }
    return found;
  }

  /** Drops the set under `key`, its memory given back (set-pool.ts) unless `kept`. */
  private forget(key: string, kept = false): void {
    const found = this.sets.get(key);
    if (!found) return;
    this.sets.delete(key);
    this.held -= found.set.byteLength;
    if (!kept) releaseSet(found.set);
  }
}

/**
 * The remembered sets' budget for an index of `capacity` rows: 32 bytes a row (256 sets' worth: a set is a
 * bit a row), 32 MB at the least — at a million rows the whole profiles mix of a role stays remembered
 * (~250 sets of 128 KB); at ten million a set is 1.27 MB and a fixed 32 MB held ~25, fewer than one role's
 * mix asks for (~200 MB: docs/PERFORMANCE.md, issue 20), so nothing stayed. `ceilingBytes` (an operator's
 * PROFILE_INDEX_CACHE_MB) caps it.
 */
export function rememberedBudget(capacity: number, ceilingBytes = Infinity): number {
  return Math.min(ceilingBytes, Math.max(32 * 2 ** 20, 32 * capacity));
}
