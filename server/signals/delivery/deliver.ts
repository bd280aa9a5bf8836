// Delivering notifications (issue Signals 4): PENDING → SENT, or FAILED with the reason.
//
// Each message is sent from a claim: its rows are locked (FOR UPDATE SKIP LOCKED: a row another
// worker holds is left to it), checked to be still PENDING (and due, unless forced) and leased —
// their next_attempt_at moved a few minutes ahead — in one short transaction; the message is
// then sent with no lock held (a Slack webhook's pace may make it wait, an SMTP server may be
// slow), and the rows are settled: SENT with sent_at, a retry with its backoff, or FAILED. A worker
// that dies between the claim and the settlement leaves rows whose lease runs out: the sweep
// sends them again (delivery is at least once; a crash in the instant between the receiver's
// acceptance and the settlement's commit sends it twice).
//
// High notifications are sent one by one; Medium and Low wait for their digest (hourly, daily:
// server/jobs/notification-delivery.ts), one message per recipient, type and channel listing
// every change, all its notifications settled together. A forced re-send goes at once, alone.
import { setTimeout as sleep } from 'node:timers/promises';
import { sql, type ExpressionBuilder, type Kysely, type Selectable, type SqlBool, type Expression } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, NotificationTable, Priority } from '../../db/schema';
import { MailError, type Mailer } from '../../mail/mailer';
import { DEFAULT_RETRY_SECONDS, DeliveryFailure, MAX_ATTEMPTS, permanent, retryDelayMs, transient } from './policy';
import { digestMail, digestSlack, notificationMail, notificationSlack, type DigestKind } from './render';
import { alertLinker } from './render-links';
import { isTimeZone } from './digest-clock';
import { holdPace, paceChannel, postToSlack, reservePaceSlot, slackWebhookOf, type SlackWebhook } from './slack';

export interface DeliveryContext {
  db: Kysely<Database>;
  mailer: Mailer;
  /** base of the links in messages (APP_URL) */
  appUrl: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Slack webhooks may be on loopback or private addresses (ALLOW_PRIVATE_FEEDS) */
  allowPrivateNetworks: boolean;
  /** base of the retry backoff in seconds (NOTIFY_RETRY_SECONDS, default 15) */
  retrySeconds?: number;
  /** the job stopping: a wait ends, the claimed rows are left to their lease */
  signal?: AbortSignal;
}

export type Outcome = 'SENT' | 'RETRY' | 'FAILED' | 'SKIPPED';

type Row = Selectable<NotificationTable>;

type Target =
  | { kind: 'email'; key: string; to: string }
  | { kind: 'slack'; key: string; webhook: SlackWebhook }
  | { kind: 'none'; key: string; failure: DeliveryFailure };

/** How long claimed rows are kept from other workers while their message is sent. */
const LEASE_MS = 3 * 60_000;
/** High notifications sent at the same time by one job. */
const CONCURRENCY = 4;
/** Most notifications one digest run or sweep reads (the rest wait for the next). */
const BATCH_LIMIT = 20_000;

/** PENDING rows that may go now: never tried, or their next attempt (a retry, a lease) has come. */
export const due = (eb: ExpressionBuilder<Database, 'notification'>) =>
  eb.or([eb('next_attempt_at', 'is', null), eb('next_attempt_at', '<=', sql<Date>`now()`)]);

/**
 * Locks the rows of `ids` that are PENDING and meet `condition` (others are left out: sent,
 * deleted, not due, or held by another worker), leases them, and returns them.
 */
async function claim(
  db: Kysely<Database>,
  ids: number[],
  condition: (eb: ExpressionBuilder<Database, 'notification'>) => Expression<SqlBool>,
): Promise<Row[]> {
  if (ids.length === 0) return [];
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('notification')
      .selectAll()
      .where('id', 'in', ids)
      .where('notification_status', '=', 'PENDING')
      .where(condition)
      .orderBy('id')
      .forUpdate()
      .skipLocked()
      .execute();
    if (rows.length > 0) await lease(trx, rows, LEASE_MS);
    return rows;
  });
}

async function lease(db: Kysely<Database>, rows: Row[], ms: number): Promise<void> {
  await db
    .updateTable('notification')
    .set({ next_attempt_at: sql<Date>`now() + ${ms} * interval '1 millisecond'` })
    .where(
      'id',
      'in',
      rows.map((row) => row.id),
    )
    .where('notification_status', '=', 'PENDING')
    .execute();
}

/** The time zone a recipient reads their mail in (their setting), UTC without one. */
async function readerTimeZone(db: Kysely<Database>, userId: number | null): Promise<string> {
  if (userId === null) return 'UTC';
  const row = await db.selectFrom('app_user').select('time_zone').where('id', '=', userId).executeTakeFirst();
  return row?.time_zone && isTimeZone(row.time_zone) ? row.time_zone : 'UTC';
}

/** Where a notification goes: the recipient's address, or the rule owner's Slack webhook. */
async function targetOf(db: Kysely<Database>, row: Row, webhooks: Map<number | null, Promise<Target>>): Promise<Target> {
  if (row.notification_type === 'Email') return { kind: 'email', key: `email:${row.recipient.toLowerCase()}`, to: row.recipient };
  const owner = row.rule_owner_id ?? row.recipient_id;
  let target = webhooks.get(owner);
  if (!target) {
    target = slackWebhookOf(db, owner).then(
      (webhook): Target => ({ kind: 'slack', key: `slack:${webhook.connectionId}`, webhook }),
      (error): Target => {
        if (error instanceof DeliveryFailure) return { kind: 'none', key: `none:${owner}`, failure: error };
        throw error;
      },
    );
    webhooks.set(owner, target);
  }
  return target;
}

/** Sends one message for `rows` (claimed) to `target` and settles them; a digest when `digest`. */
async function sendClaimed(context: DeliveryContext, rows: Row[], target: Target, digest: DigestKind | null): Promise<Outcome> {
  const { db, log } = context;
  const ids = rows.map((row) => row.id);
  let paceKey: string | undefined;
  try {
    if (target.kind === 'none') throw target.failure;
    if (target.kind === 'email') {
      // the recipient's signed links: mute what raised it, not relevant (docs/ALERTS.md)
      const links = alertLinker(db, context.appUrl, rows[0].recipient_id ?? rows[0].rule_owner_id);
      const zone = await readerTimeZone(db, rows[0].recipient_id);
      const mail = digest
        ? digestMail(target.to, digest, rows, context.appUrl, links, zone)
        : notificationMail(target.to, rows[0], links, zone);
      await context.mailer.send(mail);
    } else {
      // a Slack channel's messages act for the rule's owner, whose webhook it is
      const links = alertLinker(db, context.appUrl, rows[0].rule_owner_id ?? rows[0].recipient_id);
      const message = digest ? digestSlack(digest, rows, context.appUrl, links) : notificationSlack(rows[0], links);
      paceKey = paceChannel(target.webhook.url);
      const wait = await reservePaceSlot(db, paceKey);
      // a long queue on this webhook: keep the rows leased until their turn has passed
      if (wait > LEASE_MS / 2) await lease(db, rows, wait + LEASE_MS);
      if (wait > 0) await sleep(wait, undefined, { signal: context.signal });
      await postToSlack(target.webhook, message, { allowPrivateNetworks: context.allowPrivateNetworks, signal: context.signal });
    }
  } catch (error) {
    // the job stops: the rows stay leased and come back with the sweep
    if (context.signal?.aborted) throw error;
    const failure = asFailure(error);
    log.warn({ notifications: ids, kind: failure.kind, reason: failure.message }, 'notification not delivered');
    if (failure.kind === 'rate-limited' && paceKey) await holdPace(db, paceKey, failure.retryAfterMs);
    return settleFailure(context, rows, failure);
  }
  await db
    .updateTable('notification')
    .set({
      notification_status: 'SENT',
      sent_at: sql<Date>`now()`,
      attempts: sql<number>`attempts + 1`,
      next_attempt_at: null,
      failure_reason: null,
      updated_at: sql<Date>`now()`,
    })
    .where('id', 'in', ids)
    .where('notification_status', '=', 'PENDING')
    .execute();
  log.info({ notifications: ids, type: rows[0].notification_type, digest }, 'notification delivered');
  return 'SENT';
}

function asFailure(error: unknown): DeliveryFailure {
  if (error instanceof DeliveryFailure) return error;
  if (error instanceof MailError) return error.permanent ? permanent(error.message) : transient(error.message);
  return transient(error instanceof Error ? error.message : String(error));
}

/** A failed attempt: a wait Slack asked for, a retry after the backoff, or FAILED — for all `rows` together. */
async function settleFailure(context: DeliveryContext, rows: Row[], failure: DeliveryFailure): Promise<Outcome> {
  const ids = rows.map((row) => row.id);
  const reason = failure.message.slice(0, 2000);
  const base = context.db.updateTable('notification').where('id', 'in', ids).where('notification_status', '=', 'PENDING');
  if (failure.kind === 'rate-limited') {
    await base
      .set({
        next_attempt_at: sql<Date>`now() + ${failure.retryAfterMs} * interval '1 millisecond'`,
        failure_reason: reason,
        updated_at: sql<Date>`now()`,
      })
      .execute();
    return 'RETRY';
  }
  const attempts = Math.max(...rows.map((row) => row.attempts)) + 1;
  if (failure.kind === 'permanent' || attempts >= MAX_ATTEMPTS) {
    await base
      .set({
        notification_status: 'FAILED',
        attempts,
        next_attempt_at: null,
        failure_reason: failure.kind === 'permanent' ? reason : `${reason} (gave up after ${attempts} attempts)`,
        updated_at: sql<Date>`now()`,
      })
      .execute();
    return 'FAILED';
  }
  const delay = retryDelayMs(attempts, context.retrySeconds ?? DEFAULT_RETRY_SECONDS);
  await base
    .set({
      attempts,
      next_attempt_at: sql<Date>`now() + ${delay} * interval '1 millisecond'`,
      failure_reason: reason,
      updated_at: sql<Date>`now()`,
    })
    .execute();
  return 'RETRY';
}

/** Runs `work` over `items`, at most `limit` at a time. */
async function inPool<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]);
  });
  await Promise.all(runners);
}

/**
 * Delivers each of `ids` on its own: High ones that are PENDING and due; with `force` (a re-send
 * asked for) any PENDING one, whatever its priority or next attempt. The outcome of each id
 * (SKIPPED: not PENDING, not due, not High, or held by another worker).
 */
export async function deliverNotifications(
  context: DeliveryContext,
  ids: number[],
  options: { force?: boolean } = {},
): Promise<Map<number, Outcome>> {
  const outcomes = new Map<number, Outcome>(ids.map((id) => [id, 'SKIPPED']));
  const webhooks = new Map<number | null, Promise<Target>>();
  await inPool([...new Set(ids)], CONCURRENCY, async (id) => {
    const [row] = await claim(context.db, [id], (eb) => (options.force ? eb.lit(true) : eb.and([eb('priority', '=', 'High'), due(eb)])));
    if (!row) return;
    let target: Target;
    try {
      target = await targetOf(context.db, row, webhooks);
    } catch (error) {
      outcomes.set(id, await settleFailure(context, [row], asFailure(error)));
      return;
    }
    outcomes.set(id, await sendClaimed(context, [row], target, null));
  });
  return outcomes;
}

export async function deliverNotification(context: DeliveryContext, id: number, options: { force?: boolean } = {}): Promise<Outcome> {
  return (await deliverNotifications(context, [id], options)).get(id)!;
}

export interface DigestRun {
  /** messages sent (or tried) */
  messages: number;
  /** notifications in them, by outcome */
  outcomes: Record<Outcome, number>;
}

/**
 * The digest of `priority`: every PENDING, due notification of that priority grouped by
 * recipient, type and channel (the Slack webhook), one message per group listing its changes (a
 * person's merged into one item), its rows settled together. Nothing pending: no message.
 * `retryingOnly`: only groups retrying after a failure (the sweep's part); `where`: only the
 * notifications it keeps (the daily digest's recipients whose hour has come: daily-digest.ts).
 */
export async function sendDigests(
  context: DeliveryContext,
  priority: DigestKind,
  options: { retryingOnly?: boolean; where?: (eb: ExpressionBuilder<Database, 'notification'>) => Expression<SqlBool> } = {},
): Promise<DigestRun> {
  const { db } = context;
  const run: DigestRun = { messages: 0, outcomes: { SENT: 0, RETRY: 0, FAILED: 0, SKIPPED: 0 } };
  const isDigestOf = (eb: ExpressionBuilder<Database, 'notification'>) =>
    eb.and([
      eb('priority', '=', priority satisfies Priority),
      due(eb),
      ...(options.retryingOnly ? [eb('failure_reason', 'is not', null)] : []),
      ...(options.where ? [options.where(eb)] : []),
    ]);
  const candidates = await db
    .selectFrom('notification')
    .selectAll()
    .where('notification_status', '=', 'PENDING')
    .where(isDigestOf)
    .orderBy('id')
    .limit(BATCH_LIMIT)
    .execute();
  const webhooks = new Map<number | null, Promise<Target>>();
  const groups = new Map<string, { target: Target; ids: number[] }>();
  for (const row of candidates) {
    const target = await targetOf(db, row, webhooks);
    const key = JSON.stringify([row.recipient.toLowerCase(), row.notification_type, target.key]);
    const group = groups.get(key) ?? { target, ids: [] };
    group.ids.push(row.id);
    groups.set(key, group);
  }
  for (const { target, ids } of groups.values()) {
    const rows = await claim(db, ids, isDigestOf);
    if (rows.length === 0) continue;
    run.messages += 1;
    run.outcomes[await sendClaimed(context, rows, target, priority)] += rows.length;
  }
  return run;
}

/**
 * The sweep (every minute): High notifications that came due (retries, and any whose queued
 * delivery was lost) and digests retrying after a failure.
 */
export async function deliverDue(context: DeliveryContext): Promise<{ high: number; digests: number }> {
  const rows = await context.db
    .selectFrom('notification')
    .select('id')
    .where('notification_status', '=', 'PENDING')
    .where('priority', '=', 'High')
    .where(due)
    .orderBy('id')
    .limit(BATCH_LIMIT)
    .execute();
  const outcomes = await deliverNotifications(
    context,
    rows.map((row) => row.id),
  );
  let digests = 0;
  for (const priority of ['Medium', 'Low'] as const) digests += (await sendDigests(context, priority, { retryingOnly: true })).messages;
  return { high: [...outcomes.values()].filter((outcome) => outcome !== 'SKIPPED').length, digests };
}
