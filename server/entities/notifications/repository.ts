// Notifications' SQL (SPEC §3 Notification, §7 Notifications): the rules engine writes them
// (server/signals/), the delivery sends them; the API reads, deletes and re-sends.
import { sql, type Kysely, type Selectable, type SqlBool } from 'kysely';
import type { Database, NotificationTable } from '../../db/schema';
import type { Viewer } from '../../db/viewer';
import type { Notification } from '../../../types/api';
import { readableDataSourceIds } from '../../db/visibility';

export type NotificationRow = Selectable<NotificationTable>;

/** The notifications `viewer` may see (CONVENTIONS "Who sees what"): theirs as recipient or as the rule's owner; staff: all. */
export function visibleNotifications(db: Kysely<Database>, viewer: Viewer) {
  const query = db.selectFrom('notification').selectAll('notification');
  if (viewer.is_staff) return query;
  return query.where((eb) => eb.or([eb('notification.recipient_id', '=', viewer.id), eb('notification.rule_owner_id', '=', viewer.id)]));
}

/** Rows → items: the rule by name, the person when the viewer may see them (else null, as a deleted one). */
export async function toNotifications(db: Kysely<Database>, viewer: Viewer, rows: NotificationRow[]): Promise<Notification[]> {
  if (rows.length === 0) return [];
  const ruleIds = [...new Set(rows.map((r) => r.rule_id).filter((id): id is number => id !== null))];
  const profileIds = [...new Set(rows.map((r) => r.profile_id).filter((id): id is number => id !== null))];
  const [rules, profiles] = await Promise.all([
    ruleIds.length ? db.selectFrom('rule').select(['id', 'name']).where('id', 'in', ruleIds).execute() : [],
    profileIds.length ? visibleProfiles(db, viewer, profileIds) : [],
  ]);
  const searchIds = [...new Set(rows.map((r) => r.saved_search_id).filter((id): id is number => id !== null))];
  const searches = searchIds.length
    ? await db.selectFrom('saved_search').select(['id', 'name']).where('id', 'in', searchIds).execute()
    : [];
  const searchOf = new Map(searches.map((s) => [s.id, s]));
  const ruleOf = new Map(rules.map((r) => [r.id, r]));
  const profileOf = new Map(profiles.map((p) => [p.id, p]));
  return rows.map((row) => ({
    id: row.id,
    body: row.body,
    notification_status: row.notification_status,
    notification_type: row.notification_type,
    recipient: row.recipient,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    priority: row.priority,
    failure_reason: row.failure_reason,
    attempts: row.attempts,
    sent_at: row.sent_at?.toISOString() ?? null,
    rule: (row.rule_id !== null && ruleOf.get(row.rule_id)) || null,
    saved_search: (row.saved_search_id !== null && searchOf.get(row.saved_search_id)) || null,
    not_relevant: row.not_relevant_at !== null,
    profile: (row.profile_id !== null && profileOf.get(row.profile_id)) || null,
  }));
}

async function visibleProfiles(db: Kysely<Database>, viewer: Viewer, ids: number[]) {
  const readable = await readableDataSourceIds(db, viewer);
  if (readable !== null && readable.length === 0) return [];
  let query = db.selectFrom('profile').select(['id', 'first_name', 'last_name']).where('id', 'in', ids);
  if (readable !== null) query = query.where(sql<SqlBool>`data_source_ids && ${sql.val(readable)}::int[]`);
  return query.execute();
}

/** A re-send asked for: PENDING again, due now, its attempts and last failure forgotten. */
export async function markForResend(db: Kysely<Database>, id: number): Promise<void> {
  await db
    .updateTable('notification')
    .set({
      notification_status: 'PENDING',
      attempts: 0,
      next_attempt_at: sql`now()`,
      failure_reason: null,
      updated_at: sql`now()`,
    })
    .where('id', '=', id)
    .execute();
}

/** A re-send that could not be queued: the reason shows on the notification. */
export async function noteResendNotQueued(db: Kysely<Database>, id: number, reason: string): Promise<void> {
  await db.updateTable('notification').set({ failure_reason: reason, updated_at: sql`now()` }).where('id', '=', id).execute();
}
