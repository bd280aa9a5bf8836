import { emptySet, intersectInto, subtractInto, wordsFor, type Bitset } from './bitset';
import { parts, type Parts } from './parts';
import { RecentTokens } from './recent-tokens';
import { runInBackground, runInSlices, runNow, type Steps } from './steps';
import { releaseSet, takeSet } from './set-pool';
import { denseTokens, TokenIndex } from './token-base';

/** Merge the changes into a new base once this many rows changed since the last merge (or 2 % of the rows). */
const MERGE_AFTER_ROWS = 5_000;

/**
 * The token index as rows change: an immutable base, then the rows changed
 * since (`recent`, RecentTokens). When enough rows changed, the recent layer
 * is frozen and merged into a new base in slices (a whole pass over the base:
 * seconds at ten million rows), while new changes go to a fresh recent layer
 * and answers read base, frozen layer and fresh layer in that order; the new
 * base replaces the old and the frozen layer at the end, in one turn.
 *
 * A term's rows in the base are found in slices beforehand (`prepare`: a
 * broad term is millions of postings) and remembered until the base changes;
 * `rowsContaining` then costs a copy and the small recent layers. Asked for a
 * term not prepared, it finds it at once (correct, only longer).
 */
export class SearchIndex {
  private recent: RecentTokens;
  /** the recent layer being merged into a new base */
  private merging?: RecentTokens;
  private mergeRun?: Promise<void>;
  private mergeAgain = false;
  /** the base's rows for recent terms (most recently used last): they hold until the base changes */
  private readonly baseHits = new Map<string, Bitset>();
  /** the making of the base's broad tokens' bitsets */
  private denseRun?: Promise<void>;
  /** base lookups under way in slices */
  private readonly pending = new Map<string, Promise<void>>();

  constructor(
    private base: TokenIndex,
    private capacity: number,
  ) {
    this.recent = new RecentTokens(capacity, this.mergeThreshold());
    this.denseForBase();
  }

  grow(capacity: number): void {
    this.capacity = capacity;
    this.recent.grow(capacity);
    this.merging?.grow(capacity);
    this.forgetHits();
  }

  /** The row's document is now `document` (undefined: the row is gone). */
  set(row: number, document: string | undefined): void {
    this.recent.set(row, document);
    if (!this.mergeRun && this.recent.changedRows >= this.mergeThreshold()) void this.merge();
  }

  /** The rows whose document contains every one of `terms`, within `rows`. */
  filter(rows: Bitset, terms: string[]): void {
    for (const term of terms) if (term) intersectInto(rows, this.rowsContaining(term));
  }

  /** Finds the base rows of `terms` in slices, so that `rowsContaining` finds them ready. */
  async prepare(terms: string[]): Promise<void> {
    await Promise.all([...new Set(terms)].filter(Boolean).map((term) => this.prepareTerm(term)));
  }

  /**
   * `rowsContaining` in steps (for a caller that runs its work in slices):
   * the base's rows found step by step, then, in one step, the layers on top.
   */
  *rowsContainingSteps(term: string): Steps<Bitset> {
    for (;;) {
      if (this.baseHits.has(term)) return this.rowsContaining(term);
      const base = this.base;
      const rows = emptySet(this.capacity);
      yield* base.rowsContainingSteps(Buffer.from(term), rows);
      if (this.base === base) {
        this.remember(term, rows);
        return this.rowsContaining(term);
      } // else a merge ended meanwhile: find it in the new base
    }
  }

  /**
   * The rows whose document contains every one of `terms` (a new set), in steps: the first term's rows
   * found whole (its base rows remembered), each other term's only among those. A term remembered
   * comes first, then the longest (likely the narrowest: `founder` before `at`).
   */
  *rowsContainingAllSteps(terms: string[]): Steps<Bitset> {
    const known = (term: string) => Number(this.baseHits.has(term));
    const [first, ...others] = [...new Set(terms)].sort(
      (a, b) => known(b) - known(a) || Buffer.byteLength(b) - Buffer.byteLength(a) || (a < b ? -1 : 1),
    );
    const rows = yield* this.rowsContainingSteps(first);
    for (const term of others) yield* this.keepContainingSteps(rows, term);
    return rows;
  }

  /**
   * Keeps in `rows` those whose document contains `term`. The rows the layers on top changed are as
   * they say; for the others the base's tokens are read only until they hold every one of them (a
   * broad term such as `at` stops at its own bitset); when the base was read whole, its rows are
   * remembered as `rowsContainingSteps` would.
   */
  private *keepContainingSteps(rows: Bitset, term: string): Steps<void> {
    if (this.baseHits.has(term)) {
      intersectInto(rows, this.rowsContaining(term));
      return;
    }
    const pattern = Buffer.from(term);
    const base = this.base;
    // the rows no layer changed, read in the base (all of them, unless a layer changed some: no copy then)
    let need = rows;
    let inLayers: Bitset | undefined;
    for (const layer of this.layers()) {
      if (!inLayers) {
        inLayers = emptySet(this.capacity);
        need = rows.slice();
      }
      subtractInto(inLayers, layer.stale);
      layer.addRowsContaining(pattern, inLayers);
      subtractInto(need, layer.stale);
    }
    const found = emptySet(this.capacity);
    const whole = yield* base.rowsContainingSteps(pattern, found, covers(need, found));
    // the base and the layers read with it hold the same documents even if a merge ended meanwhile;
    // but then its rows are not the new base's to remember
    if (inLayers) for (let i = 0; i < rows.length; i++) rows[i] = (rows[i] & inLayers[i]) | (need[i] & found[i]);
    else intersectInto(rows, found);
    if (whole && this.base === base) this.remember(term, found);
  }

  /** The rows whose document contains `term` (a new set). */
  rowsContaining(term: string): Bitset {
    const pattern = Buffer.from(term);
    let base = this.baseHits.get(term);
    if (base) {
      this.baseHits.delete(term); // most recently used last
    } else {
      base = emptySet(this.capacity);
      this.base.addRowsContaining(pattern, base);
    }
    this.remember(term, base);
    const found = takeSet(wordsFor(this.capacity));
    found.set(base.subarray(0, found.length));
    for (const layer of this.layers()) {
      subtractInto(found, layer.stale);
      layer.addRowsContaining(pattern, found);
    }
    return found;
  }

  /** The layers on top of the base that changed rows, oldest first. */
  private layers(): RecentTokens[] {
    return (this.merging ? [this.merging, this.recent] : [this.recent]).filter((layer) => !layer.empty);
  }

  /**
   * Folds the recent changes into a new base, in slices (`set` starts it when
   * they are many); resolves once the base holds every change made before the
   * call.
   */
  merge(): Promise<void> {
    if (this.mergeRun) {
      this.mergeAgain = true;
      return this.mergeRun;
    }
    this.mergeRun = this.mergeWhileNeeded().finally(() => {
      this.mergeRun = undefined;
    });
    return this.mergeRun;
  }

  /** Memory held, in bytes. */
  bytes(): number {
    return Object.values(this.bytesByPart()).reduce((sum, n) => sum + n, 0);
  }

  bytesByPart(): Record<string, number> {
    let remembered = 0;
    for (const rows of this.baseHits.values()) remembered += rows.byteLength;
    return {
      ...this.base.bytesByPart(),
      recent: this.recent.bytes() + (this.merging?.bytes() ?? 0),
      rememberedTerms: remembered,
    };
  }

  /** The base and the changes since: a layer being merged stays a layer of its own. */
  toParts(): Parts {
    return runNow(this.partsSteps());
  }

  /**
   * `toParts` in steps. The layers are taken at once: a merge that ends
   * between the steps makes a new base and leaves these as they were, so the
   * parts stay of one moment.
   */
  *partsSteps(): Steps<Parts> {
    const { base, recent, merging, capacity } = this;
    const layers: Record<string, Parts> = { base: base.toParts(), recent: yield* recent.partsSteps() };
    if (merging) layers.merging = yield* merging.partsSteps();
    return parts({}, { capacity }, layers);
  }

  static fromParts(from: Parts): SearchIndex {
    const search = new SearchIndex(TokenIndex.fromParts(from.children.base), from.values.capacity as number);
    search.recent = RecentTokens.fromParts(from.children.recent);
    if (from.children.merging) {
      search.merging = RecentTokens.fromParts(from.children.merging);
      void search.merge();
    }
    return search;
  }

  private mergeThreshold(): number {
    return Math.max(MERGE_AFTER_ROWS, this.capacity / 50);
  }

  private async mergeWhileNeeded(): Promise<void> {
    do {
      this.mergeAgain = false;
      if (!this.merging) {
        if (this.recent.empty) continue;
        this.merging = this.recent;
        this.recent = new RecentTokens(this.capacity, this.mergeThreshold());
      }
      const merging = this.merging;
      const from = this.base;
      const base = await runInBackground(
        (function* () {
          return yield* TokenIndex.mergeSteps(from, merging.stale, yield* merging.added());
        })(),
      );
      // one turn: the new base holds the frozen layer; the fresh layer stays on top of it
      this.base = base;
      this.merging = undefined;
      this.forgetHits();
      this.denseForBase();
    } while (this.mergeAgain || this.recent.changedRows >= this.mergeThreshold());
  }

  /** The base's broadest tokens as bitsets, made in the background while it stays the base (token-base.ts). */
  private denseForBase(): void {
    if (this.capacity * denseTokens.fraction < denseTokens.leastBytes) return; // too few rows for a token to be that broad
    const base = this.base;
    this.denseRun = runInBackground(base.denseSteps(this.capacity, () => this.base === base)).catch(() => {});
  }

  /** Resolves once the current base's broad tokens are bitsets (benches: a first asking after it). */
  denseMade(): Promise<void> {
    return this.denseRun ?? Promise.resolve();
  }

  private prepareTerm(term: string): Promise<void> {
    if (this.baseHits.has(term)) return Promise.resolve();
    const running = this.pending.get(term);
    if (running) return running;
    const run: Promise<void> = runInSlices(this.rowsContainingSteps(term))
      .then(() => undefined)
      .finally(() => {
        if (this.pending.get(term) === run) this.pending.delete(term);
      });
    this.pending.set(term, run);
    return run;
  }

  private remember(term: string, rows: Bitset): void {
    // at most ~16 MB of remembered terms (64 at a million rows)
    const room = Math.max(8, Math.floor((16 * 2 ** 20) / Math.max(1, rows.byteLength)));
    this.baseHits.delete(term);
    while (this.baseHits.size >= room) this.forgetHit(this.baseHits.keys().next().value!);
    this.baseHits.set(term, rows);
  }

  /** Drops a term's base rows, their memory given back (set-pool.ts). */
  private forgetHit(term: string): void {
    const rows = this.baseHits.get(term);
    this.baseHits.delete(term);
    if (rows) releaseSet(rows);
  }

  private forgetHits(): void {
    for (const rows of this.baseHits.values()) releaseSet(rows);
    this.baseHits.clear();
  }
}

/**
 * Whether every row of `need` is in `found` now: `found` only grows, so a word once covered stays
 * covered and each asking resumes at the first word that was not (a few words, until the end).
 */
function covers(need: Bitset, found: Bitset): () => boolean {
  let from = 0;
  return () => {
    while (from < need.length && (need[from] & ~found[from]) === 0) from++;
    return from === need.length;
  };
}
