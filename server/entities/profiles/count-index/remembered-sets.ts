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

  constructor(private readonly budgetBytes: number) {}

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
    if (set.byteLength > this.budgetBytes) return set;
    this.sets.set(key, { set, count });
    this.held += set.byteLength;
    while (this.held > this.budgetBytes) this.forget(this.sets.keys().next().value!);
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
