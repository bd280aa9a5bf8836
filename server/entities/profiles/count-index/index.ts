import { RATING_FIELDS, type RatingField } from '../../../../types/api';
import type { ProfileFilters } from '../filters';
import { add, emptySet, has, intersectInto, remove, resized, size, unionInto, type Bitset } from './bitset';
import { SearchIndex, TokenIndex } from './tokens';
import { RatingBuckets } from './rating-buckets';
import { PositionById } from './positions';
import { SortOrders } from './sort-orders';
import { RememberedSets } from './remembered-sets';

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
  loadOrders(databaseOrders: Map<string, { valued: number[]; missing: number[] }>, documents: TokenIndex): void {
    this.search = new SearchIndex(documents, this.capacity);
    const live: number[] = [];
    for (let position = 0; position < this.used; position++) if (has(this.live, position)) live.push(position);
    this.orders.load(live, databaseOrders, (position) => has(this.live, position));
  }

  /**
   * Applies the changes of the journal up to `version`. Every changed row leaves
   * every order first; then each goes back where it belongs (numbers compared
   * here, names after the row the database puts before it: rows placed in the
   * order of their predecessors). Answers false when a predecessor is unknown
   * (the index no longer matches the table: rebuild).
   */
  apply(changes: ProfileChange[], version: number): boolean {
    const placed: { position: number; previous: ProfileChange['previous'] }[] = [];
    for (const change of changes) {
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
    if (!this.orders.place(placed)) return false;
    this.version = version;
    return true;
  }

  /**
   * The rows `applyProfileFilters` and the search keep (`readable` null:
   * staff), as a set, and how many they are. The set is shared: not to be changed.
   */
  matching(readable: number[] | null, filters: ProfileFilters, terms: string[]): { set: Bitset; count: number } {
    let sources: number[] | null = readable;
    if (filters.data_sources?.length)
      sources = readable === null ? filters.data_sources : filters.data_sources.filter((id) => readable.includes(id));
    const parts: [string, () => Bitset][] = [];
    if (sources !== null) parts.push(this.anyOf('source', this.bySource, sources));
    if (filters.nationalities?.length) parts.push(this.anyOf('nationality', this.byNationality, filters.nationalities));
    if (filters.gender?.length) parts.push(this.anyOf('gender', this.byGender, filters.gender));
    for (const term of new Set(terms)) if (term) parts.push([`term ${term}`, () => this.search.rowsContaining(term)]);
    for (const field of RATING_FIELDS) {
      const gte = filters[`${field}__gte`] ?? -Infinity;
      const lte = filters[`${field}__lte`] ?? Infinity;
      if (gte !== -Infinity || lte !== Infinity) parts.push([`${field} ${gte} ${lte}`, () => this.inRange(field, gte, lte)]);
    }
    const key = parts
      .map(([part]) => part)
      .sort()
      .join('\n');
    return this.remembered.counted(
      `all\n${key}`,
      () => {
        if (parts.length === 0) return this.live;
        const [first, ...others] = parts.map(([part, make]) => this.remembered.get(part, make));
        const set = first.slice();
        for (const other of others) intersectInto(set, other);
        return set;
      },
      size,
    );
  }

  /**
   * The ids of one page of `set` sorted on `field` (id as the tie-breaker,
   * missing values as `applyOrdering` places them), or undefined when the
   * index has no order for it. Past the middle it walks from the end.
   */
  page(set: Bitset, total: number, field: string, descending: boolean, offset: number, limit: number): number[] | undefined {
    return this.orders.page(set, total, field, descending, offset, limit)?.map((position) => this.ids[position]);
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
    const ids = new Int32Array(capacity);
    ids.set(this.ids);
    this.ids = ids;
    for (const field of NUMERIC_SORTS) {
      const values = new Float64Array(capacity);
      values.set(this.numbers[field]);
      this.numbers[field] = values;
    }
    this.live = resized(this.live, capacity);
    for (const sets of [this.bySource, this.byNationality, this.byGender] as Map<unknown, Bitset>[]) {
      for (const [key, set] of sets) sets.set(key, resized(set, capacity));
    }
    this.orders.grow(capacity);
    for (const field of RATING_FIELDS) this.ratingBuckets[field].grow(capacity);
    this.search.grow(capacity);
    this.capacity = capacity;
  }

  /** The rows whose rating lies in [gte, lte] (no rating fails both comparisons, as NULL does in SQL). */
  private inRange(field: RatingField, gte: number, lte: number): Bitset {
    const inside = emptySet(this.capacity);
    this.ratingBuckets[field].mark(gte, lte, inside);
    return inside;
  }

  /** The union of the sets of `keys`, with its key among the remembered sets. */
  private anyOf<K>(name: string, sets: Map<K, Bitset>, keys: K[]): [string, () => Bitset] {
    const unique = [...new Set(keys)].sort();
    return [
      `${name} ${unique.join(' ')}`,
      () => {
        const union = emptySet(this.capacity);
        for (const key of unique) {
          const set = sets.get(key);
          if (set) unionInto(union, set);
        }
        return union;
      },
    ];
  }
}
