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

  /** The set under `key`, made by `make` if it is not remembered. */
  get(key: string, make: () => Bitset): Bitset {
    return this.entry(key, make).set;
  }

  /** The set under `key` and its number of members (`count` runs once per remembered set). */
  counted(key: string, make: () => Bitset, count: (set: Bitset) => number): { set: Bitset; count: number } {
    const entry = this.entry(key, make);
    entry.count ??= count(entry.set);
    return entry as { set: Bitset; count: number };
  }

  clear(): void {
    this.sets.clear();
    this.held = 0;
  }

  bytes(): number {
    return this.held;
  }

  private entry(key: string, make: () => Bitset): { set: Bitset; count?: number } {
    const found = this.sets.get(key);
    if (found) {
      this.sets.delete(key); // most recently used last
      this.sets.set(key, found);
      return found;
    }
    const entry = { set: make() };
    if (entry.set.byteLength > this.budgetBytes) return entry;
    this.sets.set(key, entry);
    this.held += entry.set.byteLength;
    while (this.held > this.budgetBytes) {
      const [oldestKey, oldest] = this.sets.entries().next().value!;
      this.sets.delete(oldestKey);
      this.held -= oldest.set.byteLength;
    }
    return entry;
  }
}
