import type { Kysely } from 'kysely';
import type { Database } from './schema';

/**
 * Runs `work` in a transaction, or in the caller's when `db` already is one: a repository's
 * several statements stay atomic on their own and join the audited transaction of the route
 * that calls them (server/audit/audited.ts). Kysely refuses to nest `transaction()`.
 */
export function inTransaction<T>(db: Kysely<Database>, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
