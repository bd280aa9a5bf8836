// How the profile index follows its journal when things run at once or go
// wrong: concurrent writers and readers (every answer consistent with some
// committed state), a server that starts while writes flow, several servers on
// one PostgreSQL, a lost part of the journal and a TRUNCATE (rebuild, never a wrong
// count), and the pruning of old commits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { testDb, type TestApi } from './harness';
import { expectStatus } from './expect';
import { seedDataset } from '../../server/demo/dataset';
import type { Database } from '../../server/db/schema';
import { openDatabase, type DatabaseHandle } from '../../server/db/connect';
import { buildApp } from '../../server/app';
import type { ListResponse, ProfileSummary } from '../../types/api';
import {
  disableProfileCountIndex,
  enableProfileCountIndex,
  indexedProfileCount,
  profileCountIndexSettled,
  profileIndexStats,
} from '../../server/entities/profiles/count-index/manager';
import { journalHead, pruneJournal, readJournal } from '../../server/entities/profiles/count-index/journal';
import { expectIndexMatchesSql, indexedTestApi, sqlCount } from './profile-index-checks';
import { Random } from '../../server/vocabulary/random';

const context = indexedTestApi(300, 11);
let api: TestApi;
let db: Kysely<Database>;
beforeAll(() => {
  api = context.api;
  db = api.handle.db;
});

const stats = (on = db) => profileIndexStats(on)!;

/**
 * Writers that keep three counts constant in every committed state: each
 * transaction swaps the genders of a male and a female profile, moves the word
 * "quokka" from one profile's headline to another's, and swaps two tech
 * ratings — one statement at a time, so a reader between them would see a
 * half-done swap if the index took uncommitted or partial transactions. Some
 * transactions roll back. Answers a function that stops them.
 */
function startSwappers(on: Kysely<Database>, writers: number, seed: number): { committed(): number; stop(): Promise<number> } {
  let running = true;
  let committed = 0;
  let failure: unknown;
  const rng = new Random(seed);
  const loop = async (w: number) => {
    while (running) {
      const rollBack = rng.chance(0.2);
      await on
        .transaction()
        .execute(async (trx) => {
          const male = await sql<{
            id: number;
          }>`SELECT id FROM profile WHERE gender_value = 'male' ORDER BY random() LIMIT 1 FOR UPDATE SKIP LOCKED`.execute(trx);
          const female = await sql<{
            id: number;
          }>`SELECT id FROM profile WHERE gender_value = 'female' ORDER BY random() LIMIT 1 FOR UPDATE SKIP LOCKED`.execute(trx);
          if (!male.rows[0] || !female.rows[0]) return;
          await sql`UPDATE profile SET gender_value = 'female', updated_at = now() WHERE id = ${male.rows[0].id}`.execute(trx);
          await sql`UPDATE profile SET gender_value = 'male' WHERE id = ${female.rows[0].id}`.execute(trx);
          const holder = await sql<{ id: number }>`SELECT id FROM profile WHERE headline = 'quokka keeper' FOR UPDATE`.execute(trx);
          if (!holder.rows[0]) throw new Error('rolled back on purpose'); // another writer moved it meanwhile: the swap above is undone too
          const next = await sql<{
            id: number;
            tech_rating: number | null;
          }>`SELECT id, tech_rating FROM profile WHERE id <> ${holder.rows[0].id} ORDER BY random() LIMIT 2 FOR UPDATE SKIP LOCKED`.execute(
            trx,
          );
          if (next.rows.length < 2) return;
          await sql`UPDATE profile SET headline = 'keeper' WHERE id = ${holder.rows[0].id}`.execute(trx);
          await sql`UPDATE profile SET headline = 'quokka keeper' WHERE id = ${next.rows[0].id}`.execute(trx);
          const [a, b] = next.rows;
          await sql`UPDATE profile SET tech_rating = ${b.tech_rating} WHERE id = ${a.id}`.execute(trx);
          await sql`UPDATE profile SET tech_rating = ${a.tech_rating} WHERE id = ${b.id}`.execute(trx);
          if (rollBack) throw new Error('rolled back on purpose');
        })
        .then(
          () => committed++,
          (error: Error) => {
            if (error.message !== 'rolled back on purpose' && !/deadlock|could not serialize/.test(error.message)) throw error;
          },
        );
      if (testDb === 'pglite') await new Promise((resolve) => setImmediate(resolve)); // let readers in between
      void w;
    }
  };
  const loops = Array.from({ length: writers }, (_, w) =>
    loop(w).catch((error) => {
      failure = error;
      running = false;
    }),
  );
  return {
    committed: () => {
      if (failure) throw failure;
      return committed;
    },
    async stop() {
      running = false;
      await Promise.all(loops);
      return committed;
    },
  };
}

async function constants(on: Kysely<Database>) {
  return {
    male: await sqlCount(on, null, { gender: ['male'] }, ''),
    quokka: await sqlCount(on, null, {}, 'quokka'),
    techHigh: await sqlCount(on, null, { tech_rating__gte: 5 }, ''),
  };
}

async function indexedConstants(on: Kysely<Database>) {
  // PGlite answers within the same turn of the event loop: let the writers' turns come
  await new Promise((resolve) => setImmediate(resolve));
  const head = (await journalHead(on))!;
  return {
    male: await indexedProfileCount(on, head, null, { gender: ['male'] }, ''),
    quokka: await indexedProfileCount(on, head, null, {}, 'quokka'),
    techHigh: await indexedProfileCount(on, head, null, { tech_rating__gte: 5 }, ''),
  };
}

describe('profile index under concurrent writes', () => {
  it('every answer read while writers commit, roll back and interleave is that of a committed state', async () => {
    await sql`UPDATE profile SET headline = 'quokka keeper' WHERE id = (SELECT min(id) FROM profile)`.execute(db);
    const expected = await constants(db);
    expect(expected.quokka).toBe(1);
    const builds = stats().builds;
    const writers = startSwappers(db, 3, 1);
    // reads until enough transactions committed in between (not for a time: the machine's speed decides nothing)
    for (let reads = 0; reads < 40 || writers.committed() < 15; reads++) {
      expect(await indexedConstants(db)).toEqual(expected);
    }
    expect(await writers.stop()).toBeGreaterThanOrEqual(15);
    expect(await indexedConstants(db)).toEqual(expected);
    await expectIndexMatchesSql(db, 31, 40);
    expect(stats().builds).toBe(builds); // followed, never rebuilt
    expect(stats().changesApplied).toBeGreaterThan(0);
  });

  it('a server that starts while writes flow ends current, with one build', async () => {
    let other: { db: Kysely<Database>; close(): Promise<void> };
    if (testDb === 'postgres') {
      const handle = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, poolSize: 3 });
      other = { db: handle.db, close: () => handle.close() };
    } else {
      await disableProfileCountIndex(db); // the same database, its index started again
      other = { db, close: async () => {} };
    }
    const writers = startSwappers(db, 2, 2);
    while (writers.committed() < 3) await new Promise((resolve) => setTimeout(resolve, 10));
    enableProfileCountIndex(other.db, { minRows: 0, pollMs: 0 });
    expect(await profileCountIndexSettled(other.db)).toBe(true);
    const during = writers.committed();
    while (writers.committed() < during + 5) await new Promise((resolve) => setTimeout(resolve, 10));
    await writers.stop();
    await expectIndexMatchesSql(other.db, 32, 40);
    expect(stats(other.db).builds).toBe(1);
    if (other.db !== db) {
      await disableProfileCountIndex(other.db);
      await other.close();
    }
    if (!profileIndexStats(db)) {
      enableProfileCountIndex(db, { minRows: 0, pollMs: 0 });
      await profileCountIndexSettled(db);
    }
  });
});

describe.runIf(testDb === 'postgres')('several servers on one PostgreSQL', () => {
  let second: { handle: DatabaseHandle; app: Awaited<ReturnType<typeof buildApp>> };
  beforeAll(async () => {
    const handle = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, poolSize: 3 });
    const app = await buildApp({ config: api.config, handle, logger: false, workers: false });
    await app.ready();
    enableProfileCountIndex(handle.db, { minRows: 0, pollMs: 0 });
    expect(await profileCountIndexSettled(handle.db)).toBe(true);
    second = { handle, app };
  });
  afterAll(async () => {
    await disableProfileCountIndex(second.handle.db);
    await second.app.close();
    await second.handle.close();
  });

  it('a write through one server is in the next list of the other, both from their own index', async () => {
    const staff = await api.user({ is_staff: true });
    const { id } = await db.selectFrom('profile').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expectStatus(
      await api.call(staff.token, { method: 'POST', url: `/api/v1/profiles/${id}/app-rating/`, payload: { app_rating: 4 } }),
      200,
    );
    await sql`UPDATE profile SET first_name = 'Aaaaron' WHERE id = ${id}`.execute(db);
    const builds = stats(second.handle.db).builds;
    const answer = await second.app.inject({
      method: 'GET',
      url: '/api/v1/profiles?ordering=first_name&page_size=1',
      headers: { authorization: `Token ${staff.token}` },
    });
    const list = expectStatus(answer, 200) as ListResponse<ProfileSummary>;
    expect(list.results[0].id).toBe(id);
    expect(stats(second.handle.db).builds).toBe(builds);
    await expectIndexMatchesSql(second.handle.db, 33, 30);
  });

  it('concurrent writers on one server, readers on the other: committed states only', async () => {
    await sql`UPDATE profile SET headline = 'keeper' WHERE headline = 'quokka keeper'`.execute(db);
    await sql`UPDATE profile SET headline = 'quokka keeper' WHERE id = (SELECT min(id) FROM profile)`.execute(db);
    const expected = await constants(db);
    const writers = startSwappers(db, 3, 3);
    for (let reads = 0; reads < 40 || writers.committed() < 15; reads++) expect(await indexedConstants(second.handle.db)).toEqual(expected);
    await writers.stop();
    await expectIndexMatchesSql(second.handle.db, 34, 30);
  });
});

describe('what the index cannot follow', () => {
  it('a lost part of the journal leads to a rebuild, never to a wrong count', async () => {
    const builds = stats().builds;
    const version = stats().version;
    for (const n of [1, 2, 3]) await sql`UPDATE profile SET first_name = ${`Lost${n}`} WHERE id % 7 = ${n}`.execute(db);
    await sql`DELETE FROM profile_index_commit WHERE version = ${version + 2}`.execute(db);
    // the next answer is SQL's (exact); the index rebuilds meanwhile
    const head = (await journalHead(db))!;
    expect(await indexedProfileCount(db, head, null, {}, 'lost2')).toBeUndefined();
    expect(await profileCountIndexSettled(db)).toBe(true);
    expect(stats().builds).toBe(builds + 1);
    expect(stats().rebuildReasons.at(-1)).toMatch(/misses 1 commits/);
    await expectIndexMatchesSql(db, 35, 40);
  });

  it('commits older than the retention are pruned; a server behind them rebuilds', async () => {
    await sql`UPDATE profile SET last_name = 'Pruned' WHERE id % 9 = 1`.execute(db);
    const before = Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM profile_index_change`.execute(db)).rows[0].n);
    expect(before).toBeGreaterThan(0);
    expect(await pruneJournal(db, 0)).toBeGreaterThan(0);
    expect(Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM profile_index_change`.execute(db)).rows[0].n)).toBe(0);
    const builds = stats().builds;
    expect(await profileCountIndexSettled(db)).toBe(true);
    expect(stats().builds).toBe(builds + 1);
    expect(stats().rebuildReasons.at(-1)).toMatch(/misses/);
    await expectIndexMatchesSql(db, 36, 30);
  });

  it('a TRUNCATE is followed by a rebuild', async () => {
    const builds = stats().builds;
    await sql`TRUNCATE profile CASCADE`.execute(db);
    await seedDataset(db, { profiles: 40, companies: 0, seed: 12 });
    expect(await profileCountIndexSettled(db)).toBe(true);
    expect(stats().builds).toBe(builds + 1);
    expect(stats().rebuildReasons.at(-1)).toBe('the table was emptied');
    expect(stats().rows).toBe(40);
    await expectIndexMatchesSql(db, 37, 30);
  });
});

describe('the journal read', () => {
  it('runs with JIT off (a compile of ~330 ms at ten million), only for itself, and reads the latest changes', async () => {
    const showJit = async () => (await sql<{ jit: string }>`SHOW jit`.execute(db)).rows[0].jit;
    const outside = await showJit();
    await sql`UPDATE profile SET last_name = 'Unjitted' WHERE id = (SELECT min(id) FROM profile)`.execute(db);
    const head = (await journalHead(db))!;
    const read = await readJournal(db, head - 1, 10);
    expect(read.jit).toBe('off');
    expect(read.head).toBe(head);
    expect(read.changes?.length).toBe(1);
    // SET LOCAL: the pool's connections keep their own setting
    expect(await showJit()).toBe(outside);
  });
});
