import fs from 'node:fs';
import zlib from 'node:zlib';

/**
 * What a backup file holds, read from its first bytes (its name is the operator's): PostgreSQL's
 * custom-format archive (`pg_dump -Fc`, starts with "PGDMP": pg_restore reads it as it is) or the
 * embedded database's data directory as a gzipped tarball (PGlite's `dumpDataDir`, whose first
 * entry is PG_VERSION: `tar xzf` reads it as it is). Neither restores into the other kind of
 * database: PGlite is PostgreSQL 18 and keeps its own files, the archive needs pg_restore.
 */
export type BackupKind = 'postgres' | 'pglite';

/** A backup or restore that cannot go on, with the message for the operator. */
export class BackupError extends Error {}

export const KIND_NAMES: Record<BackupKind, string> = {
  postgres: 'a PostgreSQL backup (pg_dump custom-format archive)',
  pglite: 'an embedded-database backup (the PGlite data directory, tar.gz)',
};

export function detectBackupKind(file: string): BackupKind {
  let head: Buffer;
  try {
    const fd = fs.openSync(file, 'r');
    try {
      head = Buffer.alloc(4096);
      head = head.subarray(0, fs.readSync(fd, head, 0, head.length, 0));
    } finally {
      fs.closeSync(fd);
    }
  } catch (error) {
    throw new BackupError(`Cannot read ${file}: ${(error as Error).message}`);
  }
  if (head.subarray(0, 5).toString('latin1') === 'PGDMP') return 'postgres';
  if (head[0] === 0x1f && head[1] === 0x8b && firstTarEntry(head)?.replace(/^\.?\//, '') === 'PG_VERSION') return 'pglite';
  throw new BackupError(
    `${file} is not a backup made by "npm run manage -- backup" (neither a pg_dump archive nor a PGlite data directory).`,
  );
}

/** The name of the first entry of a gzipped tarball, from the file's first bytes (its first 512-byte header). */
function firstTarEntry(head: Buffer): string | undefined {
  try {
    const gunzip = zlib.gunzipSync(head, { finishFlush: zlib.constants.Z_SYNC_FLUSH });
    if (gunzip.length < 512) return undefined;
    return gunzip.subarray(0, 100).toString('utf8').replace(/\0.*$/s, '');
  } catch {
    return undefined;
  }
}

export const refuseOtherKind = (file: string, kind: BackupKind, into: BackupKind): BackupError =>
  new BackupError(
    `${file} is ${KIND_NAMES[kind]}; this installation uses ${into === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : 'the embedded database (DATA_DIR)'}. ` +
      (kind === 'postgres'
        ? 'Restore it with DATABASE_URL set to a PostgreSQL database.'
        : 'Restore it with DATABASE_URL unset and DATA_DIR set to the embedded installation to restore.'),
  );
