// The daily (Low) digest at each reader's own hour (issue 18, digests at the reader's hour).
//
// Run every minute (the delivery worker's sweep): a recipient is due when the latest instant
// their wall clock showed their digest hour (digest-clock.ts; their time zone, else UTC; their
// hour, 07:00 by default) is later than their last daily digest and later than the oldest of
// their waiting Low notifications — a notification waits for the first such instant after it
// was raised. Their digest lists those raised before that instant (one message per type and
// channel, as every digest: deliver.ts), and the instant is recorded as their last daily
// digest whether the message went or is retrying: a failure is retried by the sweep like any
// digest's (retrying notifications are not this function's), never by sending again at the
// same hour. Notifications without a recipient account go at 07:00 UTC.
import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../../db/schema';
import { due, sendDigests, type DeliveryContext, type DigestRun } from './deliver';
import { isTimeZone, latestDigestSlot } from './digest-clock';

/** The digest hour of a user who chose none, and of notifications without a recipient account. */
export const DEFAULT_DIGEST_HOUR = 7;

export interface DailyDigestRun extends DigestRun {
  /** recipient accounts whose hour had come (and 1 for the notifications without one, when theirs had) */
  recipients: number;
}

/** The recipients' slots of `now` that have come, each with the accounts it is for. */
interface DueSlot {
  slot: Date;
  userIds: number[];
  /** the notifications without a recipient account are due at this slot */
  orphans: boolean;
}

/** Sends the daily digest of every recipient whose hour has come at `now`. */
export async function sendDailyDigests(context: DeliveryContext, now: Date): Promise<DailyDigestRun> {
  const { db } = context;
  const waiting = await db
    .selectFrom('notification')
    .leftJoin('app_user as u', 'u.id', 'notification.recipient_id')
    .select(['notification.recipient_id', 'u.time_zone', 'u.digest_hour', 'u.last_daily_digest_at'])
    .select((eb) => eb.fn.min('notification.created_at').as('earliest'))
    .where('notification.notification_status', '=', 'PENDING')
    .where('notification.priority', '=', 'Low')
    .where('notification.failure_reason', 'is', null)
    .where(due)
    .groupBy(['notification.recipient_id', 'u.time_zone', 'u.digest_hour', 'u.last_daily_digest_at'])
    .execute();

  const slots = new Map<number, DueSlot>();
  for (const row of waiting) {
    const zone = row.recipient_id !== null && row.time_zone && isTimeZone(row.time_zone) ? row.time_zone : 'UTC';
    const hour = row.recipient_id !== null ? (row.digest_hour ?? DEFAULT_DIGEST_HOUR) : DEFAULT_DIGEST_HOUR;
    const slot = latestDigestSlot(now, zone, hour);
    if (slot.getTime() <= new Date(row.earliest as Date).getTime()) continue;
    if (row.last_daily_digest_at && slot.getTime() <= new Date(row.last_daily_digest_at).getTime()) continue;
    const due = slots.get(slot.getTime()) ?? { slot, userIds: [], orphans: false };
    if (row.recipient_id === null) due.orphans = true;
    else due.userIds.push(row.recipient_id);
    slots.set(slot.getTime(), due);
  }

  const run: DailyDigestRun = { recipients: 0, messages: 0, outcomes: { SENT: 0, RETRY: 0, FAILED: 0, SKIPPED: 0 } };
  for (const { slot, userIds, orphans } of slots.values()) {
    const where = (eb: ExpressionBuilder<Database, 'notification'>) =>
      eb.and([
        eb('failure_reason', 'is', null),
        eb('created_at', '<', slot),
        eb.or([...(userIds.length > 0 ? [eb('recipient_id', 'in', userIds)] : []), ...(orphans ? [eb('recipient_id', 'is', null)] : [])]),
      ]);
    const sent = await sendDigests(context, 'Low', { where });
    if (userIds.length > 0)
      await db
        .updateTable('app_user')
        .set({ last_daily_digest_at: slot })
        .where('id', 'in', userIds)
        .where((eb) => eb.or([eb('last_daily_digest_at', 'is', null), eb('last_daily_digest_at', '<', slot)]))
        .execute();
    run.recipients += userIds.length + (orphans ? 1 : 0);
    run.messages += sent.messages;
    for (const outcome of Object.keys(sent.outcomes) as (keyof DigestRun['outcomes'])[]) run.outcomes[outcome] += sent.outcomes[outcome];
  }
  return run;
}
