// The profile index's snapshot through the built server as `npm start` runs it (issue 20, item
// 3): the first start builds the index and writes DATA_DIR/profile-index/…; profiles change
// while the server is down; the restarted server loads the snapshot (its log says so, and no
// build), catches up, its list answers the exact count of the changed profiles, and a clean stop
// writes the caught-up index. On the embedded database in a fresh DATA_DIR (TEST_DB=postgres: the
// test database, the snapshot in DATA_DIR all the same).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { emptyPostgres } from '../../server/db/empty-postgres';
import { openDatabase } from '../../server/db/connect';
import { seedDataset } from '../../server/demo/dataset';
import { DEFAULT_MIN_ROWS } from '../../server/entities/profiles/count-index/manager';
import { builtServerEnv, startBuiltServer, type RunningProcess } from '../support/processes';
import { testDb } from './harness';

const ADMIN = { email: 'snapshots@example.test', password: 'snapshot password 1' };
const MARKED = 37;
let server: RunningProcess | undefined;
let dataDir = '';
let databaseUrl: string | undefined;
const env: Record<string, string> = {};

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'index-snapshot-built-'));
  Object.assign(env, await builtServerEnv(dataDir, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }));
  if (testDb === 'postgres') {
    databaseUrl = process.env.TEST_DATABASE_URL!;
    await emptyPostgres(databaseUrl);
    env.DATABASE_URL = databaseUrl;
  }
  // a first start makes the database (migrated, the admin); then enough profiles to be indexed
  server = await startBuiltServer(env);
  await server.waitForLog((line) => /^ready on /.test(line.msg));
  await server.stop();
  await withDatabase((db) => seedDataset(db, { profiles: DEFAULT_MIN_ROWS + 500, companies: 50, seed: 20 }));
}, 600_000);
afterAll(async () => {
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The database while no server runs (the embedded one opens in one process at a time). */
async function withDatabase<T>(work: (db: Parameters<typeof seedDataset>[0]) => Promise<T>): Promise<T> {
  const handle = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: path.join(dataDir) });
  try {
    return await work(handle.db);
  } finally {
    await handle.close();
  }
}

type Page = { count: number; results: { id: number; tech_rating: number | null }[] };

/** The built server's list answer for `query`, as the admin. */
async function listed(query: string): Promise<Page> {
  const api = `http://127.0.0.1:${env.PORT}/api/v1`;
  const post = await fetch(`${api}/auth/sign-in/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  const { token } = (await post.json()) as { token: string };
  const list = await fetch(`${api}/profiles/?${query}`, { headers: { authorization: `Token ${token}` } });
  expect(list.status).toBe(200);
  return (await list.json()) as Page;
}

const markedCount = async () => (await listed('search=snapshotmarker&page_size=1')).count;

/** A rating range sorted by its own rating (the index walks that range's stretch of the order), against SQL. */
const RANGE = { gte: 3.5, lte: 7.25 };
const inRange = `tech_rating__gte=${RANGE.gte}&tech_rating__lte=${RANGE.lte}&ordering=-tech_rating&page_size=10`;
const rangeCountInSql = () =>
  withDatabase(async (db) => {
    const { rows } = await sql<{
      n: string;
    }>`SELECT count(*)::text AS n FROM profile WHERE tech_rating >= ${RANGE.gte} AND tech_rating <= ${RANGE.lte}`.execute(db);
    return Number(rows[0].n);
  });

describe('the built server restarts its profile index from the snapshot', () => {
  it('builds and writes it, then, restarted after profiles changed, loads it instead of building', async () => {
    server = await startBuiltServer(env);
    await server.waitForLog((line) => line.msg === 'profile index built', 300_000);
    const written = await server.waitForLog((line) => line.msg === 'profile index: snapshot written', 120_000);
    expect(written.why).toBe('built');
    const files = fs.readdirSync(path.join(dataDir, 'profile-index'));
    expect(files.filter((name) => name.endsWith('.snapshot'))).toHaveLength(1);
    expect(await markedCount()).toBe(0);
    expect(await server.stop()).toBe(0);

    await withDatabase((db) =>
      sql`UPDATE profile SET headline = 'snapshotmarker' WHERE id IN (SELECT id FROM profile ORDER BY id LIMIT ${MARKED})`.execute(db),
    );
    const rangeCount = await rangeCountInSql();

    server = await startBuiltServer(env);
    const loaded = await server.waitForLog((line) => line.msg === 'profile index loaded from its snapshot', 300_000);
    expect(loaded.profiles).toBe(DEFAULT_MIN_ROWS + 500);
    expect(server.lines.some((line) => line.msg === 'profile index: building')).toBe(false);
    expect(await markedCount()).toBe(MARKED);
    expect(server.lines.some((line) => line.msg === 'profile index: building')).toBe(false);
    // the index's count of a range and its walk along the rating's order, in the bundle
    const first = await listed(inRange);
    expect(first.count).toBe(rangeCount);
    const later = await listed(`${inRange}&page=3`);
    const ratings = [...first.results, ...later.results].map((profile) => profile.tech_rating as number);
    expect(ratings.every((rating) => rating >= RANGE.gte && rating <= RANGE.lte)).toBe(true);
    expect(ratings).toEqual([...ratings].sort((a, b) => b - a));

    // caught up past its snapshot: a clean stop writes the index as it is now
    expect(await server.stop()).toBe(0);
    const atStop = server.lines.filter((line) => line.msg === 'profile index: snapshot written');
    expect(atStop.map((line) => line.why)).toEqual(['shutdown']);
    expect(atStop[0].version).toBeGreaterThan(loaded.version);
  }, 900_000);
});
