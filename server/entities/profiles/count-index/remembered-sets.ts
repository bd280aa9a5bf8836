import type { Bitset } from './bitset';

/**
 * Sets the index computed for its current version — the union of a viewer's
 * readable sources, a gender, a rating range, a search term's rows, a whole
 * filter's matches — kept until the index moves (`clear`), the least recently
 * used dropped past a byte budget. A page turn, the next viewer with the same
 * sources or the same slider then costs a lookup instead of a pass over every
 * row. A remembered set is shared: callers never change one.
 */
export class RememberedSets {
  private readonly sets = new Map<string, { set: Bitset; count?: number }>();
  private held = 0;
  private readonly budget: () => number;

  /** `budget` in bytes, or asked at each `put` (the index's follows its rows: `rememberedBudget`). */
  constructor(budget: number | (() => number)) {
    this.budget = typeof budget === 'number' ? () => budget : budget;
  }

  /** The set under `key`, if it is remembered. */
  get(key: string): Bitset | undefined {
    return this.touch(key)?.set;
  }

  /** The set under `key` and its number of members, if both are remembered. */
  counted(key: string): { set: Bitset; count: number } | undefined {
    const entry = this.touch(key);
    return entry?.count === undefined ? undefined : (entry as { set: Bitset; count: number });
  }

  /**
   * Remembers `set` under `key` (with its number of members, when known) and
   * answers it. Sets are made in slices, so two reads may make the same one:
   * the later replaces the earlier.
   */
  put(key: string, set: Bitset, count?: number): Bitset {
    this.forget(key);
    const budget = this.budget();
    if (set.byteLength > budget) return set;
    this.sets.set(key, { set, count });
    this.held += set.byteLength;
    while (this.held > budget) this.forget(this.sets.keys().next().value!);
    return set;
  }

  clear(): void {
    this.sets.clear();
    this.held = 0;
  }

  bytes(): number {
    return this.held;
  }

  /** The entry under `key`, now the most recently used. */
  private touch(key: string): { set: Bitset; count?: number } | undefined {
    const found = this.sets.get(key);
    if (found) {
      this.sets.delete(key); // most recently used last
      this.sets.set(key, found);
    }
    return found;
  }

  private forget(key: string): void {
    const found = this.sets.get(key);
    if (!found) return;
    this.sets.delete(key);
    this.held -= found.set.byteLength;
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
