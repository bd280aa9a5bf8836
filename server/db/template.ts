import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { Kysely, PGliteDialect } from 'kysely';
import type { Database } from './schema';
import { migrations } from './migrations';
import { migrate } from './migrate';
import { isAlive } from './lock';
import { createPglite, type PgliteExtensions } from './pglite';

/**
 * A new embedded database costs an initdb (seconds, tens of seconds on a busy
 * machine), its migrations, and for `npm start` the demo dataset. We make each
 * kind of new database once per install, as a closed PGlite data directory in
 * node_modules/.cache (at build time, see server/cli/prepare.ts, or else when
 * first needed), and keep a spare copy of it beside it: a new DATA_DIR takes the
 * spare with one rename and the server makes the next spare after it answers
 * (a plain copy of a thousand files otherwise, a few hundred milliseconds).
 * In-memory test databases load the migrated one from a tarball. The key changes
 * with PGlite, pg-boss, the migrations and, for a filled template, the files that
 * fill it: a stale template is never used.
 */
const require = createRequire(import.meta.url);
/** Where an install keeps its templates, relative to the checkout; a template's spare copy is the template's folder + SPARE_SUFFIX. */
export const TEMPLATE_CACHE = 'node_modules/.cache/talent-backoffice';
export const SPARE_SUFFIX = '.spare';
const cacheDir = path.resolve(TEMPLATE_CACHE);

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
  const visit = (entry: string): void => {
    if (!fs.existsSync(entry)) {
      hash.update(`missing ${entry}\n`);
      return;
    }
    if (fs.statSync(entry).isDirectory()) {
      for (const name of fs.readdirSync(entry).sort()) visit(path.join(entry, name));
      return;
    }
    hash.update(`${entry}\n`).update(fs.readFileSync(entry));
  };
  entries.forEach(visit);
  return hash.digest('hex');
}

const keys = new Map<string, string>();

function templateKey(template: DatabaseTemplate): string {
  const version = (name: string) => {
    try {
      return (require(`${name}/package.json`) as { version: string }).version;
    } catch {
      return 'unknown';
    }
  };
  let key = keys.get(template.name);
  if (!key) {
    const parts = [version('@electric-sql/pglite'), version('pg-boss'), ...Object.keys(migrations), template.name];
    if (template.sources) parts.push(contentHash(template.sources));
    key = createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 16);
    keys.set(template.name, key);
  }
  return key;
}

const templateDir = (template: DatabaseTemplate) => path.join(cacheDir, `pgdata-${template.name}-${templateKey(template)}`);
const spareOf = (dir: string) => `${dir}${SPARE_SUFFIX}`;
const isDatabase = (dir: string) => fs.existsSync(path.join(dir, 'PG_VERSION'));

/** The template and its spare are made. */
export function templateReady(template: DatabaseTemplate): boolean {
  const dir = templateDir(template);
  return isDatabase(dir) && fs.existsSync(`${dir}.tar.gz`) && isDatabase(spareOf(dir));
}

/**
 * Fills `pgdata` (missing or empty) with the template, made first if missing:
 * its spare copy when there is one (moved, not copied), a copy otherwise.
 * False when no template can be made: PGlite then runs initdb as usual.
 */
export async function copyTemplate(pgdata: string, template: DatabaseTemplate, extensions: PgliteExtensions): Promise<boolean> {
  try {
    const dir = await ensureTemplate(template, extensions);
    if (!takeSpare(dir, pgdata)) {
      // a copy-on-write clone where the file system offers one (the synchronous copy is 2–3 times faster than fs.promises.cp)
      fs.cpSync(dir, pgdata, { recursive: true, mode: fs.constants.COPYFILE_FICLONE });
    }
    return true;
  } catch {
    fs.rmSync(pgdata, { recursive: true, force: true });
    fs.mkdirSync(pgdata, { recursive: true });
    return false;
  }
}

/** Moves the spare into the empty `pgdata`; false when there is none (or it lives on another file system). */
function takeSpare(dir: string, pgdata: string): boolean {
  if (!isDatabase(spareOf(dir))) return false;
  try {
    fs.renameSync(spareOf(dir), pgdata); // atomic: of two new installations starting at once, one gets it
    return true;
  } catch {
    return false;
  }
}

/**
 * Makes the template's spare copy if it has none (nothing when the template
 * itself is missing). The copy runs on libuv's thread pool, beside the server's
 * own work, into a folder of its own that is renamed once complete.
 */
export async function prepareSpare(template: DatabaseTemplate): Promise<void> {
  // never rejects: the server runs it in the background and while closing
  let partial = '';
  try {
    const dir = templateDir(template);
    if (!isDatabase(dir) || isDatabase(spareOf(dir))) return;
    partial = `${spareOf(dir)}.${process.pid}.partial`;
    removeAbandoned();
    fs.rmSync(partial, { recursive: true, force: true });
    await copyTree(dir, partial);
    fs.renameSync(partial, spareOf(dir));
  } catch {
    // another process made one meanwhile, or the disk is full: a later start copies the template itself
    try {
      if (partial) fs.rmSync(partial, { recursive: true, force: true });
    } catch {
      // left for removeAbandoned() once this process is gone
    }
  }
}

/** Files copied at once: the rest of libuv's four threads stay free for the server meanwhile. */
const COPY_LANES = 2;

async function copyTree(from: string, to: string): Promise<void> {
  const files: [string, string][] = [];
  const list = (source: string, target: string) => {
    fs.mkdirSync(target, { recursive: true });
    for (const entry of fs.readdirSync(source, { withFileTypes: true })) {
      const [a, b] = [path.join(source, entry.name), path.join(target, entry.name)];
      if (entry.isDirectory()) list(a, b);
      else files.push([a, b]);
    }
  };
  list(from, to);
  let next = 0;
  const lane = async () => {
    while (next < files.length) {
      const [a, b] = files[next++];
      await fs.promises.copyFile(a, b, fs.constants.COPYFILE_FICLONE);
    }
  };
  await Promise.all(Array.from({ length: COPY_LANES }, lane));
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

export async function ensureTemplate(template: DatabaseTemplate, extensions: PgliteExtensions): Promise<string> {
  const dir = templateDir(template);
  if (isDatabase(dir) && fs.existsSync(`${dir}.tar.gz`)) return dir;
  removeAbandoned();
  const partial = `${dir}.${process.pid}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(partial, { recursive: true });
  try {
    const pglite = await createPglite(partial, extensions);
    try {
      const db = new Kysely<Database>({ dialect: new PGliteDialect({ pglite }) });
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
      if (!isDatabase(dir)) throw new Error(`could not place the database template in ${dir}`);
    }
    removeOtherVersions(path.basename(dir), template.name);
    return dir;
  } finally {
    fs.rmSync(partial, { recursive: true, force: true });
    fs.rmSync(`${partial}.tar.gz`, { force: true });
  }
}

/** Templates of this kind (and their spares) made for earlier code, and the tarballs of the first template layout. */
function removeOtherVersions(current: string, name: string): void {
  for (const entry of fs.readdirSync(cacheDir)) {
    const outdated = (entry.startsWith(`pgdata-${name}-`) && !entry.startsWith(current)) || /^pgdata-[0-9a-f]{16}\.tar\.gz$/.test(entry);
    if (outdated && !entry.includes('.partial')) fs.rmSync(path.join(cacheDir, entry), { recursive: true, force: true });
  }
}

/** Half-made templates and spares whose process is gone (killed while making them). */
function removeAbandoned(): void {
  if (!fs.existsSync(cacheDir)) return;
  for (const entry of fs.readdirSync(cacheDir)) {
    const pid = Number(/\.(\d+)\.partial/.exec(entry)?.[1]);
    if (pid && pid !== process.pid && !isAlive(pid)) fs.rmSync(path.join(cacheDir, entry), { recursive: true, force: true });
  }
}
