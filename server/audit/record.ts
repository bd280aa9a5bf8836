// Writing audit entries (issue 19): one multi-row INSERT for all the entries of a write (a
// bulk call of 10,000 items is a few statements, not 10,000), in the caller's transaction.
import type { Kysely } from 'kysely';
import type { AuditAction } from '../../types/api';
import type { Database } from '../db/schema';
import type { AuditChanges } from './changes';

/** Who wrote: a signed-in user, the user a signed link was sent to, or null for the system. */
export type AuditActor = { id: number; email: string } | null;

export interface AuditRecord {
  action: AuditAction;
  /** the resource's path in the API: 'profiles', 'data-sources', 'users'… */
  entity: string;
  object_id: number | null;
  object_repr: string;
  changes: AuditChanges;
}

/** Rows per INSERT: 7 parameters each, well under PostgreSQL's 65,535. */
const ROWS_PER_INSERT = 1000;

export async function insertAuditEntries(db: Kysely<Database>, actor: AuditActor, records: AuditRecord[]): Promise<void> {
  for (let start = 0; start < records.length; start += ROWS_PER_INSERT) {
    await db
      .insertInto('audit_log')
      .values(
        records.slice(start, start + ROWS_PER_INSERT).map((record) => ({
          user_id: actor?.id ?? null,
          user_email: actor?.email ?? null,
          action: record.action,
          entity: record.entity,
          object_id: record.object_id,
          object_repr: record.object_repr,
          changes: JSON.stringify(record.changes),
        })),
      )
      .execute();
  }
}
