import fs from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { BackupError } from './backup-format';
import { requestSnapshot } from './backup-socket';
import { isAlive, lockDataDir } from './lock';
import { createPglite, pgliteExtensions } from './pglite';

/**
 * The embedded database's backup is its data directory as PGlite packs it (`dumpDataDir`, a
 * gzipped tarball), taken at a transaction boundary: inside PGlite's exclusive transaction (the
 * one Kysely's dialect opens for every transaction, so none of ours is half done) and its query
 * lock (pg-boss's statements wait too), after a CHECKPOINT (the data files are current, the
 * restored database starts without replaying the log). Its restore is a new data directory
 * unpacked beside the old one and swapped in: a failed restore leaves the old one as it was.
 */
export async function snapshotPglite(pglite: PGlite): Promise<Uint8Array> {
  const tarball = await pglite.transaction(async (tx) => {
    await tx.exec('CHECKPOINT');
    return pglite.dumpDataDir('gzip');
  });
  return new Uint8Array(await tarball.arrayBuffer());
}

/** The live process holding DATA_DIR, if any. */
export function dataDirHolder(dataDir: string): number | undefined {
  try {
    const pid = Number(fs.readFileSync(path.join(dataDir, 'server.lock'), 'utf8').trim());
    return pid && pid !== process.pid && isAlive(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

const hasDatabase = (pgdata: string) => fs.existsSync(path.join(pgdata, 'PG_VERSION'));

export interface PgliteBackup {
  bytes: Uint8Array;
  /** the running server's pid when it made the snapshot; undefined: this process opened DATA_DIR */
  server?: number;
}

export async function backupPglite(dataDir: string): Promise<PgliteBackup> {
  const pgdata = path.join(dataDir, 'pgdata');
  const holder = dataDirHolder(dataDir);
  if (holder) {
    try {
      return { bytes: await requestSnapshot(dataDir), server: holder };
    } catch (error) {
      throw new BackupError(
        `The process holding DATA_DIR ${dataDir} (pid ${holder}) did not give a snapshot: ${(error as Error).message}. ` +
          'Is it a server of an older version? Stop it and run the backup again.',
      );
    }
  }
  if (!hasDatabase(pgdata)) throw new BackupError(`There is no embedded database in DATA_DIR ${dataDir}: nothing to back up.`);
  const release = lockOrExplain(dataDir);
  try {
    const pglite = await createPglite(pgdata, await pgliteExtensions());
    try {
      return { bytes: await snapshotPglite(pglite) };
    } finally {
      await pglite.close();
    }
  } finally {
    release();
  }
}

export interface PgliteRestore {
  /** a database was there and is replaced */
  replaced: boolean;
}

/** Unpacks the backup as DATA_DIR's database; the server must be stopped. */
export async function restorePglite(dataDir: string, tarball: Uint8Array, force: boolean): Promise<PgliteRestore> {
  const pgdata = path.join(dataDir, 'pgdata');
  const holder = dataDirHolder(dataDir);
  if (holder) {
    throw new BackupError(
      `A server (pid ${holder}) is running on DATA_DIR ${dataDir}: stop it before restoring ` +
        '(a backup can be taken while it runs, a restore cannot).',
    );
  }
  const replaced = hasDatabase(pgdata);
  if (replaced && !force) {
    throw new BackupError(
      `DATA_DIR ${dataDir} already holds a database: restoring replaces all of it (schema and data, the job queue too). ` +
        'Add --force to do so.',
    );
  }
  const release = lockOrExplain(dataDir);
  const incoming = `${pgdata}.restoring-${process.pid}`;
  const outgoing = `${pgdata}.replaced-${process.pid}`;
  try {
    fs.rmSync(incoming, { recursive: true, force: true });
    fs.mkdirSync(incoming, { recursive: true });
    // PGlite unpacks it and starts on it: a tarball it cannot start from fails here, before the swap
    const pglite = await createPglite(incoming, await pgliteExtensions(), { loadDataDir: new Blob([new Uint8Array(tarball)]) });
    try {
      await pglite.query('select 1');
    } finally {
      await pglite.close();
    }
    if (replaced) fs.renameSync(pgdata, outgoing);
    fs.renameSync(incoming, pgdata);
    fs.rmSync(outgoing, { recursive: true, force: true });
    return { replaced };
  } catch (error) {
    // the old database back in its place if the swap stopped halfway
    if (!fs.existsSync(pgdata) && fs.existsSync(outgoing)) fs.renameSync(outgoing, pgdata);
    fs.rmSync(incoming, { recursive: true, force: true });
    if (error instanceof BackupError) throw error;
    throw new BackupError(`The backup could not be restored: ${(error as Error).message}. DATA_DIR ${dataDir} is unchanged.`);
  } finally {
    release();
  }
}

function lockOrExplain(dataDir: string): () => void {
  try {
    return lockDataDir(dataDir);
  } catch (error) {
    throw new BackupError((error as Error).message);
  }
}
