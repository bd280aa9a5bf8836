import fs from 'node:fs';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema';

/**
 * Which database a snapshot of the profile index is of, told robustly: the cluster's system
 * identifier (a new cluster, an initdb, a base backup of another one: another number), the
 * database's name, and the profile table's oid (a restore by pg_restore creates the table
 * anew). The embedded database adds its folder's inode: a restore swaps in a new folder
 * (server/db/backup-pglite.ts) whose files keep the old oids and identifier.
 */
export async function databaseIdentity(db: Kysely<Database>, embeddedFolder?: string): Promise<Record<string, string>> {
  const { rows } = await sql<{ database: string; table: string }>`
    SELECT current_database() AS database, 'profile'::regclass::oid::text AS table`.execute(db);
  const identity: Record<string, string> = { database: rows[0].database, table: rows[0].table };
  try {
    const system = await sql<{ id: string }>`SELECT system_identifier::text AS id FROM pg_control_system()`.execute(db);
    identity.system = system.rows[0].id;
  } catch {
    // a role without the right to read it: the server's address stands in for it
    const server = await sql<{ at: string | null }>`SELECT inet_server_addr()::text || ':' || inet_server_port() AS at`.execute(db);
    identity.server = server.rows[0].at ?? 'socket';
  }
  if (embeddedFolder) {
    const folder = fs.statSync(embeddedFolder);
    identity.folder = `${folder.dev}:${folder.ino}:${folder.birthtimeMs}`;
  }
  return identity;
}

/** The commit that made `version`, while the journal holds it (its transaction and time tell one history from another). */
export async function commitAt(db: Kysely<Database>, version: number): Promise<{ xid: string; at: string } | undefined> {
  const { rows } = await sql<{ xid: string; at: string }>`
    SELECT xid::text AS xid, (extract(epoch FROM committed_at) * 1000000)::bigint::text AS at FROM profile_index_commit WHERE version = ${version}`.execute(
    db,
  );
  return rows[0];
}

/**
 * Why a snapshot at `version` (made by `commit`) cannot be caught up from the journal, or
 * undefined when it can: the journal holds every commit after it up to the head.
 */
export async function journalGap(
  db: Kysely<Database>,
  version: number,
  commit: { xid: string; at: string } | undefined,
): Promise<string | undefined> {
  const { rows } = await sql<{ head: string | null; commits: number; reset: boolean | null }>`
    SELECT (SELECT version::text FROM table_version WHERE table_name = 'profile') AS head,
           count(*)::int AS commits, bool_or(reset) AS reset
    FROM profile_index_commit
    WHERE version > ${version} AND version <= (SELECT version FROM table_version WHERE table_name = 'profile')`.execute(db);
  const head = rows[0].head === null ? undefined : Number(rows[0].head);
  if (head === undefined) return 'the profile table is not versioned';
  if (head < version) return `it is at version ${version}, the database at ${head} (restored from an earlier state?)`;
  if (rows[0].commits !== head - version) return `the journal no longer holds the ${head - version} commits after its version ${version}`;
  if (rows[0].reset) return 'the table was emptied since';
  if (commit) {
    const now = await commitAt(db, version);
    if (now && (now.xid !== commit.xid || now.at !== commit.at)) return `version ${version} is another commit than the one it reflects`;
  }
  return undefined;
}
