import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { ProfileIndex } from './index';
import { inSlices } from './slices';
import { runInBackground } from './steps';
import { commitAt, databaseIdentity, journalGap } from './snapshot-identity';
import { readSnapshotHeader, readSnapshotParts, SnapshotRefused, writeSnapshotFile } from './snapshot-file';

/**
 * Where a server keeps its snapshot of the profile index and when it writes one: the
 * index built (or loaded) at start comes from it when it is of this database and the journal
 * still holds every commit since (a restart in seconds instead of a build), and it is written
 * again after each build, when the index moved enough, and at a clean shutdown.
 */
export interface SnapshotOptions {
  /** DATA_DIR/profile-index */
  dir: string;
  /** the embedded database's folder (DATA_DIR/pgdata): part of its identity */
  embeddedFolder?: string;
  /** this process writes snapshots (one per machine: web process 1); every process reads */
  write: boolean;
  /** write again once the index moved by this many commits (default 10,000) … */
  everyCommits?: number;
  /** … or it moved at all and the last one is this old (default 10 minutes) */
  everyMs?: number;
}

export const SNAPSHOT_EVERY_COMMITS = 10_000;
export const SNAPSHOT_EVERY_MS = 10 * 60_000;

const pause = () => new Promise((resolve) => setImmediate(resolve));

/** One file per database (its name; the identity inside tells two databases of one name apart). */
export function snapshotFile(options: SnapshotOptions, identity: Record<string, string>): string {
  return path.join(options.dir, `${identity.database.replace(/[^A-Za-z0-9_.-]/g, '_')}.snapshot`);
}

/** The snapshot's index, current with the version it reflects; undefined (and why) when there is none to use. */
export async function loadSnapshot(
  db: Kysely<Database>,
  options: SnapshotOptions,
  minRows: number,
): Promise<{ index: ProfileIndex; identity: Record<string, string>; bytes: number; ms: number } | { refused: string }> {
  const started = Date.now();
  try {
    const identity = await databaseIdentity(db, options.embeddedFolder);
    const file = snapshotFile(options, identity);
    const header = await readSnapshotHeader(file);
    const other = Object.keys({ ...identity, ...header.identity }).find((key) => identity[key] !== header.identity[key]);
    if (other) throw new SnapshotRefused(`it is of another database (its ${other} differs)`);
    if (header.code !== indexCode()) throw new SnapshotRefused('it was written by another version of the index code');
    if (header.rows < minRows) throw new SnapshotRefused(`it holds ${header.rows} profiles, fewer than are indexed`);
    const gap = await journalGap(db, header.version, header.commit);
    if (gap) throw new SnapshotRefused(gap);
    const index = ProfileIndex.fromParts(await readSnapshotParts(file, header, pause));
    if (index.version !== header.version) throw new SnapshotRefused('its parts and its header disagree');
    await inSlices(index.fitting()); // no spare room read from the file (see fitting)
    return { index, identity, bytes: header.bytes, ms: Date.now() - started };
  } catch (error) {
    if (error instanceof SnapshotRefused) return { refused: error.message };
    return { refused: `it could not be read: ${(error as Error).message}` };
  }
}

/**
 * Writes the index's snapshot. The index must not change until `released` is called (the manager
 * holds its catch-ups): then its arrays changed in place are written, and it may move on.
 */
export async function saveSnapshot(
  db: Kysely<Database>,
  options: SnapshotOptions,
  index: ProfileIndex,
  identity: Record<string, string>,
  released: () => void = () => {},
): Promise<{ bytes: number; ms: number }> {
  const started = Date.now();
  const file = snapshotFile(options, identity);
  const commit = await commitAt(db, index.version).catch(() => undefined);
  const meta = { identity, code: indexCode(), version: index.version, rows: index.rows, commit };
  // in the background's short slices: the orders' rows are copied (~400 ms at ten million rows at once)
  const bytes = await writeSnapshotFile(file, meta, await runInBackground(index.partsSteps()), pause, released);
  return { bytes, ms: Date.now() - started };
}

/** The identity to write with a snapshot, read while the database is there (a shutdown writes after). */
export const identityOf = (db: Kysely<Database>, options: SnapshotOptions) => databaseIdentity(db, options.embeddedFolder);

/**
 * The server's snapshots: in DATA_DIR/profile-index, written by web process 1 only (the others
 * read them; one DATA_DIR per machine). An embedded database that is not on disk (the tests'
 * in-memory one) has none.
 */
export function snapshotOptions(dataDir: string, embedded: boolean, env: NodeJS.ProcessEnv = process.env): SnapshotOptions | undefined {
  const embeddedFolder = embedded ? path.join(dataDir, 'pgdata') : undefined;
  if (embeddedFolder && !fs.existsSync(embeddedFolder)) return undefined;
  indexCode(); // now, while the bundle's chunk is surely there (a later build prunes old chunks after an hour)
  return { dir: path.join(dataDir, 'profile-index'), embeddedFolder, write: !env.WEB_PROCESS || env.WEB_PROCESS === '1' };
}

let code: string | undefined;

/**
 * The code a snapshot is read by must be the code that wrote it (a part may change its meaning
 * without changing its name): a hash of the index's code — from source (tests, benches), the
 * files of this folder; built (`npm start`), the bundle's chunk that holds this module and the
 * index's structures with it. A deploy that changes it builds the index once.
 */
export function indexCode(): string {
  if (code) return code;
  const here = fileURLToPath(import.meta.url);
  const files = here.endsWith('.ts')
    ? fs
        .readdirSync(path.dirname(here))
        .filter((name) => name.endsWith('.ts'))
        .sort()
        .map((name) => path.join(path.dirname(here), name))
    : [here];
  try {
    const hash = createHash('sha256');
    for (const file of files) hash.update(`${path.basename(file)}\n`).update(fs.readFileSync(file));
    code = hash.digest('hex').slice(0, 32);
  } catch {
    code = `unknown ${process.pid} ${Date.now()}`; // matches no snapshot, this process's own excepted
  }
  return code;
}
