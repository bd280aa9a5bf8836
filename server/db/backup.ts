import fs from 'node:fs';
import path from 'node:path';
import { BackupError, type BackupKind, detectBackupKind, KIND_NAMES, refuseOtherKind } from './backup-format';
import { backupPglite, restorePglite } from './backup-pglite';
import { backupPostgres, restorePostgres } from './backup-postgres';

/**
 * `npm run manage -- backup FILE` / `restore FILE [--force]` on the server's database:
 * PostgreSQL (DATABASE_URL) through pg_dump / pg_restore, the embedded one (DATA_DIR) through
 * PGlite's own data-directory dump, asked of the running server when there is one
 * (backup-pglite.ts, backup-socket.ts). README "Backup and restore".
 */
export { BackupError } from './backup-format';

export interface Target {
  databaseUrl?: string;
  dataDir: string;
}

const kindOf = (target: Target): BackupKind => (target.databaseUrl ? 'postgres' : 'pglite');

export interface BackupOutcome {
  kind: BackupKind;
  bytes: number;
  /** the running server that made the snapshot (embedded database) */
  server?: number;
}

/** Writes the backup; FILE appears only once complete (a failed backup leaves no file). */
export async function backupDatabase(target: Target, file: string): Promise<BackupOutcome> {
  const destination = path.resolve(file);
  if (fs.existsSync(destination) && fs.statSync(destination).isDirectory())
    throw new BackupError(`${file} is a folder: name the backup file.`);
  if (!fs.existsSync(path.dirname(destination))) throw new BackupError(`The folder ${path.dirname(destination)} does not exist.`);
  const partial = `${destination}.partial-${process.pid}`;
  try {
    let server: number | undefined;
    if (target.databaseUrl) await backupPostgres(target.databaseUrl, partial);
    else {
      const snapshot = await backupPglite(target.dataDir);
      fs.writeFileSync(partial, snapshot.bytes, { mode: 0o600 });
      server = snapshot.server;
    }
    fs.chmodSync(partial, 0o600); // the whole database: password hashes, sessions, sealed secrets
    fs.renameSync(partial, destination);
    return { kind: kindOf(target), bytes: fs.statSync(destination).size, server };
  } finally {
    fs.rmSync(partial, { force: true });
  }
}

export interface RestoreOutcome {
  kind: BackupKind;
  replaced: boolean;
}

export async function restoreDatabase(target: Target, file: string, options: { force: boolean }): Promise<RestoreOutcome> {
  if (!fs.existsSync(file)) throw new BackupError(`${file} does not exist.`);
  const kind = detectBackupKind(file);
  const into = kindOf(target);
  if (kind !== into) throw refuseOtherKind(file, kind, into);
  const { replaced } = target.databaseUrl
    ? await restorePostgres(target.databaseUrl, file, options.force)
    : await restorePglite(target.dataDir, fs.readFileSync(file), options.force);
  return { kind, replaced };
}

export const describeBackupKind = (kind: BackupKind) => KIND_NAMES[kind];
