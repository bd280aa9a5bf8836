// The profiles' in-memory index (server/entities/profiles/count-index) must
// count and page exactly what SQL does: after it is built, and after every kind
// of write it follows through its journal — inserts, updates of each
// filtered, searched and sorted field, data-source links added and removed,
// deletes, several in one transaction, rolled-back ones — without a rebuild.
// On a generated dataset (accents, many nationalities, missing ratings, ties).
import { beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import type { TestApi } from './harness';
import { expectStatus } from './expect';
import { seedDataset } from '../../server/demo/dataset';
import type { Database } from '../../server/db/schema';
import type { ListResponse, ProfileSummary } from '../../types/api';
import { listPageRequest } from '../../server/db/list-page';
import { profileList } from '../../server/entities/profiles/filters';
import { indexedProfilePage, profileIndexNudged, profileIndexStats } from '../../server/entities/profiles/count-index/manager';
import { journalHead } from '../../server/entities/profiles/count-index/journal';
import { expectIndexMatchesSql, expectRatingRangesMatchSql, expectSearchMatchesSql, indexedTestApi } from './profile-index-checks';

const context = indexedTestApi(400, 7, async (db) => {
  // ties and missing ratings are common: the id tie-breaker and NULLS LAST are exercised
  await sql`UPDATE profile SET tech_rating = 5 WHERE id % 7 = 0`.execute(db);
  await sql`UPDATE profile SET tech_rating = NULL WHERE id % 5 = 0`.execute(db);
  await sql`UPDATE profile SET last_name = 'Dubois' WHERE id % 6 = 0`.execute(db);
});
let api: TestApi;
let db: Kysely<Database>;
let seed = 100;
beforeAll(() => {
  api = context.api;
  db = api.handle.db;
});

const builds = () => profileIndexStats(db)!.builds;
const ids = async (where = sql`true`) =>
  (await sql<{ id: number }>`SELECT id FROM profile WHERE ${where} ORDER BY id`.execute(db)).rows.map((r) => r.id);

/** Runs a write, then checks the index against SQL: it followed the journal, no rebuild. */
async function afterWrite(write: () => Promise<unknown>) {
  const before = builds();
  await write();
  await expectIndexMatchesSql(db, seed, 40);
  await expectRatingRangesMatchSql(db, seed++);
  await expectSearchMatchesSql(db);
  expect(builds()).toBe(before);
}

describe('profile index', () => {
  it('counts and pages exactly as SQL once built: every ordering both ways, first, middle and last pages', async () => {
    await expectIndexMatchesSql(db, 7, 150);
    await expectRatingRangesMatchSql(db, 7, 60);
    await expectSearchMatchesSql(db);
    const head = (await journalHead(db))!;
    const twoFields = listPageRequest({ ordering: 'last_name,first_name' }, profileList);
    expect((await indexedProfilePage(db, head, null, {}, twoFields))?.ids).toBeUndefined(); // SQL sorts on several fields
  });

  it('follows inserts, one and many', async () => {
    await afterWrite(() => seedDataset(db, { profiles: 1, companies: 0, seed: 99 }));
    await afterWrite(() => seedDataset(db, { profiles: 120, companies: 0, seed: 98, batchSize: 50 }));
  });

  it('follows updates of each filtered field: data sources, nationalities, gender, ratings to and from missing', async () => {
    const [first, second] = (await db.selectFrom('data_source').select('id').orderBy('id').execute()).map((r) => r.id);
    await afterWrite(() =>
      sql`UPDATE profile SET data_source_ids = array_append(data_source_ids, ${second}) WHERE id % 3 = 0 AND NOT (${second} = ANY(data_source_ids))`.execute(
        db,
      ),
    );
    await afterWrite(() => sql`UPDATE profile SET data_source_ids = array_remove(data_source_ids, ${first}) WHERE id % 4 = 1`.execute(db));
    await afterWrite(() => sql`UPDATE profile SET nationalities = '{"ZZ": 0.5, "FR": 0.5}'::jsonb WHERE id % 11 = 0`.execute(db));
    await afterWrite(() => sql`UPDATE profile SET nationalities = '{}'::jsonb WHERE id % 13 = 0`.execute(db));
    await afterWrite(() =>
      sql`UPDATE profile SET gender_value = CASE gender_value WHEN 'male' THEN 'female' ELSE 'unknown' END WHERE id % 9 = 2`.execute(db),
    );
    await afterWrite(() => sql`UPDATE profile SET gender_value = NULL WHERE id % 17 = 0`.execute(db));
    await afterWrite(() => sql`UPDATE profile SET tech_rating = NULL, education_rating = 9.99 WHERE id % 8 = 3`.execute(db));
    await afterWrite(() =>
      sql`UPDATE profile SET tech_rating = 7.25, professional_experience_rating = 0 WHERE tech_rating IS NULL AND id % 2 = 0`.execute(db),
    );
    await afterWrite(() => sql`UPDATE profile SET entrepreneurial_spirit_rating = 10 - entrepreneurial_spirit_rating`.execute(db));
  });

  it('follows updates of what the search reads, and of the sorted names and dates', async () => {
    await afterWrite(() => sql`UPDATE profile SET headline = 'Quokka wrangler at Zoo' WHERE id % 10 = 1`.execute(db));
    await afterWrite(() => sql`UPDATE profile SET first_name = 'Émile', last_name = 'Garcia' WHERE id % 12 = 5`.execute(db));
    await afterWrite(() =>
      sql`UPDATE profile SET location = 'São Paulo', email = NULL, current_company = 'Orbit' WHERE id % 15 = 4`.execute(db),
    );
    await afterWrite(() =>
      sql`UPDATE profile SET last_name = 'Aaberg' WHERE id IN (SELECT id FROM profile ORDER BY last_name DESC, id DESC LIMIT 5)`.execute(
        db,
      ),
    );
    await afterWrite(() => sql`UPDATE profile SET created_at = created_at - interval '3 years' WHERE id % 19 = 0`.execute(db));
    await afterWrite(() => sql`UPDATE profile SET updated_at = now() WHERE id % 14 = 6`.execute(db));
    await afterWrite(() => sql`UPDATE profile SET updated_at = '2020-01-01T00:00:00.123456Z' WHERE id % 16 = 7`.execute(db)); // ties at the microsecond
  });

  it('follows deletes, several writes in one transaction, and ignores what rolled back', async () => {
    await afterWrite(async () => {
      const some = await ids(sql`id % 21 = 0`);
      await db.deleteFrom('profile').where('id', 'in', some).execute();
    });
    await afterWrite(() =>
      db.transaction().execute(async (trx) => {
        await sql`UPDATE profile SET first_name = 'Zoë' WHERE id % 23 = 1`.execute(trx);
        await sql`DELETE FROM profile WHERE id % 23 = 2`.execute(trx);
        const [source] = (await trx.selectFrom('data_source').select('id').orderBy('id').execute()).map((r) => r.id);
        await sql`INSERT INTO profile (external_id, first_name, last_name, headline, gender_value, nationalities, tech_rating, data_source_ids)
          SELECT 'tx-' || g, 'Ana', 'Lee ' || g, 'Data engineer', 'female', '{"BR": 1}'::jsonb, g / 4.0, ARRAY[${source}]::int[]
          FROM generate_series(1, 30) g`.execute(trx);
        await sql`UPDATE profile SET tech_rating = 1.5 WHERE id IN (SELECT max(id) FROM profile)`.execute(trx);
      }),
    );
    const head = await journalHead(db);
    await expect(
      db.transaction().execute(async (trx) => {
        await sql`UPDATE profile SET first_name = 'Rolledback' WHERE id % 2 = 0`.execute(trx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await journalHead(db)).toBe(head); // a rolled-back transaction takes no version
    await afterWrite(async () => {});
  });

  it('does not journal writes to what it does not hold (a summary, an FS rating alone moves updated_at)', async () => {
    const head = await journalHead(db);
    await sql`UPDATE profile SET summary = 'Changed', age_value = 40 WHERE id % 3 = 1`.execute(db);
    expect(await journalHead(db)).toBe(head);
    await afterWrite(() => sql`UPDATE profile SET app_rating = 8, updated_at = now() WHERE id % 3 = 1`.execute(db));
  });

  it('a list asked after a write through the API includes it, answered by the index', async () => {
    const staff = await api.user({ is_staff: true });
    const [id] = await ids(sql`id % 5 = 2`);
    const catchUps = profileIndexStats(db)!.catchUps;
    expectStatus(
      await api.call(staff.token, { method: 'POST', url: `/api/v1/profiles/${id}/app-rating/`, payload: { app_rating: 9.5 } }),
      200,
    );
    const list = expectStatus(
      await api.call(staff.token, { method: 'GET', url: '/api/v1/profiles?ordering=-updated_at&page_size=1' }),
      200,
    ) as ListResponse<ProfileSummary>;
    expect(list.results[0].id).toBe(id);
    expect(list.count).toBe((await ids()).length);
    expect(profileIndexStats(db)!.catchUps).toBe(catchUps + 1); // one catch-up: the write's or the request's
  });

  it('the process that wrote through the API moves its index at once, before any read asks', async () => {
    const staff = await api.user({ is_staff: true });
    const [id] = await ids(sql`id % 5 = 3`);
    const before = profileIndexStats(db)!;
    expectStatus(
      await api.call(staff.token, { method: 'POST', url: `/api/v1/profiles/${id}/app-rating/`, payload: { app_rating: 2.5 } }),
      200,
    );
    await profileIndexNudged(db); // no poll here (tests drive the index): only the write moved it
    const after = profileIndexStats(db)!;
    expect(after.catchUps).toBe(before.catchUps + 1);
    expect(after.version).toBe(await journalHead(db));
  });
});
