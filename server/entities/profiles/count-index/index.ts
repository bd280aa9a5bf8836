import { RATING_FIELDS, type RatingField } from '../../../../types/api';
import type { ProfileFilters } from '../filters';
import { add, emptySet, has, intersectInto, remove, resized, size, unionInto, type Bitset } from './bitset';
import { SearchIndex, TokenIndex } from './tokens';
import { RatingBuckets } from './rating-buckets';
import { PositionById } from './positions';
import { SortOrders } from './sort-orders';
import { RememberedSets } from './remembered-sets';
import { ReadWriteGate } from './read-write-gate';
import { copiedInSlices, inSlices, whole, type Sliced, type Slicer } from './slices';
import { setsFromParts, setsToParts } from './bitset';
import { parts, type Parts } from './parts';

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
 * id); a deleted row's position is dead (`live` says which are not).
 */

/** Sort fields compared here, exactly: numbers (ratings) and timestamps in microseconds. */
export const NUMERIC_SORTS = [...RATING_FIELDS, 'created_at', 'updated_at'] as const;
export type NumericSort = (typeof NUMERIC_SORTS)[number];
const isNumericSort = (field: string): field is NumericSort => (NUMERIC_SORTS as readonly string[]).includes(field);

/** What the index holds of one profile. */
export interface IndexedProfile {
  id: number;
  data_source_ids: number[];
  nationality_codes: string[];
  gender_value: string | null;
  /** the numeric sort fields; null when missing (microseconds since 1970 for timestamps) */
  numbers: Record<NumericSort, number | null>;
}

/** One profile's change, as the journal gives it: its state now (undefined: deleted). */
export interface ProfileChange {
  id: number;
  profile?: IndexedProfile;
  /** its folded search document, and whether that changed */
  search_text?: string;
  searchChanged: boolean;
  /**
   * For each sort field compared by the database (names: its collation
   * decides): the id of the row right before this one in ascending order, null
   * when it comes first, undefined when its value is missing.
   */
  previous: Record<string, number | null | undefined>;
}

export class ProfileIndex {
  private capacity: number;
  private used = 0;
  private ids: Int32Array;
  private readonly positions = new PositionById();
  private live: Bitset;
  private readonly bySource = new Map<number, Bitset>();
  private readonly byNationality = new Map<string, Bitset>();
  private readonly byGender = new Map<string, Bitset>();
  private numbers: Record<NumericSort, Float64Array>;
  /** each rating's rows by value, in buckets a tenth wide */
  private readonly ratingBuckets: Record<RatingField, RatingBuckets>;
  private readonly orders: SortOrders;
  private search: SearchIndex;
  /** sets computed at this version (cleared when it moves): ~32 MB, a few hundred sets at a million rows */
  private readonly remembered = new RememberedSets(32 * 2 ** 20);
  /** reads and a change applied in slices never overlap */
  private readonly gate = new ReadWriteGate();
  /** a change did not fit half-way: what it holds matches no version of the table (the manager rebuilds) */
  private broken = false;

  /**
   * An empty index for `capacity` rows (it grows past it), as of `version`;
   * `sortFields` every sortable field, `nullsLast` those whose missing values
   * stay last both ways.
   */
  constructor(
    public version: number,
    capacity: number,
    sortFields: string[],
    nullsLast: string[],
  ) {
    this.capacity = Math.max(64, capacity);
    this.ids = new Int32Array(this.capacity);
    this.live = emptySet(this.capacity);
    this.numbers = Object.fromEntries(NUMERIC_SORTS.map((field) => [field, new Float64Array(this.capacity)])) as Record<
      NumericSort,
      Float64Array
    >;
    this.search = new SearchIndex(TokenIndex.empty(), this.capacity);
    this.orders = new SortOrders(sortFields, nullsLast, this.capacity, {
      ids: () => this.ids,
      numbers: (field) => (isNumericSort(field) ? this.numbers[field] : undefined),
      positionOf: (id) => this.positions.get(id),
    });
    this.ratingBuckets = Object.fromEntries(
      RATING_FIELDS.map((field) => [field, new RatingBuckets(() => this.numbers[field], this.capacity)]),
    ) as Record<RatingField, RatingBuckets>;
  }

  get rows(): number {
    return size(this.live);
  }

  /** Adds a row while building (in id order), without placing it in the orders yet (`loadOrders`). */
  load(profile: IndexedProfile): number {
    const position = this.newPosition(profile.id);
    this.setValues(position, profile);
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
    this.search = new SearchIndex(documents, this.capacity);
    const live = new Uint32Array(this.used);
    let count = 0;
    for (let position = 0; position < this.used; position++) {
      if (has(this.live, position)) live[count++] = position;
      if ((position & 0xffff) === 0xffff) yield;
    }
    yield* this.orders.loading(live.subarray(0, count), databaseOrders, (position) => has(this.live, position));
  }

  /**
   * Applies the changes of the journal up to `version`. Every changed row leaves
   * every order first; then each goes back where it belongs (numbers compared
   * here, names after the row the database puts before it: rows placed in the
   * order of their predecessors). Answers false when a predecessor is unknown
   * (the index no longer matches the table: rebuild).
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
    const placed: { position: number; previous: ProfileChange['previous'] }[] = [];
    // the index grows (if it must) before the changes, in slices, rather than at the row that fills it
    let added = 0;
    for (let i = 0; i < changes.length; i++) if (changes[i].profile && this.positions.get(changes[i].id) === undefined) added++;
    if (this.used + added > this.capacity) yield* this.growing(Math.max(this.used + added, Math.ceil(this.capacity * 1.5)));
    for (let i = 0; i < changes.length; i++) {
      // a change costs up to ~0.3 ms at ten million rows (a rating bucket's rows shift): a pause point every few
      if ((i & 7) === 7) yield;
      const change = changes[i];
      const known = this.positions.get(change.id);
      const wasLive = known !== undefined && has(this.live, known);
      if (wasLive) this.detach(known);
      if (!change.profile) {
        if (known !== undefined) this.search.set(known, undefined);
        continue;
      }
      const position = known ?? this.newPosition(change.id);
      this.setValues(position, change.profile);
      if (change.searchChanged || !wasLive) this.search.set(position, change.search_text ?? '');
      placed.push({ position, previous: change.previous });
    }
    this.remembered.clear();
    if (!(yield* this.orders.placing(placed))) {
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

  /** `matching` in slices (within `read`). */
  matchingInSlices(readable: number[] | null, filters: ProfileFilters, terms: string[], slicer?: Slicer) {
    return inSlices(this.matchingWork(readable, filters, terms), slicer);
  }

  /** `matching`'s work, to be run whole or in slices (within `read`). */
  *matchingWork(readable: number[] | null, filters: ProfileFilters, terms: string[]): Sliced<{ set: Bitset; count: number }> {
    let sources: number[] | null = readable;
    if (filters.data_sources?.length)
      sources = readable === null ? filters.data_sources : filters.data_sources.filter((id) => readable.includes(id));
    const parts: [string, () => Sliced<Bitset>][] = [];
    if (sources !== null) parts.push(this.anyOf('source', this.bySource, sources));
    if (filters.nationalities?.length) parts.push(this.anyOf('nationality', this.byNationality, filters.nationalities));
    if (filters.gender?.length) parts.push(this.anyOf('gender', this.byGender, filters.gender));
    // a term's rows in slices: a broad one is millions of postings at ten million rows (search.ts)
    for (const term of new Set(terms)) if (term) parts.push([`term ${term}`, () => this.search.rowsContainingSteps(term)]);
    for (const field of RATING_FIELDS) {
      const gte = filters[`${field}__gte`] ?? -Infinity;
      const lte = filters[`${field}__lte`] ?? Infinity;
      if (gte !== -Infinity || lte !== Infinity) parts.push([`${field} ${gte} ${lte}`, () => this.inRange(field, gte, lte)]);
    }
    const key = parts
      .map(([part]) => part)
      .sort()
      .join('\n');
    const all = `all\n${key}`;
    const found = this.remembered.counted(all);
    if (found) return found;
    let set = this.live;
    if (parts.length) {
      const sets: Bitset[] = [];
      for (const [part, make] of parts) {
        sets.push(this.remembered.get(part) ?? this.remembered.put(part, yield* make()));
        yield;
      }
      set = sets[0].slice();
      for (const other of sets.slice(1)) {
        intersectInto(set, other);
        yield;
      }
    }
    const count = size(set);
    this.remembered.put(all, set, count);
    return { set, count };
  }

  /**
   * The ids of one page of `set` sorted on `field` (id as the tie-breaker,
   * missing values as `applyOrdering` places them), or undefined when the
   * index has no order for it. Past the middle it walks from the end.
   */
  page(set: Bitset, total: number, field: string, descending: boolean, offset: number, limit: number): number[] | undefined {
    return whole(this.paging(set, total, field, descending, offset, limit));
  }

  /** `page` in slices (within `read`): a walk for a sparse set may cross millions of rows. */
  pageInSlices(set: Bitset, total: number, field: string, descending: boolean, offset: number, limit: number, slicer?: Slicer) {
    return inSlices(this.paging(set, total, field, descending, offset, limit), slicer);
  }

  /** `page`'s work, to be run whole or in slices (within `read`). */
  *paging(set: Bitset, total: number, field: string, descending: boolean, offset: number, limit: number): Sliced<number[] | undefined> {
    return (yield* this.orders.paging(set, total, field, descending, offset, limit))?.map((position) => this.ids[position]);
  }

  /** Memory held, in bytes (typed arrays and buffers; maps estimated). */
  bytes(): number {
    return Object.values(this.bytesByPart()).reduce((sum, n) => sum + n, 0);
  }

  /** Memory held by each part, in bytes. */
  bytesByPart(): Record<string, number> {
    let sets = 0;
    for (const map of [this.bySource, this.byNationality, this.byGender] as Map<unknown, Bitset>[])
      for (const set of map.values()) sets += set.byteLength;
    for (const field of RATING_FIELDS) sets += this.ratingBuckets[field].bytes();
    return {
      rows: this.ids.byteLength + this.live.byteLength + this.positions.bytes(),
      sets,
      numbers: Object.values(this.numbers).reduce((sum, values) => sum + values.byteLength, 0),
      orders: this.orders.bytes(),
      search: this.search.bytes(),
      remembered: this.remembered.bytes(),
    };
  }

  private newPosition(id: number): number {
    if (this.used === this.capacity) this.grow(Math.ceil(this.capacity * 1.5));
    const position = this.used++;
    this.ids[position] = id;
    this.positions.set(id, position);
    return position;
  }

  private setValues(position: number, profile: IndexedProfile): void {
    add(this.live, position);
    const member = <K>(sets: Map<K, Bitset>, key: K) => {
      let set = sets.get(key);
      if (!set) {
        set = emptySet(this.capacity);
        sets.set(key, set);
      }
      add(set, position);
    };
    for (const id of profile.data_source_ids) member(this.bySource, id);
    for (const code of profile.nationality_codes) member(this.byNationality, code);
    if (profile.gender_value !== null) member(this.byGender, profile.gender_value);
    for (const field of NUMERIC_SORTS) this.numbers[field][position] = profile.numbers[field] ?? NaN;
    for (const field of RATING_FIELDS) this.ratingBuckets[field].add(position);
  }

  /** Takes a live row out of every set and order (its search entry stays until replaced). */
  private detach(position: number): void {
    remove(this.live, position);
    for (const sets of [this.bySource, this.byNationality, this.byGender] as Map<unknown, Bitset>[]) {
      for (const set of sets.values()) remove(set, position);
    }
    for (const field of RATING_FIELDS) this.ratingBuckets[field].remove(position);
    // the numbers still hold the row's old values: numeric orders find it by them
    this.orders.remove(position);
  }

  private grow(capacity: number): void {
    whole(this.growing(capacity));
  }

  /**
   * Room for `capacity` rows, pausing between arrays and within the big ones
   * (at ten million rows a growth copies ~700 MB). Within a change's write:
   * nothing reads the index meanwhile.
   */
  private *growing(capacity: number): Sliced<void> {
    this.ids = yield* copiedInSlices(this.ids, new Int32Array(capacity));
    for (const field of NUMERIC_SORTS) this.numbers[field] = yield* copiedInSlices(this.numbers[field], new Float64Array(capacity));
    this.live = resized(this.live, capacity);
    for (const sets of [this.bySource, this.byNationality, this.byGender] as Map<unknown, Bitset>[]) {
      for (const [key, set] of sets) {
        sets.set(key, resized(set, capacity));
        yield;
      }
    }
    this.orders.grow(capacity);
    for (const field of RATING_FIELDS) this.ratingBuckets[field].grow(capacity);
    this.search.grow(capacity);
    this.capacity = capacity;
  }

  /** The rows whose rating lies in [gte, lte] (no rating fails both comparisons, as NULL does in SQL). */
  private *inRange(field: RatingField, gte: number, lte: number): Sliced<Bitset> {
    const inside = emptySet(this.capacity);
    yield* this.ratingBuckets[field].marking(gte, lte, inside);
    return inside;
  }

  /** The union of the sets of `keys`, with its key among the remembered sets. */
  private anyOf<K>(name: string, sets: Map<K, Bitset>, keys: K[]): [string, () => Sliced<Bitset>] {
    const unique = [...new Set(keys)].sort();
    const capacity = this.capacity;
    return [
      `${name} ${unique.join(' ')}`,
      function* () {
        const union = emptySet(capacity);
        for (const key of unique) {
          const set = sets.get(key);
          if (set) unionInto(union, set);
          yield; // a viewer may read hundreds of sources: a union each is ~1 ms at ten million rows
        }
        return union;
      },
    ];
  }

  /**
   * For a snapshot: every structure's arrays as they are (the orders' and buckets' blocks
   * packed into one array each). Not to be changed while written: no `apply` meanwhile.
   */
  toParts(): Parts {
    const ratings = Object.fromEntries(RATING_FIELDS.map((field) => [field, this.ratingBuckets[field].toParts()]));
    return parts(
      { ids: this.ids, live: this.live, ...Object.fromEntries(NUMERIC_SORTS.map((field) => [`numbers.${field}`, this.numbers[field]])) },
      { version: this.version, capacity: this.capacity, used: this.used },
      {
        positions: this.positions.toParts(),
        bySource: parts(setsToParts(this.bySource)),
        byNationality: parts(setsToParts(this.byNationality)),
        byGender: parts(setsToParts(this.byGender)),
        ratings: parts({}, {}, ratings),
        orders: this.orders.toParts(),
        search: this.search.toParts(),
      },
    );
  }

  /** The index of `toParts`, its arrays those given (read from a snapshot: no copy per row). */
  static fromParts(from: Parts): ProfileIndex {
    const index = new ProfileIndex(from.values.version as number, 0, [], []);
    const numbers = Object.fromEntries(NUMERIC_SORTS.map((field) => [field, from.arrays[`numbers.${field}`]])) as Record<
      NumericSort,
      Float64Array
    >;
    const source = {
      ids: () => index.ids,
      numbers: (field: string) => (isNumericSort(field) ? index.numbers[field] : undefined),
      positionOf: (id: number) => index.positions.get(id),
    };
    const { children } = from;
    // the fields are read-only for everything but a constructor and this
    Object.assign(index, {
      capacity: from.values.capacity as number,
      used: from.values.used as number,
      ids: from.arrays.ids as Int32Array,
      live: from.arrays.live as Bitset,
      numbers,
      positions: PositionById.fromParts(children.positions),
      bySource: setsFromParts<number>(children.bySource.arrays, true),
      byNationality: setsFromParts<string>(children.byNationality.arrays, false),
      byGender: setsFromParts<string>(children.byGender.arrays, false),
      ratingBuckets: Object.fromEntries(
        RATING_FIELDS.map((field) => [field, RatingBuckets.fromParts(children.ratings.children[field], () => index.numbers[field])]),
      ),
      orders: SortOrders.fromParts(children.orders, source),
      search: SearchIndex.fromParts(children.search),
    });
    return index;
  }
}
