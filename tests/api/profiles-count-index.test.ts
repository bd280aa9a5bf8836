// The profiles' in-memory count index (server/resources/profiles/count-index)
// must count exactly what SQL counts: checked here on a generated dataset
// (accents, many nationalities, missing ratings, several data sources) for a
// seeded mix of filters, searches and visibilities, and for staleness after a write.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApi, type TestApi } from './harness';
import { expectStatus } from './expect';
import { seedDataset } from '../../server/demo/dataset';
import { Random } from '../../server/demo/random';
import { RATING_FIELDS } from '../../types/api';
import { applyOrdering, applySearch, parseListParams } from '../../server/db/list-query';
import { applyProfileFilters, profileList, type ProfileFilters } from '../../server/resources/profiles/filters';
import {
  enableProfileCountIndex, indexedProfileCount, indexedProfilePage, profileCountIndexSettled,
} from '../../server/resources/profiles/count-index/manager';
import { tableVersion } from '../../server/db/count-cache';

let api: TestApi;
let sourceIds: number[];
const TERMS = ['anna', 'GARCÍA', 'garcia', 'müller', 'muller', 'engineer', 'founder at', 'phd', 'são', 'sao paulo', 'lee', 'xyzzy', 'a', 'e.', '@', 'data scientist', 'ÉCOLE', '100%', 'o_o'];
const NATIONALITIES = ['DE', 'FR', 'US', 'IN', 'BR', 'PL', 'JP', 'NG', 'ZZ'];
const GENDERS = ['female', 'male', 'non-binary', 'unknown'];

beforeAll(async () => {
  api = await startTestApi();
  await seedDataset(api.handle.db, { profiles: 400, companies: 20, seed: 7 });
  sourceIds = (await api.handle.db.selectFrom('data_source').select('id').execute()).map((r) => r.id);
  enableProfileCountIndex(api.handle.db, { minRows: 0 });
  expect(await profileCountIndexSettled(api.handle.db)).toBe(true);
});
afterAll(async () => api?.close());

async function sqlCount(readable: number[] | null, filters: ProfileFilters, search: string): Promise<number> {
  const base = applyProfileFilters(api.handle.db.selectFrom('profile').select(sql<number>`count(*)::int`.as('n')), filters, readable);
  const row = await applySearch(base, parseListParams({ search }, profileList), profileList).executeTakeFirstOrThrow();
  return Number(row.n);
}

function randomQuery(rng: Random): { readable: number[] | null; filters: ProfileFilters; search: string } {
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

/** The page SQL answers (the path without the index): ids in list order. */
async function sqlPage(readable: number[] | null, filters: ProfileFilters, params: ReturnType<typeof parseListParams>): Promise<number[]> {
  const base = applyProfileFilters(api.handle.db.selectFrom('profile').select('id'), filters, readable);
  const rows = await applyOrdering(applySearch(base, params, profileList), params, profileList, 'id')
    .limit(params.pageSize)
    .offset((params.page - 1) * params.pageSize)
    .execute();
  return rows.map((r) => r.id);
}

const SORTS = Object.keys(profileList.ordering);

describe('profile count index', () => {
  it('pages exactly as SQL sorts, for every ordering both ways, first, middle and last pages', async () => {
    // ties and missing ratings are common in a small dataset: the id tie-breaker and NULLS LAST are exercised
    await sql`UPDATE profile SET tech_rating = 5 WHERE id % 7 = 0`.execute(api.handle.db);
    await sql`UPDATE profile SET tech_rating = NULL WHERE id % 5 = 0`.execute(api.handle.db);
    await sql`UPDATE profile SET last_name = 'Dubois' WHERE id % 6 = 0`.execute(api.handle.db);
    const db = api.handle.db;
    let version = (await tableVersion(db, 'profile'))!;
    await indexedProfileCount(db, version, null, {}, ''); // the table moved: a rebuild starts
    await profileCountIndexSettled(db);
    const rng = new Random(7);
    for (let i = 0; i < 120; i++) {
      const { readable, filters, search } = randomQuery(rng);
      const sort = rng.pick(SORTS);
      const pageSize = rng.pick([3, 10, 25]);
      const count = await sqlCount(readable, filters, search);
      const lastPage = Math.max(1, Math.ceil(count / pageSize));
      const page = rng.pick([1, 2, Math.ceil(lastPage / 2), lastPage - 1, lastPage, lastPage + 1].filter((p) => p >= 1));
      const params = parseListParams({ search, ordering: rng.chance(0.5) ? `-${sort}` : sort, page, page_size: pageSize }, profileList);
      const indexed = await indexedProfilePage(db, version, readable, filters, params);
      const label = JSON.stringify({ readable, filters, search, ordering: params.ordering[0].field, descending: params.ordering[0].descending, page, pageSize });
      expect(indexed?.count, label).toBe(count);
      expect(indexed?.ids, label).toEqual(await sqlPage(readable, filters, params));
    }
    version = (await tableVersion(db, 'profile'))!;
    const twoFields = parseListParams({ ordering: 'last_name,first_name' }, profileList);
    expect((await indexedProfilePage(db, version, null, {}, twoFields))?.ids).toBeUndefined(); // SQL sorts on several fields
  });

  it('counts exactly what SQL counts, for 200 seeded queries', async () => {
    const version = (await tableVersion(api.handle.db, 'profile'))!;
    const rng = new Random(20261122);
    let nonZero = 0;
    for (let i = 0; i < 200; i++) {
      const { readable, filters, search } = randomQuery(rng);
      const expected = await sqlCount(readable, filters, search);
      const counted = await indexedProfileCount(api.handle.db, version, readable, filters, search);
      expect(counted, JSON.stringify({ readable, filters, search })).toBe(expected);
      if (expected > 0) nonZero++;
    }
    expect(nonZero).toBeGreaterThan(50); // the mix is not all empty answers
  });

  it('counts every search term alone, accents and case folded as the database folds them', async () => {
    const version = (await tableVersion(api.handle.db, 'profile'))!;
    for (const search of TERMS) {
      expect(await indexedProfileCount(api.handle.db, version, null, {}, search), search).toBe(await sqlCount(null, {}, search));
    }
  });

  it('answers nothing for another version of the table, and the list stays exact after a write', async () => {
    const staff = await api.user({ is_staff: true });
    const before = expectStatus(await api.call(staff.token, { method: 'GET', url: '/api/v1/profiles?search=zephyrine' }), 200) as { count: number };
    expect(before.count).toBe(0);
    await seedDataset(api.handle.db, { profiles: 1, companies: 0, seed: 99 });
    await sql`UPDATE profile SET first_name = 'Zephyrine' WHERE id = (SELECT max(id) FROM profile)`.execute(api.handle.db);
    const version = (await tableVersion(api.handle.db, 'profile'))!;
    expect(await indexedProfileCount(api.handle.db, version, null, {}, 'zephyrine')).toBeUndefined(); // stale: SQL answers, a rebuild starts
    const after = expectStatus(await api.call(staff.token, { method: 'GET', url: '/api/v1/profiles?search=zephyrine' }), 200) as { count: number };
    expect(after.count).toBe(1);
    await profileCountIndexSettled(api.handle.db);
    expect(await indexedProfileCount(api.handle.db, version, null, {}, 'zephyrine')).toBe(1); // rebuilt for the new version
  });
});
