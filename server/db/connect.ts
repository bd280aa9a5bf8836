import fs from 'node:fs';
import path from 'node:path';
import { Kysely, PGliteDialect, PostgresDialect } from 'kysely';
import type { PGlite } from '@electric-sql/pglite';
import type { Database } from './schema';
import { migrate } from './migrate';
import { lockDataDir } from './lock';
import { copyTemplate, migratedTarball, MIGRATED, prepareSpare, type DatabaseTemplate } from './template';
import { createPglite, pgliteExtensions } from './pglite';
import { serveSnapshots, type SnapshotServer } from './backup-socket';
import { snapshotPglite } from './backup-pglite';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: 'pglite' | 'postgres';
  /** the embedded engine, when embedded (pg-boss talks to it directly) */
  pglite?: PGlite;
  /** a new embedded database was created by this open */
  created: boolean;
  /** the template a new embedded database was copied from (its name) */
  createdFrom?: string;
  /**
   * Makes a new spare copy of the template this database was made from, when it took the
   * spare (see db/template.ts): the server calls it once it has answered, close() at the latest.
   */
  restock(): Promise<void>;
  close(): Promise<void>;
}

export interface OpenOptions {
  databaseUrl?: string;
  /** embedded database folder; undefined with no databaseUrl: in memory (tests) */
  dataDir?: string;
  /** pool size on PostgreSQL */
  poolSize?: number;
  /** what a new embedded database in dataDir starts as (default: migrated, empty) */
  template?: DatabaseTemplate;
}

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  const handle = options.databaseUrl
    ? await openPostgres(options.databaseUrl, options.poolSize ?? 10)
    : await openPglite(options.dataDir, options.template ?? MIGRATED);
  try {
    await migrate(handle.db);
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

async function openPostgres(connectionString: string, max: number): Promise<DatabaseHandle> {
  const { default: pg } = await import('pg');
  // timestamps come back as Date; integers (count(*) is bigint) as numbers
  pg.types.setTypeParser(20, (value: string) => Number(value));
  const pool = new pg.Pool({ connectionString, max });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, kind: 'postgres', created: false, restock: async () => {}, close: () => db.destroy() };
}

async function openPglite(dataDir: string | undefined, template: DatabaseTemplate): Promise<DatabaseHandle> {
  const extensions = await pgliteExtensions();
  let release = () => {};
  let created = true;
  let createdFrom: string | undefined;
  let pglite: PGlite;
  try {
    if (dataDir) {
      release = lockDataDir(dataDir);
      const pgdata = path.join(dataDir, 'pgdata');
      created = !fs.existsSync(path.join(pgdata, 'PG_VERSION'));
      fs.mkdirSync(pgdata, { recursive: true }); // PGlite does not create parent folders
      if (created && (await copyTemplate(pgdata, template, extensions))) createdFrom = template.name;
      pglite = await createPglite(pgdata, extensions);
    } else {
      pglite = await createPglite(undefined, extensions, { loadDataDir: await migratedTarball(extensions) });
    }
  } catch (error) {
    release();
    throw error;
  }
  const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
  // `npm run manage -- backup` asks the process holding DATA_DIR for its snapshot (db/backup-socket.ts)
  const snapshots: SnapshotServer | undefined = dataDir
    ? await serveSnapshots(dataDir, () => snapshotPglite(pglite)).catch(() => undefined)
    : undefined;
  let closed = false;
  let restocking: Promise<void> | undefined;
  const restock = () => (restocking ??= createdFrom ? prepareSpare(template) : Promise.resolve());
  return {
    db,
    kind: 'pglite',
    pglite,
    created,
    createdFrom,
    restock,
    async close() {
      if (closed) return;
      closed = true;
      try {
        await snapshots?.close();
        // closing PGlite flushes it to DATA_DIR
        await Promise.all([db.destroy(), restock()]);
      } finally {
        release();
      }
    },
  };
}

export { migrate } from './migrate';
