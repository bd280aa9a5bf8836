import { RATING_FIELDS } from '../../../../types/api';
import type { ProfileFilters } from '../filters';
import { emptySet, has, type Bitset } from './bitset';
import { SearchIndex, TokenIndex } from './tokens';
import { IndexRows, isNumericSort, type IndexedProfile } from './index-rows';
import { SortOrders } from './sort-orders';
import type { Members } from './page-walk';
import { RememberedSets, rememberedBudget } from './remembered-sets';
import { ReadWriteGate } from './read-write-gate';
import { setsToMake } from './set-builder';
import { applyingChanges, type ProfileChange } from './index-changes';
import { listing, matchingSet, paging, setSources, type ListedIndex, type PageAsked, type WarmKey } from './index-lists';
import { inSlices, whole, type Sliced, type Slicer } from './slices';
import { parts, type Parts } from './parts';

export { NUMERIC_SORTS, type IndexedProfile, type NumericSort } from './index-rows';
export { rangeStrategy } from './rating-ranges';
export type { ProfileChange } from './index-changes';
export type { PageAsked, WarmKey } from './index-lists';

/**
 * The profiles list from memory: what the filters test — data sources,
 * nationalities and gender as bitsets, the four ratings, the folded search
 * documents' tokens — and every sortable field's order, for every profile, as
 * of one version of the table (`version`). A list is a few word-wise ANDs, a
 * population count and a walk of one order; the page's rows are then read by
 * primary key. The index follows the table's journal (journal.ts): each
 * committed change moves the rows it touched, nothing is rebuilt.
 *
 * Rows have positions (handed out as they arrive, never reused for another
 * id); a deleted row's position is dead (index-rows.ts).
 */

export class ProfileIndex {
  /** what it holds of each row, by position */
  private columns: IndexRows;
  private readonly orders: SortOrders;
  private search: SearchIndex;
  /** sets computed (corrected when it moves, remembered-sets.ts): 32 bytes a row (32 MB at least, a few hundred sets), up to `limitCaches` */
  private readonly remembered = new RememberedSets(() => rememberedBudget(this.columns.capacity, this.cacheCeiling));
  private cacheCeiling = Infinity;
  /** reads and a change applied in slices never overlap */
  private readonly gate = new ReadWriteGate();
  /** a change did not fit half-way: what it holds matches no version of the table (the manager rebuilds) */
  private broken = false;

  /**
   * An empty index for `capacity` rows (it grows past it), as of `version`;
   * `sortFields` every sortable field (the ratings always: their ranges are
   * read from their orders), `nullsLast` those whose missing values stay last both ways.
   */
  constructor(
    public version: number,
    capacity: number,
    sortFields: string[],
    nullsLast: string[],
  ) {
    this.columns = new IndexRows(capacity);
    this.search = new SearchIndex(TokenIndex.empty(), this.columns.capacity);
    const fields = [...sortFields, ...RATING_FIELDS.filter((field) => !sortFields.includes(field))];
    this.orders = new SortOrders(fields, nullsLast, this.columns.capacity, this.orderedRowsSource());
  }

  get rows(): number {
    return this.columns.count;
  }

  /** At most `bytes` of remembered sets (PROFILE_INDEX_CACHE_MB); undefined: as many as the rows call for (`rememberedBudget`). */
  limitCaches(bytes: number | undefined): void {
    this.cacheCeiling = bytes ?? Infinity;
  }

  /** Adds a row while building (in id order), without placing it in the orders yet (`loadOrders`). */
  load(profile: IndexedProfile): number {
    const position = this.newPosition(profile.id);
    this.columns.set(position, profile);
    return position;
  }

  /**
   * Puts every loaded row in every order: numeric fields sorted here, the
   * others as the database listed them (ids ascending; ids not loaded are left out).
   */
  loadOrders(databaseOrders: Map<string, { valued: ArrayLike<number>; missing: ArrayLike<number> }>, documents: TokenIndex): void {
    whole(this.loadingOrders(databaseOrders, documents));
  }

  /** `loadOrders`, pausing now and then (a build at ten million sorts for seconds). */
  *loadingOrders(
    databaseOrders: Map<string, { valued: ArrayLike<number>; missing: ArrayLike<number> }>,
    documents: TokenIndex,
  ): Sliced<void> {
    const { capacity, used, live: isLive } = this.columns;
    this.search = new SearchIndex(documents, capacity);
    const live = new Uint32Array(used);
    let count = 0;
    for (let position = 0; position < used; position++) {
      if (has(isLive, position)) live[count++] = position;
      if ((position & 0xffff) === 0xffff) yield;
    }
    yield* this.orders.loading(live.subarray(0, count), databaseOrders, (position) => has(isLive, position));
  }

  /**
   * Applies the changes of the journal up to `version` (index-changes.ts). Answers false when a
   * predecessor is unknown (the index no longer matches the table: rebuild).
   */
  apply(changes: ProfileChange[], version: number): boolean {
    return whole(this.applying(changes, version));
  }

  /**
   * `apply` in slices, as the server does: reads wait for it to end (they never
   * see a half-applied change), other requests run between its slices.
   */
  applyInSlices(changes: ProfileChange[], version: number, slicer?: Slicer): Promise<boolean> {
    return this.gate.write(() => inSlices(this.applying(changes, version), slicer));
  }

  /**
   * Reads the index once no change is being applied to it (`work` may pause:
   * changes wait for it to end); undefined when a change did not fit it (SQL answers).
   */
  async read<T>(work: (index: this) => T | Promise<T>): Promise<T | undefined> {
    return this.broken ? undefined : this.gate.read(() => (this.broken ? undefined : work(this)));
  }

  /** `apply`'s work, to be run whole or in slices (within the gate's write). */
  *applying(changes: ProfileChange[], version: number): Sliced<boolean> {
    const changed = {
      columns: this.columns,
      orders: this.orders,
      search: this.search,
      remembered: this.remembered,
      newPosition: (id: number) => this.newPosition(id),
      growing: (capacity: number) => this.growing(capacity),
    };
    if (!(yield* applyingChanges(changed, changes))) {
      this.broken = true;
      return false;
    }
    this.version = version;
    return true;
  }

  /**
   * The rows `applyProfileFilters` and the search keep (`readable` null:
   * staff), as a set, and how many they are. The set is shared: not to be changed.
   */
  matching(readable: number[] | null, filters: ProfileFilters, terms: string[]): { set: Bitset; count: number } {
    return whole(this.matchingWork(readable, filters, terms));
  }

  /**
   * A list's count and, when `sort` is given, the ids of one page sorted on it (see `page`): the
   * list's set and its walk, or, for a staff's rating range, the range's run (`rangeStrategy`).
   */
  list(readable: number[] | null, filters: ProfileFilters, terms: string[], sort?: PageAsked): { count: number; ids?: number[] } {
    return whole(this.listing(readable, filters, terms, sort));
  }

  /** `list` in slices (within `read`). */
  listInSlices(readable: number[] | null, filters: ProfileFilters, terms: string[], sort?: PageAsked, slicer?: Slicer) {
    return inSlices(this.listing(readable, filters, terms, sort), slicer);
  }

  *listing(
    readable: number[] | null,
    filters: ProfileFilters,
    terms: string[],
    sort?: PageAsked,
  ): Sliced<{ count: number; ids?: number[] }> {
    return yield* listing(this.listed(), readable, filters, terms, sort);
  }

  /** `matching` in slices (within `read`). */
  matchingInSlices(readable: number[] | null, filters: ProfileFilters, terms: string[], slicer?: Slicer, uses = 1) {
    return inSlices(this.matchingWork(readable, filters, terms, uses), slicer);
  }

  /**
   * `matching`'s work, to be run whole or in slices (within `read`): set-builder.ts. The request is
   * remembered with its set (`uses` times asked: a warming passes the count it had), as a key to warm.
   */
  matchingWork(readable: number[] | null, filters: ProfileFilters, terms: string[], uses = 1): Sliced<{ set: Bitset; count: number }> {
    return matchingSet(this.listed().sources, readable, filters, terms, uses);
  }

  /** How many bytes the sets of this list not remembered yet would take (0: its set is remembered). */
  bytesToRemember(readable: number[] | null, filters: ProfileFilters, terms: string[]): number {
    return setsToMake(this.listed().sources, readable, filters, terms) * emptySet(this.columns.capacity).byteLength;
  }

  /** How many bytes more of sets it may remember now. */
  rememberedRoom(): number {
    return this.remembered.room();
  }

  /** The requests whose whole sets it remembers, the most used first (written beside the snapshot: warming.ts). */
  warmKeys(): (WarmKey & { uses: number })[] {
    return this.remembered.origins().map(({ origin, uses }) => ({ ...(origin as WarmKey), uses }));
  }

  /** What a list reads (index-lists.ts), as the index holds it now (its arrays grow). */
  private listed(): ListedIndex {
    const { columns, orders, search, remembered } = this;
    return { columns, orders, sources: setSources(columns, orders, search, remembered) };
  }

  /**
   * The ids of one page of `set` sorted on `field` (id as the tie-breaker,
   * missing values as `applyOrdering` places them), or undefined when the
   * index has no order for it. Past the middle it walks from the end.
   */
  page(
    set: Bitset,
    total: number,
    field: string,
    descending: boolean,
    offset: number,
    limit: number,
    filters?: ProfileFilters,
  ): number[] | undefined {
    return whole(this.paging(set, total, field, descending, offset, limit, filters));
  }

  /** `page` in slices (within `read`): a walk for a sparse set may cross millions of rows. */
  pageInSlices(
    set: Bitset,
    total: number,
    field: string,
    descending: boolean,
    offset: number,
    limit: number,
    slicer?: Slicer,
    filters?: ProfileFilters,
  ) {
    return inSlices(this.paging(set, total, field, descending, offset, limit, filters), slicer);
  }

  /** `page`'s work, to be run whole or in slices (within `read`): index-lists.ts. */
  *paging(
    members: Members,
    total: number,
    field: string,
    descending: boolean,
    offset: number,
    limit: number,
    filters?: ProfileFilters,
  ): Sliced<number[] | undefined> {
    return yield* paging(this.listed(), members, total, field, descending, offset, limit, filters);
  }

  /** Memory held, in bytes (typed arrays and buffers; maps estimated). */
  bytes(): number {
    return Object.values(this.bytesByPart()).reduce((sum, n) => sum + n, 0);
  }

  /** Resolves once the search base's broadest tokens are bitsets (made in the background: benches and tests wait for it). */
  broadTokensMade(): Promise<void> {
    return this.search.denseMade();
  }

  /**
   * Memory held by each part, in bytes: what every row costs (`rows`: ids, live, id → position),
   * the filters' sets, the numeric columns, each order, the search's parts, and the caches
   * (sets and search terms remembered for the current version: bounded, not per row).
   */
  bytesByPart(): Record<string, number> {
    const { rememberedTerms, ...search } = this.search.bytesByPart();
    return {
      ...this.columns.bytesByPart(),
      ...Object.fromEntries(Object.entries(this.orders.bytesByField()).map(([field, n]) => [`orders.${field}`, n])),
      ...Object.fromEntries(Object.entries(search).map(([part, n]) => [`search.${part}`, n])),
      'caches.sets': this.remembered.bytes(),
      'caches.terms': rememberedTerms ?? 0,
    };
  }

  /** A position for a new id (every array sized by rows grows when they are full). */
  private newPosition(id: number): number {
    return this.columns.newPosition(id, (capacity) => {
      this.remembered.clear(); // sets of the old length
      this.orders.resize(capacity);
      this.search.grow(capacity);
    });
  }

  /**
   * Room for `capacity` rows, pausing between arrays and within the big ones
   * (at ten million rows a growth copies hundreds of megabytes). Within a change's write:
   * nothing reads the index meanwhile.
   */
  private *growing(capacity: number): Sliced<void> {
    this.remembered.clear(); // sets of the old length
    yield* this.columns.resizing(capacity);
    this.orders.resize(capacity);
    this.search.grow(capacity);
  }

  /**
   * The per-row arrays sized to the rows (2 % above) when more than a tenth of them is spare:
   * a snapshot written after the index grew carries that room (a quarter at most) into every
   * process that reads it. Before the index answers (after a snapshot is read), in slices.
   */
  *fitting(): Sliced<void> {
    const { used, capacity } = this.columns;
    const fit = Math.ceil(used * 1.02) + 1024;
    if (capacity <= fit * 1.1) return;
    this.remembered.clear();
    yield* this.columns.resizing(fit);
    this.orders.resize(fit);
    this.search.grow(fit);
  }

  /** What the orders read of the rows (asked for each time: the arrays grow). */
  private orderedRowsSource() {
    return {
      ids: () => this.columns.ids,
      numbers: (field: string) => (isNumericSort(field) ? this.columns.numbers[field] : undefined),
      positionOf: (id: number) => this.columns.positions.get(id),
    };
  }

  /**
   * For a snapshot: every structure's arrays as they are (the orders' blocks packed
   * into one array each). Not to be changed while written: no `apply` meanwhile.
   */
  toParts(): Parts {
    return whole(this.partsSteps());
  }

  /**
   * `toParts` in steps: the orders' rows and the changed documents are copied (~400 ms at ten million rows);
   * the rows' arrays are the index's own, marked as changed in place (parts.ts).
   */
  *partsSteps(): Sliced<Parts> {
    // the rows' parts at the top (as the file has always had its `ids` there)
    const rows = this.columns.toParts();
    const { version } = this;
    return {
      ...parts(
        rows.arrays,
        { version, ...rows.values },
        { ...rows.children, orders: yield* this.orders.partsSteps(), search: yield* this.search.partsSteps() },
      ),
      inPlace: true, // the rows' own arrays (its children say for themselves)
    };
  }

  /** The index of `toParts`, its arrays those given (read from a snapshot: no copy per row). */
  static fromParts(from: Parts): ProfileIndex {
    const index = new ProfileIndex(from.values.version as number, 0, [], []);
    const { children } = from;
    // the fields are read-only for everything but a constructor and this
    Object.assign(index, {
      columns: IndexRows.fromParts(from),
      orders: SortOrders.fromParts(children.orders, index.orderedRowsSource()),
      search: SearchIndex.fromParts(children.search),
    });
    return index;
  }
}
