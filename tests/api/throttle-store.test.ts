// Where the throttles count (server/http/throttle*.ts): the same sliding window in memory (the
// embedded database's one process) and in the `throttle` table (every process on PostgreSQL; here
// on the suite's database, PGlite or PostgreSQL). Checking and counting are one atomic step.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../server/db/connect';
import type { ThrottleStore } from '../../server/http/throttle';
import { MemoryThrottleStore } from '../../server/http/throttle-memory';
import { PostgresThrottleStore } from '../../server/http/throttle-postgres';
import { countRows, startTestApi, testDb, type TestApi } from './harness';

const MINUTE = 60_000;
const T0 = Date.parse('2026-11-27T10:00:00Z');

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api?.close());

let keys = 0;
const freshKey = () => `test:key-${++keys}`;

const stores: [string, () => ThrottleStore][] = [
  ['memory', () => new MemoryThrottleStore()],
  ['database', () => new PostgresThrottleStore(api.handle.db)],
];

describe.each(stores)('%s store', (_name, makeStore) => {
  it('counts up to the limit, then refuses with the seconds until the oldest attempt leaves the window', async () => {
    const store = makeStore();
    const key = freshKey();
    for (let i = 0; i < 3; i++) expect(await store.take(key, 3, MINUTE, T0 + i * 10_000)).toBe(0);
    expect(await store.take(key, 3, MINUTE, T0 + 30_000)).toBe(30);
    expect(await store.take(key, 3, MINUTE, T0 + 59_500)).toBe(1);
    // the window slides: the first attempt has left it, one more is counted, then the second must leave
    expect(await store.take(key, 3, MINUTE, T0 + 60_000)).toBe(0);
    expect(await store.take(key, 3, MINUTE, T0 + 60_001)).toBe(10);
    // another key, or the same key under another limit and window, counts apart
    expect(await store.take(freshKey(), 3, MINUTE, T0 + 60_001)).toBe(0);
  });

  it('never asks to wait longer than the window, even for an attempt another process counted after this clock read', async () => {
    const store = makeStore();
    const key = freshKey();
    expect(await store.take(key, 1, MINUTE, T0 + 5)).toBe(0);
    expect(await store.take(key, 1, MINUTE, T0)).toBe(60);
  });

  it('refused attempts are not counted: once the window has passed the key is free again', async () => {
    const store = makeStore();
    const key = freshKey();
    expect(await store.take(key, 1, MINUTE, T0)).toBe(0);
    for (let i = 1; i <= 50; i++) expect(await store.take(key, 1, MINUTE, T0 + i * 1000)).toBeGreaterThan(0);
    expect(await store.take(key, 1, MINUTE, T0 + MINUTE)).toBe(0);
  });

  it('an attempt given back no longer counts; one of two made in the same millisecond', async () => {
    const store = makeStore();
    const key = freshKey();
    expect(await store.take(key, 2, MINUTE, T0)).toBe(0);
    expect(await store.take(key, 2, MINUTE, T0)).toBe(0);
    expect(await store.take(key, 2, MINUTE, T0 + 1)).toBeGreaterThan(0);
    await store.giveBack(key, T0);
    expect(await store.take(key, 2, MINUTE, T0 + 2)).toBe(0);
    expect(await store.take(key, 2, MINUTE, T0 + 3)).toBeGreaterThan(0);
    await store.giveBack(key, T0 + 12345); // never counted: nothing changes
    expect(await store.take(key, 2, MINUTE, T0 + 4)).toBeGreaterThan(0);
  });

  it('attempts made at the same moment: exactly the limit is counted', async () => {
    const store = makeStore();
    const key = freshKey();
    const now = Date.now();
    const waits = await Promise.all(Array.from({ length: 25 }, () => store.take(key, 7, MINUTE, now)));
    expect(waits.filter((wait) => wait === 0)).toHaveLength(7);
    expect(waits.filter((wait) => wait === 60)).toHaveLength(18);
  });
});

describe('expired attempts are forgotten', () => {
  it('memory: keys whose attempts have all left their window', async () => {
    const store = new MemoryThrottleStore();
    await store.take('short', 5, MINUTE, T0);
    await store.take('long', 5, 15 * MINUTE, T0);
    store.prune(T0 + MINUTE);
    expect(store.size).toBe(1);
    store.prune(T0 + 15 * MINUTE);
    expect(store.size).toBe(0);
  });

  it('database: rows past their window are deleted by the next attempt of a process (at most once a minute)', async () => {
    const db = api.handle.db;
    await db.deleteFrom('throttle').execute();
    const old = new PostgresThrottleStore(db);
    await old.take('gone-short', 5, MINUTE, T0);
    await old.take('kept-long', 5, 15 * MINUTE, T0);
    expect(await countRows(api.handle, 'throttle')).toBe(2);
    const later = new PostgresThrottleStore(db); // a process started later: it prunes on its first attempt
    await later.take('new', 5, MINUTE, T0 + 2 * MINUTE);
    const left = await db.selectFrom('throttle').select('key').orderBy('key').execute();
    expect(left.map((row) => row.key)).toEqual(['kept-long', 'new']);
    // a row keeps at most `limit` times: refused attempts add nothing
    for (let i = 0; i < 20; i++) await later.take('new', 5, MINUTE, T0 + 2 * MINUTE + i);
    const row = await db.selectFrom('throttle').select('hits').where('key', '=', 'new').executeTakeFirstOrThrow();
    expect(row.hits).toHaveLength(5);
  });
});

describe.runIf(testDb === 'postgres')('on PostgreSQL, two connection pools (two processes)', () => {
  const handles: DatabaseHandle[] = [];
  afterAll(async () => {
    for (const handle of handles) await handle.close();
  });

  it('attempts made at the same moment through both: exactly the limit is counted', async () => {
    for (let i = 0; i < 2; i++) handles.push(await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, poolSize: 8 }));
    const [first, second] = handles.map((handle) => new PostgresThrottleStore(handle.db));
    const key = freshKey();
    const now = Date.now();
    const waits = await Promise.all(Array.from({ length: 40 }, (_, n) => (n % 2 ? first : second).take(key, 9, MINUTE, now + n)));
    expect(waits.filter((wait) => wait === 0)).toHaveLength(9);
    expect(waits.filter((wait) => wait > 0)).toHaveLength(31);
  });
});
