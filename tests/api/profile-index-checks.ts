// Checks shared by the profile index's API tests: the index's answers against
// SQL's, for a seeded mix of filters, searches, visibilities, orderings and pages.
import { afterAll, beforeAll, expect } from 'vitest';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../server/db/schema';
import { Random } from '../../server/vocabulary/random';
import { RATING_FIELDS } from '../../types/api';
import { applyOrdering, applySearch, listPageRequest } from '../../server/db/list-page';
import { applyProfileFilters, profileList, type ProfileFilters } from '../../server/entities/profiles/filters';
import {
  disableProfileCountIndex,
  enableProfileCountIndex,
  indexedProfileCount,
  indexedProfilePage,
  profileCountIndexSettled,
  profileIndexAt,
} from '../../server/entities/profiles/count-index/manager';
import { denseTokens } from '../../server/entities/profiles/count-index/tokens';
import { pageStrategy } from '../../server/entities/profiles/count-index/sort-orders';
import { seedDataset } from '../../server/demo/dataset';
import { startTestApi, type TestApi } from './harness';
import { journalHead } from '../../server/entities/profiles/count-index/journal';

const denseDefaults = { ...denseTokens };
const pageDefaults = { ...pageStrategy };

export const TERMS = [
  'anna',
  'GARCÍA',
  'garcia',
  'müller',
  'muller',
  'engineer',
  'founder at',
  'phd',
  'são',
  'sao paulo',
  'lee',
  'xyzzy',
  'a',
  'e.',
  '@',
  'data scientist',
  'ÉCOLE',
  '100%',
  'o_o',
  'quokka',
];
const NATIONALITIES = ['DE', 'FR', 'US', 'IN', 'BR', 'PL', 'JP', 'NG', 'ZZ'];
const GENDERS = ['female', 'male', 'non-binary', 'unknown'];
export const SORTS = Object.keys(profileList.ordering);

export async function sqlCount(db: Kysely<Database>, readable: number[] | null, filters: ProfileFilters, search: string): Promise<number> {
  const base = applyProfileFilters(db.selectFrom('profile').select(sql<number>`count(*)::int`.as('n')), filters, readable);
  const row = await applySearch(base, listPageRequest({ search }, profileList), profileList).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The page SQL answers (the path without the index): ids in list order. */
export async function sqlPage(
  db: Kysely<Database>,
  readable: number[] | null,
  filters: ProfileFilters,
  params: ReturnType<typeof listPageRequest>,
): Promise<number[]> {
  const base = applyProfileFilters(db.selectFrom('profile').select('id'), filters, readable);
  const rows = await applyOrdering(applySearch(base, params, profileList), params, profileList, 'id')
    .limit(params.pageSize)
    .offset((params.page - 1) * params.pageSize)
    .execute();
  return rows.map((r) => r.id);
}

export function randomQuery(rng: Random, sourceIds: number[]): { readable: number[] | null; filters: ProfileFilters; search: string } {
  const filters: ProfileFilters = {};
  if (rng.chance(0.3)) filters.data_sources = rng.sample(sourceIds, rng.int(1, sourceIds.length));
  if (rng.chance(0.35)) filters.nationalities = rng.sample(NATIONALITIES, rng.int(1, 3));
  if (rng.chance(0.3)) filters.gender = rng.sample(GENDERS, rng.int(1, 2));
  for (const field of RATING_FIELDS) {
    if (!rng.chance(0.2)) continue;
    const low = Math.round(rng.next() * 90) / 10;
    if (rng.chance(0.8)) filters[`${field}__gte`] = low;
    if (rng.chance(0.8)) filters[`${field}__lte`] = Math.min(10, low + Math.round(rng.next() * 40) / 10);
  }
  const search = rng.chance(0.5) ? rng.pick(TERMS) : '';
  const readable = rng.chance(0.4) ? null : rng.sample(sourceIds, rng.int(0, sourceIds.length));
  return { readable, filters, search };
}

/**
 * `queries` seeded queries: the index (at the journal's head) counts and pages
 * exactly as SQL does, first, middle and last pages, every ordering both ways.
 */
export async function expectIndexMatchesSql(db: Kysely<Database>, seed: number, queries = 60): Promise<void> {
  const sourceIds = (await db.selectFrom('data_source').select('id').execute()).map((r) => r.id);
  const rng = new Random(seed);
  const head = (await journalHead(db))!;
  let nonZero = 0;
  for (let i = 0; i < queries; i++) {
    const { readable, filters, search } = randomQuery(rng, sourceIds);
    const sort = rng.pick(SORTS);
    const pageSize = rng.pick([3, 10, 25]);
    const count = await sqlCount(db, readable, filters, search);
    if (count > 0) nonZero++;
    const lastPage = Math.max(1, Math.ceil(count / pageSize));
    const page = rng.pick([1, 2, Math.ceil(lastPage / 2), lastPage - 1, lastPage, lastPage + 1].filter((p) => p >= 1));
    const params = listPageRequest({ search, ordering: rng.chance(0.5) ? `-${sort}` : sort, page, page_size: pageSize }, profileList);
    const indexed = await indexedProfilePage(db, head, readable, filters, params);
    const label = JSON.stringify({
      readable,
      filters,
      search,
      ordering: params.ordering[0].field,
      descending: params.ordering[0].descending,
      page,
      pageSize,
    });
    expect(indexed?.count, label).toBe(count);
    expect(indexed?.ids, label).toEqual(await sqlPage(db, readable, filters, params));
  }
  expect(nonZero).toBeGreaterThan(queries / 5); // the mix is not all empty answers
}

/**
 * A staff's lists of one rating range and nothing else, which the index counts from the range's run
 * of the rating's order and pages by testing each row's rating (a sparse one by its set): exactly as
 * SQL does, `queries` seeded ranges, narrow to whole, one bound or two, sorted on any field.
 */
export async function expectRatingRangesMatchSql(db: Kysely<Database>, seed: number, queries = 12): Promise<void> {
  const rng = new Random(seed);
  const head = (await journalHead(db))!;
  for (let i = 0; i < queries; i++) {
    const field = rng.pick([...RATING_FIELDS]);
    const gte = Math.round(rng.next() * 100) / 10;
    const lte = Math.min(10, gte + rng.pick([0, 0.1, 1, 2.5, 10]));
    const bounds = rng.pick(['both', 'gte', 'lte'] as const);
    const filters: ProfileFilters = {};
    if (bounds !== 'lte') filters[`${field}__gte`] = gte;
    if (bounds !== 'gte') filters[`${field}__lte`] = lte;
    const sort = rng.pick([...SORTS, field]);
    const pageSize = rng.pick([3, 10, 25]);
    const count = await sqlCount(db, null, filters, '');
    const lastPage = Math.max(1, Math.ceil(count / pageSize));
    const page = rng.pick([1, 2, Math.ceil(lastPage / 2), lastPage]);
    const params = listPageRequest({ ordering: rng.chance(0.5) ? `-${sort}` : sort, page, page_size: pageSize }, profileList);
    const indexed = await indexedProfilePage(db, head, null, filters, params);
    const label = JSON.stringify({ filters, ordering: params.ordering[0], page, pageSize });
    expect(indexed?.count, label).toBe(count);
    expect(indexed?.ids, label).toEqual(await sqlPage(db, null, filters, params));
  }
}

/** Every search term alone, accents and case folded as the database folds them. */
export async function expectSearchMatchesSql(db: Kysely<Database>): Promise<void> {
  const head = (await journalHead(db))!;
  for (const search of TERMS) {
    expect(await indexedProfileCount(db, head, null, {}, search), search).toBe(await sqlCount(db, null, {}, search));
  }
}

/**
 * One API for the file, with `profiles` generated profiles, `prepare` run on them, and the index
 * built (no polling: requests drive it). Small sets are sorted, bigger ones picked along numeric
 * orders, the biggest walked, so every way of paging is checked.
 */
export function indexedTestApi(profiles: number, seed: number, prepare: (db: Kysely<Database>) => Promise<void> = async () => {}) {
  let api: TestApi | undefined;
  beforeAll(async () => {
    // sets of up to 40 sorted, up to 200 picked along numeric orders, bigger ones walked
    Object.assign(pageStrategy, { sortBelow: 40, selectBelow: 200, selectSparserThan: 1 });
    api = await startTestApi();
    await seedDataset(api.handle.db, { profiles, companies: 20, seed });
    await prepare(api.handle.db);
    // the broadest tokens as bitsets from a few hundred rows on (at least 1/32 of the rows, 16 bytes of postings)
    Object.assign(denseTokens, { leastBytes: 16 });
    enableProfileCountIndex(api.handle.db, { minRows: 0, pollMs: 0 });
    expect(await profileCountIndexSettled(api.handle.db)).toBe(true);
    const index = (await profileIndexAt(api.handle.db, (await journalHead(api.handle.db))!))!;
    await index.broadTokensMade();
    expect(index.bytesByPart()['search.dense']).toBeGreaterThan(0);
  });
  afterAll(async () => {
    Object.assign(pageStrategy, pageDefaults);
    Object.assign(denseTokens, denseDefaults);
    if (api) await disableProfileCountIndex(api.handle.db);
    await api?.close();
  });
  return {
    get api(): TestApi {
      if (!api) throw new Error('the API starts in beforeAll');
      return api;
    },
  };
}
