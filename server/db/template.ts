import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { Kysely, PGliteDialect } from 'kysely';
import type { PGlite } from '@electric-sql/pglite';
import type { Database } from './schema';
import { migrations } from './migrations';

/**
 * A new embedded database costs an initdb (seconds, tens of seconds on a busy
 * machine), its migrations, and for `npm start` the demo dataset. We make each
 * kind of new database once per install, as a closed PGlite data directory in
 * node_modules/.cache, and copy it for every new DATA_DIR (a plain file copy:
 * a new installation then starts in about the time of a restart). In-memory
 * test databases load the migrated one from a tarball. The key changes with
 * PGlite, pg-boss, the migrations and, for a filled template, the files that
 * fill it: a stale template is never used.
 */
const require = createRequire(import.meta.url);
const cacheDir = path.resolve('node_modules/.cache/talent-backoffice');

export type PgliteExtensions = Record<string, unknown>;

/** What a new database starts with beyond the migrations. */
export interface DatabaseTemplate {
  name: string;
  /** fills the migrated database (runs once per install, when the template is made) */
  fill?: (db: Kysely<Database>) => Promise<void>;
  /** files and folders whose content the filled template depends on */
  sources?: string[];
}

export const MIGRATED: DatabaseTemplate = { name: 'migrated' };

function contentHash(entries: string[]): string {
  const hash = createHash('sha256');
  const visit = (entry: string) => {
    if (!fs.existsSync(entry)) return hash.update(`missing ${entry}\n`);
    if (fs.statSync(entry).isDirectory()) return fs.readdirSync(entry).sort().forEach((name) => visit(path.join(entry, name)));
    hash.update(`${entry}\n`).update(fs.readFileSync(entry));
  };
  entries.forEach(visit);
  return hash.digest('hex');
}

function templateKey(template: DatabaseTemplate): string {
  const version = (name: string) => {
    try {
      return (require(`${name}/package.json`) as { version: string }).version;
    } catch {
      return 'unknown';
    }
  };
  const parts = [version('@electric-sql/pglite'), version('pg-boss'), ...Object.keys(migrations), template.name];
  if (template.sources) parts.push(contentHash(template.sources));
  return createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 16);
}

export async function createPglite(dataDir: string | undefined, extensions: PgliteExtensions, options: { loadDataDir?: Blob } = {}): Promise<PGlite> {
  const { PGlite } = await import('@electric-sql/pglite');
  return dataDir
    ? PGlite.create(dataDir, { extensions: extensions as never, ...options })
    : PGlite.create({ extensions: extensions as never, ...options });
}

/**
 * Fills `pgdata` (missing or empty) with a copy of the template, made first if
 * missing. False when no template can be made: PGlite then runs initdb as usual.
 */
export async function copyTemplate(pgdata: string, template: DatabaseTemplate, extensions: PgliteExtensions): Promise<boolean> {
  try {
    const dir = await ensureTemplate(template, extensions);
    // a copy-on-write clone where the file system offers one (the synchronous copy is 2–3 times faster than fs.promises.cp)
    fs.cpSync(dir, pgdata, { recursive: true, mode: fs.constants.COPYFILE_FICLONE });
    return true;
  } catch {
    fs.rmSync(pgdata, { recursive: true, force: true });
    fs.mkdirSync(pgdata, { recursive: true });
    return false;
  }
}

/** The migrated template as a tarball, for in-memory databases. Undefined when it cannot be made. */
export async function migratedTarball(extensions: PgliteExtensions): Promise<Blob | undefined> {
  try {
    const dir = await ensureTemplate(MIGRATED, extensions);
    return new Blob([fs.readFileSync(`${dir}.tar.gz`)]);
  } catch {
    return undefined;
  }
}

async function ensureTemplate(template: DatabaseTemplate, extensions: PgliteExtensions): Promise<string> {
  const dir = path.join(cacheDir, `pgdata-${template.name}-${templateKey(template)}`);
  if (fs.existsSync(path.join(dir, 'PG_VERSION')) && fs.existsSync(`${dir}.tar.gz`)) return dir;
  const partial = `${dir}.${process.pid}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(partial, { recursive: true });
  try {
    const pglite = await createPglite(partial, extensions);
    try {
      const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
      const { migrate } = await import('./connect');
      await migrate(db);
      const { PgBoss, fromPglite } = await import('pg-boss');
      const boss = new PgBoss({ db: fromPglite(pglite as never), backend: 'pglite', supervise: false, schedule: false });
      await boss.start();
      await boss.stop({ graceful: false, close: false });
      await template.fill?.(db);
      const dump = await pglite.dumpDataDir('gzip');
      fs.writeFileSync(`${partial}.tar.gz`, Buffer.from(await dump.arrayBuffer()));
    } finally {
      await pglite.close();
    }
    // renames are atomic: a concurrent builder never sees half a template; the first one wins
    fs.renameSync(`${partial}.tar.gz`, `${dir}.tar.gz`);
    try {
      fs.renameSync(partial, dir);
    } catch {
      if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) throw new Error(`could not place the database template in ${dir}`);
    }
    removeOtherVersions(path.basename(dir), template.name);
    return dir;
  } finally {
    fs.rmSync(partial, { recursive: true, force: true });
    fs.rmSync(`${partial}.tar.gz`, { force: true });
  }
}

/** Templates of this kind made for earlier code, and the tarballs of the first template layout. */
function removeOtherVersions(current: string, name: string): void {
  for (const entry of fs.readdirSync(cacheDir)) {
    const outdated = (entry.startsWith(`pgdata-${name}-`) && !entry.startsWith(current)) || /^pgdata-[0-9a-f]{16}\.tar\.gz$/.test(entry);
    if (outdated && !entry.includes('.partial')) fs.rmSync(path.join(cacheDir, entry), { recursive: true, force: true });
  }
}
