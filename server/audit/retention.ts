// The audit trail's retention (issue 19): entries older than AUDIT_DAYS go, daily
// (server/jobs/audit-retention.ts).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Deletes the entries older than `days` days: how many went. */
export async function deleteAuditEntriesOlderThan(db: Kysely<Database>, days: number): Promise<number> {
  const result = await db
    .deleteFrom('audit_log')
    .where('created_at', '<', sql<Date>`now() - ${days} * interval '1 day'`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
