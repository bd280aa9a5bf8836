// Each API test file on PostgreSQL has a database of its own (tests/api/test-database.ts): what
// once emptied app_test in the middle of a run ("Migration failed: no schema has been selected to
// create in", 221 tests failed) — another run emptying the shared database, or a statement left
// waiting by an earlier file — can no longer reach a file's tables.
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/connect';
import { emptyPostgres } from '../../server/db/empty-postgres';
import { baseTestDatabaseUrl, countRows, startTestApi, testDb, type TestApi } from './harness';
import { claimTestDatabase, databaseOf } from './test-database';

describe('a test database URL', () => {
  it('names its database, and the same server and options with another', () => {
    const socket = databaseOf('postgresql://root@/app_test?host=/var/run/postgresql');
    expect(socket.name).toBe('app_test');
    expect(socket.withName('app_test_3')).toBe('postgresql://root@/app_test_3?host=/var/run/postgresql');
    const tcp = databaseOf('postgres://user:secret@db.example:5433/tests');
    expect(tcp.withName('tests_1')).toBe('postgres://user:secret@db.example:5433/tests_1');
    expect(() => databaseOf('postgresql://root@localhost')).toThrow(/must name a database/);
  });
});

describe.runIf(testDb === 'postgres')("a test file's own PostgreSQL database", () => {
  const base = baseTestDatabaseUrl!;
  const clients: pg.Client[] = [];
  const client = async (url: string) => {
    const c = new pg.Client({ connectionString: url });
    c.on('error', () => {});
    await c.connect();
    clients.push(c);
    return c;
  };
  let api: TestApi | undefined;
  afterAll(async () => {
    await api?.close();
    await Promise.all(clients.map((c) => c.end().catch(() => {})));
  });

  it("is not TEST_DATABASE_URL's: another run emptying that one, or another file emptying its own, leaves this file's tables alone", async () => {
    api = await startTestApi();
    const mine = databaseOf(process.env.TEST_DATABASE_URL!).name;
    expect(mine).not.toBe(databaseOf(base).name);
    await api.user();
    // what a second run beside this one does (an older checkout's tests empty TEST_DATABASE_URL's database itself)
    await emptyPostgres(base);
    // what another file running at the same time does: it gets a database of its own and empties it
    const other = await claimTestDatabase(base);
    try {
      expect(other.name).not.toBe(mine);
      await emptyPostgres(other.url);
    } finally {
      await other.release();
    }
    expect(await countRows(api.handle, 'app_user')).toBe(1);
    // a second server on the same database finds it migrated (the test that failed: "several servers on one PostgreSQL")
    const second = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, poolSize: 1 });
    try {
      expect(await countRows(second, 'app_user')).toBe(1);
    } finally {
      await second.close();
    }
  });

  it('is handed over with no session left from its last holder: a DROP SCHEMA still waiting for a lock can no longer run in the next file', async () => {
    const first = await claimTestDatabase(base);
    await emptyPostgres(first.url);
    // left behind by the file that held it: a session holding a lock, and a DROP waiting for it
    const holder = await client(first.url);
    await holder.query('CREATE TABLE held (id int)');
    await holder.query('BEGIN');
    await holder.query('SELECT * FROM held');
    const dropper = await client(first.url);
    const dropperPid = (await dropper.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid;
    const drop = dropper.query('DROP SCHEMA public CASCADE').then(
      () => 'ran',
      () => 'ended',
    );
    const watcher = await client(base);
    // until the DROP waits for the lock (a state, not a time)
    while (!(await watcher.query("SELECT 1 FROM pg_stat_activity WHERE pid = $1 AND wait_event_type = 'Lock'", [dropperPid])).rowCount) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await first.release(); // the holder's process is gone; what it left is still there

    const next = await claimTestDatabase(base, [first.slot]);
    try {
      // every session from before is gone: what they were doing is over (the DROP ended, or ran before the claim returned)
      const left = await watcher.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [next.name]);
      expect(left.rows[0].n).toBe(0);
      // the next file empties it and makes its tables
      await emptyPostgres(next.url);
      const mine = await client(next.url);
      await mine.query('CREATE TABLE mine (id int)');
      // had the holder been kept, its lock would go now and the DROP would take the next file's tables with it
      await holder.end().catch(() => {});
      expect(['ran', 'ended']).toContain(await drop);
      expect((await mine.query("SELECT 1 FROM pg_tables WHERE schemaname = 'public' AND tablename = 'mine'")).rowCount).toBe(1);
      await mine.end();
    } finally {
      await next.release();
    }
  });
});
