import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { RATING_FIELDS, type RatingField } from '../../../../types/api';
import type { ProfileFilters } from '../filters';
import { add, countWhere, emptySet, fullSet, intersectInto, size, unionInto, type Bitset } from './bitset';
import { TokenIndex } from './tokens';

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
export class ProfileCountIndex {
  constructor(
    readonly version: string,
    private readonly rows: number,
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
    if (ranges.length === 0) return size(matching);
    // NaN (no rating) fails both comparisons, as NULL does in SQL
    return countWhere(matching, (row) => ranges.every(({ values, gte, lte }) => values[row] >= gte && values[row] <= lte));
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

export async function profileTableVersion(db: Kysely<Database>): Promise<string | undefined> {
  const result = await sql<{ version: string }>`SELECT version::text AS version FROM table_version WHERE table_name = 'profile'`.execute(db);
  return result.rows[0]?.version;
}

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
  const version = await profileTableVersion(db);
  if (version === undefined) return undefined;
  const sources = new Map<number, number[]>();
  const nationalities = new Map<string, number[]>();
  const genders = new Map<string, number[]>();
  const ratings = Object.fromEntries(RATING_FIELDS.map((field) => [field, [] as number[]])) as Record<RatingField, number[]>;
  const documents: string[] = [];
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
    }
    if (rows.length < BATCH_ROWS) break;
    after = rows[rows.length - 1].id;
    await yieldToRequests();
  }
  if ((await profileTableVersion(db)) !== version) return undefined;
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
    toSets(sources),
    toSets(nationalities),
    toSets(genders),
    Object.fromEntries(RATING_FIELDS.map((field) => [field, Float64Array.from(ratings[field])])) as Record<RatingField, Float64Array>,
    tokens,
  );
}
