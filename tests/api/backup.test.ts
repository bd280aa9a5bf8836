// `npm run manage -- backup FILE` / `restore FILE [--force]` (server/db/backup*.ts), run as an
// operator runs them (the CLI as a real process), on the database the suite runs on: the embedded
// one in a DATA_DIR of its own, or PostgreSQL in databases of its own created beside
// TEST_DATABASE_URL's. Every table of the app and of pg-boss is compared, row by row.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import { migrations } from '../../server/db/migrations';
import { createPglite, pgliteExtensions } from '../../server/db/pglite';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../../server/config';
import { openDatabase, type DatabaseHandle } from '../../server/db/connect';
import type { Database } from '../../server/db/schema';
import { buildApp } from '../../server/app';
import { DEMO_TEMPLATE, seedDemo } from '../../server/demo/seed';
import { BackupError, restoreDatabase } from '../../server/db/backup';
import { testDb } from './harness';

const root = path.resolve(import.meta.dirname, '../..');
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
const SLOW = 240_000; // each CLI run starts tsx and opens the database

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run manage -- ...args` on the database `env` names. */
function manage(args: string[], env: NodeJS.ProcessEnv): Promise<Run> {
  const child = spawn(process.execPath, [tsx, 'server/cli/manage.ts', ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const run: Run = { code: null, stdout: '', stderr: '' };
  child.stdout.on('data', (chunk) => (run.stdout += chunk));
  child.stderr.on('data', (chunk) => (run.stderr += chunk));
  return new Promise((resolve) => child.on('close', (code) => resolve({ ...run, code })));
}

/** Every table of the app (public) and of pg-boss, each as its rows' text in order, and every sequence's position. */
async function everyTable(db: Kysely<Database>): Promise<Record<string, string[]>> {
  const { rows: tables } = await sql<{ schema: string; name: string; kind: string }>`
    select n.nspname as schema, c.relname as name, c.relkind as kind from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname in ('public', 'pgboss') and c.relkind in ('r', 'p', 'S') order by 1, 2`.execute(db);
  const dump: Record<string, string[]> = {};
  for (const { schema, name, kind } of tables) {
    const table = sql.table(`${schema}.${name}`);
    const query =
      kind === 'S'
        ? sql<{ row: string }>`select (last_value, is_called)::text as row from ${table}`
        : sql<{ row: string }>`select t::text as row from ${table} t order by 1`;
    dump[`${schema}.${name}`] = (await query.execute(db)).rows.map((row) => row.row);
  }
  return dump;
}

async function createPairTables(db: Kysely<Database>): Promise<void> {
  await sql`create table backup_pair_a (id int primary key)`.execute(db);
  await sql`create table backup_pair_b (id int primary key)`.execute(db);
}

/** Writes one id into both tables of the pair, in one transaction, until stopped. */
function pairWriter(db: Kysely<Database>) {
  let stop = false;
  let written = 0;
  const done = (async () => {
    while (!stop) {
      const id = written + 1;
      await db.transaction().execute(async (tx) => {
        await sql`insert into backup_pair_a values (${id})`.execute(tx);
        await sql`select pg_sleep(0.005)`.execute(tx); // a window between the two halves
        await sql`insert into backup_pair_b values (${id})`.execute(tx);
      });
      written = id;
      // the embedded engine answers without I/O: let the event loop turn (the snapshot socket, timers)
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  return {
    written: () => written,
    async stop() {
      stop = true;
      await done;
    },
  };
}

async function pairs(db: Kysely<Database>): Promise<{ a: number[]; b: number[] }> {
  const ids = async (table: string) =>
    (await sql<{ id: number }>`select id from ${sql.table(table)} order by id`.execute(db)).rows.map((row) => Number(row.id));
  return { a: await ids('backup_pair_a'), b: await ids('backup_pair_b') };
}

async function waitFor(condition: () => boolean, what: string, deadlineMs = 60_000): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function waitForQuery(db: Kysely<Database>, query: ReturnType<typeof sql<{ ok: boolean }>>, what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await query.execute(db)).rows[0]?.ok) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Changes in several tables, the job queue's included. */
async function changeEverything(db: Kysely<Database>): Promise<void> {
  await sql`update app_user set first_name = 'Changed after the backup' where id = (select min(id) from app_user)`.execute(db);
  await sql`delete from profile_comment`.execute(db);
  await sql`insert into profile_list (name, owner_id) select 'made after the backup', min(id) from app_user`.execute(db);
  await sql`delete from profile_list_profile where profile_list_id = (select min(profile_list_id) from profile_list_profile)`.execute(db);
  await sql`delete from backup_pair_b where id = (select max(id) from backup_pair_b)`.execute(db);
  await sql`update pgboss.version set reindex_on = '2001-01-01T00:00:00Z'`.execute(db);
}

function serverConfig(target: { databaseUrl?: string; dataDir: string }): Config {
  return {
    ...loadConfig({ APP_URL: 'http://app.test' }),
    ...target,
    staticDir: path.join(os.tmpdir(), 'no-built-app'),
    secretKey: 'test secret key',
  };
}

describe(`backup and restore (${testDb})`, () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-test-'));
  const databases: string[] = [];
  let adminUrl = '';

  /** A new installation's target: a DATA_DIR, or a new PostgreSQL database. */
  async function newTarget(name: string): Promise<{ databaseUrl?: string; dataDir: string }> {
    const dataDir = path.join(tmp, name);
    if (testDb === 'pglite') return { dataDir };
    const { default: pg } = await import('pg');
    const database = `backup_test_${name}_${process.pid}`;
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(`drop database if exists ${database}`);
      await client.query(`create database ${database}`);
    } finally {
      await client.end();
    }
    databases.push(database);
    // TEST_DATABASE_URL's database name swapped (a socket URL such as postgresql://root@/app_test?host=… is no WHATWG URL)
    const [base, query] = adminUrl.split('?');
    return { databaseUrl: `${base.replace(/\/[^/]*$/, `/${database}`)}${query ? `?${query}` : ''}`, dataDir };
  }
  const envOf = (target: { databaseUrl?: string; dataDir: string }) => ({
    DATABASE_URL: target.databaseUrl ?? '',
    DATA_DIR: target.dataDir,
  });
  const open = (target: { databaseUrl?: string; dataDir: string }, template?: typeof DEMO_TEMPLATE) =>
    openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.databaseUrl ? undefined : target.dataDir, template, poolSize: 4 });

  let source: { databaseUrl?: string; dataDir: string };
  let atBackup: Record<string, string[]>;
  const quietBackup = path.join(tmp, testDb === 'pglite' ? 'quiet.tar.gz' : 'quiet.dump');

  beforeAll(async () => {
    if (testDb === 'postgres') {
      adminUrl = process.env.TEST_DATABASE_URL ?? '';
      if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    }
    source = await newTarget('source');
  }, SLOW);

  afterAll(async () => {
    fs.rmSync(tmp, { recursive: true, force: true });
    if (!databases.length) return;
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      for (const database of databases) await client.query(`drop database if exists ${database} with (force)`);
    } finally {
      await client.end();
    }
  }, SLOW);

  it(
    'a backup taken while the server runs and writes is consistent: a pair written in one transaction restores whole',
    async () => {
      // the server: demo data, pg-boss and its workers, and a writer busy all along
      const handle: DatabaseHandle = await open(source, DEMO_TEMPLATE);
      let app: FastifyInstance | undefined;
      try {
        if (testDb === 'postgres') await seedDemo(handle.db);
        await createPairTables(handle.db);
        app = await buildApp({ config: serverConfig(source), handle, logger: false });
        // listening, as a server does: its job queue (pg-boss) starts and its workers run
        await app.listen({ port: 0, host: '127.0.0.1' });
        await waitForQuery(handle.db, sql<{ ok: boolean }>`select to_regclass('pgboss.job') is not null as ok`, 'the job queue to start');
        const writer = pairWriter(handle.db);
        await waitFor(() => writer.written() >= 20, 'the writer to start');
        const before = writer.written();
        const live = path.join(tmp, testDb === 'pglite' ? 'live.tar.gz' : 'live.dump');
        const backup = await manage(['backup', live], envOf(source));
        const during = writer.written() - before;
        await writer.stop();
        expect(backup.code, backup.stderr).toBe(0);
        if (testDb === 'pglite') expect(backup.stdout).toContain(`made by the running server, pid ${process.pid}`);
        expect(during, 'the writer went on during the backup').toBeGreaterThan(0);
        await app.close();
        app = undefined;

        const copy = await newTarget('live_copy');
        const restored = await manage(['restore', live], envOf(copy));
        expect(restored.code, restored.stderr).toBe(0);
        const copyHandle = await open(copy);
        try {
          const { a, b } = await pairs(copyHandle.db);
          expect(a.length).toBeGreaterThanOrEqual(20);
          expect(b).toEqual(a);
        } finally {
          await copyHandle.close();
        }
      } finally {
        await app?.close();
        await handle.close();
      }
    },
    SLOW,
  );

  it(
    'backs up, and restore --force brings back every table as it was at backup time',
    async () => {
      const handle = await open(source);
      try {
        atBackup = await everyTable(handle.db);
      } finally {
        await handle.close();
      }
      expect(Object.keys(atBackup)).toEqual(
        expect.arrayContaining(['public.app_user', 'public.profile', 'public.backup_pair_a', 'pgboss.job']),
      );
      expect(atBackup['public.profile'].length).toBeGreaterThan(100);
      expect(atBackup['public.profile_comment'].length).toBeGreaterThan(0);

      const backup = await manage(['backup', quietBackup], envOf(source));
      expect(backup.code, backup.stderr).toBe(0);
      expect(backup.stdout).toContain(`Backed up to ${quietBackup}`);
      expect(fs.statSync(quietBackup).mode & 0o077, 'readable by its owner only').toBe(0);

      const changing = await open(source);
      try {
        await changeEverything(changing.db);
        const changed = await everyTable(changing.db);
        for (const table of [
          'public.app_user',
          'public.profile_comment',
          'public.profile_list',
          'public.profile_list_profile',
          'pgboss.version',
        ]) {
          expect(changed[table], `${table} changed`).not.toEqual(atBackup[table]);
        }
      } finally {
        await changing.close();
      }

      const restored = await manage(['restore', quietBackup, '--force'], envOf(source));
      expect(restored.code, restored.stderr).toBe(0);
      expect(restored.stdout).toContain('replacing the database that was there');
      expect(restored.stdout).toContain('The database is up to date');

      const after = await open(source);
      try {
        const now = await everyTable(after.db);
        expect(Object.keys(now)).toEqual(Object.keys(atBackup));
        for (const table of Object.keys(atBackup)) expect(now[table], table).toEqual(atBackup[table]);
      } finally {
        await after.close();
      }
    },
    SLOW,
  );

  it(
    'refuses to restore over a non-empty database without --force, and a backup of the other kind of database',
    async () => {
      const refused = await manage(['restore', quietBackup], envOf(source));
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/already holds a database|is not empty/);
      expect(refused.stderr).toContain('Add --force');

      // not while a server has the database open, even with --force
      const running = await open(source);
      try {
        // a session held for the whole check: the pool would close an idle one after 10 s (as a server's
        // index, polling twice a second, never lets it), and a slow restore start would then find none
        const busy = await running.db.connection().execute(async (held) => {
          await sql`SELECT 1`.execute(held);
          return manage(['restore', quietBackup, '--force'], envOf(source));
        });
        expect(busy.code).toBe(1);
        expect(busy.stderr).toMatch(
          testDb === 'pglite' ? `A server (pid ${process.pid}) is running on DATA_DIR` : /other session\(s\) are connected/,
        );
      } finally {
        await running.close();
      }

      // the other kind's file, recognised by its first bytes whatever its name
      const other = path.join(tmp, 'other-kind.bak');
      if (testDb === 'pglite') fs.writeFileSync(other, Buffer.concat([Buffer.from('PGDMP'), Buffer.alloc(2000)]));
      else {
        const header = Buffer.alloc(1024);
        header.write('/PG_VERSION');
        fs.writeFileSync(other, zlib.gzipSync(header));
      }
      const wrongKind = await restoreDatabase(source, other, { force: true }).catch((error) => error);
      expect(wrongKind).toBeInstanceOf(BackupError);
      expect(wrongKind.message).toContain(testDb === 'pglite' ? 'is a PostgreSQL backup' : 'is an embedded-database backup');

      const garbage = path.join(tmp, 'garbage.bak');
      fs.writeFileSync(garbage, 'not a backup at all');
      const notBackup = await manage(['restore', garbage, '--force'], envOf(source));
      expect(notBackup.code).toBe(1);
      expect(notBackup.stderr).toContain('is not a backup made by');

      // nothing of it touched the database
      const handle = await open(source);
      try {
        const now = await everyTable(handle.db);
        for (const table of Object.keys(atBackup)) expect(now[table], table).toEqual(atBackup[table]);
      } finally {
        await handle.close();
      }
    },
    SLOW,
  );

  it(
    "a backup made by an older version restores, then is migrated to this version's schema",
    async () => {
      // an installation one migration behind this version
      const older = await newTarget('older');
      const names = Object.keys(migrations).sort();
      let db: Kysely<Database>;
      if (older.databaseUrl) {
        const { default: pg } = await import('pg');
        db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: older.databaseUrl, max: 2 }) }) });
      } else {
        fs.mkdirSync(path.join(older.dataDir, 'pgdata'), { recursive: true });
        db = new Kysely<Database>({
          dialect: new PGliteDialect({ pglite: await createPglite(path.join(older.dataDir, 'pgdata'), await pgliteExtensions()) }),
        });
      }
      try {
        const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
        const { error } = await migrator.migrateTo(names.at(-2) as string);
        expect(error).toBeUndefined();
      } finally {
        await db.destroy();
      }
      const file = path.join(tmp, testDb === 'pglite' ? 'older.tar.gz' : 'older.dump');
      const backup = await manage(['backup', file], envOf(older));
      expect(backup.code, backup.stderr).toBe(0);

      const restored = await manage(['restore', file], envOf(await newTarget('from_older')));
      expect(restored.code, restored.stderr).toBe(0);
      expect(restored.stdout).toContain(`Applied ${names.at(-1)}`);
      expect(restored.stdout).toContain(`The database is up to date: ${names.length} migrations`);
    },
    SLOW,
  );

  it.runIf(testDb === 'postgres')(
    'says clearly when pg_dump is not on PATH',
    async () => {
      // a PATH with node alone
      const bin = path.join(tmp, 'node-only-bin');
      fs.mkdirSync(bin, { recursive: true });
      fs.symlinkSync(process.execPath, path.join(bin, 'node'));
      const run = await manage(['backup', path.join(tmp, 'never.dump')], { ...envOf(source), PATH: bin });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('pg_dump was not found on PATH');
      expect(fs.existsSync(path.join(tmp, 'never.dump'))).toBe(false);
    },
    SLOW,
  );
});
