import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { RATING_FIELDS, type RatingField } from '../../../../types/api';
import { profileList, type ProfileFilters } from '../filters';
import { add, emptySet, filterSet, fullSet, has, intersectInto, size, unionInto, type Bitset } from './bitset';
import { TokenIndex } from './tokens';
import { tableVersion } from '../../../db/count-cache';

/**
 * Exact profile counts from memory. A first-time count over a broad filter
 * (two nationalities, a common search word) reads hundreds of thousands of rows
 * in PostgreSQL; here it is a few word-wise ANDs of bitsets. The index holds
 * what the filters test — data sources, nationalities, gender, the four
 * ratings, the folded search document's tokens — for every profile, as of one
 * `table_version` of `profile`: it answers only while that version is current,
 * and is rebuilt in the background when it moves (the SQL count answers
 * meanwhile, so a count is never stale). Pages are still read by SQL.
 */
/** Rows (positions) in the list's order for one sortable field, as PostgreSQL sorts them (its collation). */
export interface SortOrder {
  /** ascending by (value, id), rows without a value last (by id) */
  order: Uint32Array;
  /** how many rows have a value */
  withValue: number;
  /** missing values stay last when descending (the ratings), instead of coming first */
  nullsLast: boolean;
}

export class ProfileCountIndex {
  constructor(
    readonly version: string,
    private readonly rows: number,
    /** profile id of each row (rows are in id order) */
    private readonly ids: Int32Array,
    private readonly orders: Map<string, SortOrder>,
    private readonly bySource: Map<number, Bitset>,
    private readonly byNationality: Map<string, Bitset>,
    private readonly byGender: Map<string, Bitset>,
    private readonly ratings: Record<RatingField, Float64Array>,
    private readonly tokens: TokenIndex,
  ) {}

  /**
   * How many profiles `applyProfileFilters` and the search keep: `readable`
   * null is staff (every data source), `terms` are the search terms folded
   * as the documents are (lower case, no accents).
   */
  count(readable: number[] | null, filters: ProfileFilters, terms: string[]): number {
    return size(this.matching(readable, filters, terms));
  }

  /** The rows `applyProfileFilters` and the search keep, as a set. */
  matching(readable: number[] | null, filters: ProfileFilters, terms: string[]): Bitset {
    let sources: number[] | null = readable;
    if (filters.data_sources?.length) sources = readable === null ? filters.data_sources : filters.data_sources.filter((id) => readable.includes(id));
    const matching = sources === null ? fullSet(this.rows) : this.anyOf(this.bySource, sources);
    if (filters.nationalities?.length) intersectInto(matching, this.anyOf(this.byNationality, filters.nationalities));
    if (filters.gender?.length) intersectInto(matching, this.anyOf(this.byGender, filters.gender));
    for (const term of terms) if (term) intersectInto(matching, this.tokens.rowsContaining(term));
    const ranges = RATING_FIELDS.flatMap((field) => {
      const gte = filters[`${field}__gte`];
      const lte = filters[`${field}__lte`];
      return gte === undefined && lte === undefined ? [] : [{ values: this.ratings[field], gte: gte ?? -Infinity, lte: lte ?? Infinity }];
    });
    if (ranges.length === 0) return matching;
    // NaN (no rating) fails both comparisons, as NULL does in SQL
    return filterSet(matching, (row) => ranges.every(({ values, gte, lte }) => values[row] >= gte && values[row] <= lte));
  }

  /**
   * The ids of one page of `set` sorted on `field` (id as the tie-breaker,
   * missing values as `applyOrdering` places them), or undefined when the
   * index has no order for it. Past the middle it walks from the end.
   */
  page(set: Bitset, total: number, field: string, descending: boolean, offset: number, limit: number): number[] | undefined {
    const sort = this.orders.get(field);
    if (!sort) return undefined;
    const { order, withValue, nullsLast } = sort;
    // the list's sequence of positions in `order`, as [from, to) runs walked forwards or backwards
    const runs: [number, number, -1 | 1][] = !descending
      ? [[0, order.length, 1]]
      : nullsLast
        ? [[withValue - 1, -1, -1], [order.length - 1, withValue - 1, -1]]
        : [[order.length - 1, -1, -1]];
    const fromEnd = offset > total / 2;
    const wanted = fromEnd ? Math.min(limit, total - offset) : limit;
    let skip = fromEnd ? Math.max(0, total - offset - limit) : offset;
    const walk = fromEnd ? runs.map(([from, to, step]) => [to - step, from - step, -step] as [number, number, -1 | 1]).reverse() : runs;
    const picked: number[] = [];
    for (const [from, to, step] of walk) {
      for (let i = from; i !== to && picked.length < wanted; i += step) {
        const row = order[i];
        if (!has(set, row)) continue;
        if (skip > 0) skip--;
        else picked.push(this.ids[row]);
      }
    }
    return fromEnd ? picked.reverse() : picked;
  }

  private anyOf<K>(sets: Map<K, Bitset>, keys: K[]): Bitset {
    const union = emptySet(this.rows);
    for (const key of new Set(keys)) {
      const set = sets.get(key);
      if (set) unionInto(union, set);
    }
    return union;
  }
}

const BATCH_ROWS = 20_000;
const yieldToRequests = () => new Promise((resolve) => setImmediate(resolve));

interface LoadedRow {
  id: number;
  data_source_ids: number[];
  nationality_codes: string[];
  gender_value: string | null;
  search_text: string | null;
  tech_rating: number | null;
  education_rating: number | null;
  professional_experience_rating: number | null;
  entrepreneurial_spirit_rating: number | null;
}

/**
 * Reads every profile in batches (no long transaction: the embedded database
 * has one connection) and builds the index; undefined when the table changed
 * while it was read (the caller tries again later).
 */
export async function buildProfileCountIndex(db: Kysely<Database>): Promise<ProfileCountIndex | undefined> {
  const version = await tableVersion(db, 'profile');
  if (version === undefined) return undefined;
  const sources = new Map<number, number[]>();
  const nationalities = new Map<string, number[]>();
  const genders = new Map<string, number[]>();
  const ratings = Object.fromEntries(RATING_FIELDS.map((field) => [field, [] as number[]])) as Record<RatingField, number[]>;
  const documents: string[] = [];
  const ids: number[] = [];
  const member = <K>(map: Map<K, number[]>, key: K, row: number) => {
    const rows = map.get(key);
    if (rows) rows.push(row);
    else map.set(key, [row]);
  };
  let after = 0;
  for (;;) {
    const { rows } = await sql<LoadedRow>`
      SELECT id, data_source_ids, gender_value, search_text, tech_rating, education_rating,
             professional_experience_rating, entrepreneurial_spirit_rating,
             CASE WHEN jsonb_typeof(nationalities) = 'object' THEN ARRAY(SELECT jsonb_object_keys(nationalities)) ELSE '{}'::text[] END AS nationality_codes
      FROM profile WHERE id > ${after} ORDER BY id LIMIT ${BATCH_ROWS}`.execute(db);
    for (const profile of rows) {
      const row = documents.length;
      for (const id of profile.data_source_ids) member(sources, id, row);
      for (const code of profile.nationality_codes) member(nationalities, code, row);
      if (profile.gender_value !== null) member(genders, profile.gender_value, row);
      for (const field of RATING_FIELDS) ratings[field].push(profile[field] === null ? NaN : Number(profile[field]));
      documents.push(profile.search_text ?? '');
      ids.push(profile.id);
    }
    if (rows.length < BATCH_ROWS) break;
    after = rows[rows.length - 1].id;
    await yieldToRequests();
  }
  const idOf = Int32Array.from(ids);
  const orders = new Map<string, SortOrder>();
  for (const [field, expression] of Object.entries(profileList.ordering)) {
    orders.set(field, await loadOrder(db, expression, idOf, profileList.nullsLast?.includes(field) ?? false));
    await yieldToRequests();
  }
  if ((await tableVersion(db, 'profile')) !== version) return undefined;
  const total = documents.length;
  const toSets = <K>(map: Map<K, number[]>) =>
    new Map([...map].map(([key, rows]) => {
      const set = emptySet(total);
      for (const row of rows) add(set, row);
      return [key, set] as const;
    }));
  const tokens = await TokenIndex.build(documents, yieldToRequests);
  return new ProfileCountIndex(
    version,
    total,
    idOf,
    orders,
    toSets(sources),
    toSets(nationalities),
    toSets(genders),
    Object.fromEntries(RATING_FIELDS.map((field) => [field, Float64Array.from(ratings[field])])) as Record<RatingField, Float64Array>,
    tokens,
  );
}

/** One field's order from the database itself (its collation decides the order of names). */
async function loadOrder(db: Kysely<Database>, expression: string, ids: Int32Array, nullsLast: boolean): Promise<SortOrder> {
  const column = sql.raw(expression);
  const { rows } = await sql<{ ids: string | null; with_value: number }>`
    SELECT string_agg(id::text, ',' ORDER BY ${column} ASC NULLS LAST, id ASC) AS ids, count(${column})::int AS with_value FROM profile`.execute(db);
  const listed = rows[0].ids ? rows[0].ids.split(',') : [];
  const order = new Uint32Array(listed.length);
  for (let i = 0; i < listed.length; i++) order[i] = positionOf(ids, Number(listed[i]));
  return { order, withValue: Number(rows[0].with_value), nullsLast };
}

function positionOf(ids: Int32Array, id: number): number {
  let low = 0;
  let high = ids.length - 1;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (ids[middle] < id) low = middle + 1;
    else high = middle;
  }
  return low;
}
