// The signals engine (issue Signals 2; docs/RULES.md): the change log matched against the rules.
//
// It walks the change log in the order its transactions wrote it, from a cursor (signal_cursor
// 'rules': a transaction id and a row id). Each step is one transaction: lock the cursor, read the
// next rows past it written by transactions that ended, match those of watched people against the
// rules watching them, insert their notifications, move the cursor past the rows read, commit.
// Every row of a field the rules read (watched or not) also gets its signals stored (change_signal,
// once per (row, signal)), which a rule's preview counts in SQL (preview.ts).
// A crash before the commit leaves nothing and the cursor where it was: the next run reads the
// same rows again; the unique key on (rule, change, recipient) keeps a notification from being
// raised twice whatever happens (a retried retrieval writes new rows only for what changed again).
// After each commit the High notifications just raised are queued for delivery; a send that is
// lost is found by the delivery's sweep of PENDING notifications that came due.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../db/schema';
import type { QueueDeclaration } from '../queue/job-queue';
import { ruleMatch, SIGNAL_FIELDS, signalsOf, type Signals } from './match';
import { notificationMessage } from './message';
import { NOTIFICATION_DELIVERY_QUEUE } from './queues';
import {
  advanceCursor,
  type Candidate,
  candidates,
  insertChangeSignals,
  insertNotifications,
  lockCursor,
  type NewNotification,
  pendingRows,
  previousRetrievals,
  signalSources,
} from './repository';
import { mayHaveLateRoles, signalRecords } from './change-signals';

/** Change-log rows read per transaction. */
export const CHUNK = 5_000;

interface Logger {
  info(object: object, message?: string): void;
  warn(object: object, message?: string): void;
}

export interface MatchOptions {
  /** base of the links the notifications carry (APP_URL) */
  appUrl: string;
  log?: Logger;
  /** where the High notifications raised are queued for delivery (none: the delivery's sweep finds them) */
  jobs?: { send<Data extends object>(queue: QueueDeclaration<Data>, data: Data): Promise<string> };
  chunk?: number;
  hooks?: {
    /** after a step's notifications are inserted, before its commit (a test kills the process here) */
    afterMatch?(): void | Promise<void>;
  };
}

export interface MatchResult {
  /** change-log rows the cursor moved past */
  scanned: number;
  /** notifications inserted */
  raised: number;
  /** of those, the High ones (queued for delivery) */
  high: number[];
}

const WATCHED = new Set<string>(SIGNAL_FIELDS);

/** The notifications the candidates of one step raise (each pair at most once, each rule reading one signal). */
function notificationsOf(found: Candidate[], signalsByChange: Map<string, Signals>, appUrl: string): NewNotification[] {
  const rows: NewNotification[] = [];
  for (const candidate of found) {
    const matched = ruleMatch(candidate, signalsByChange.get(candidate.change_id) ?? {});
    if (!matched) continue;
    const message = notificationMessage({
      person: { id: candidate.profile_id, first_name: candidate.first_name, last_name: candidate.last_name },
      signal: matched.signal,
      change: matched.change,
      changedAt: new Date(candidate.changed_at),
      dataSource:
        candidate.execution_id === null ? null : { id: candidate.data_source_id, name: candidate.data_source_name ?? 'a data source' },
      rule: { id: candidate.rule_id, name: candidate.rule_name },
      appUrl,
    });
    rows.push({
      body: message.body,
      subject: message.subject,
      details: JSON.stringify(message.details),
      notification_status: 'PENDING',
      notification_type: candidate.notification_type,
      priority: candidate.priority,
      recipient: candidate.owner_email,
      recipient_id: candidate.owner_id,
      rule_id: candidate.rule_id,
      rule_owner_id: candidate.owner_id,
      profile_id: candidate.profile_id,
      profile_change_id: candidate.change_id,
      // High is due at once; Medium and Low wait for their digest
      next_attempt_at: candidate.priority === 'High' ? sql<Date>`now()` : null,
    });
  }
  return rows;
}

/**
 * The signals of the rows `changeIds` (of the fields the rules read), stored in change_signal for
 * those past 'signals_from'; answered by change for the notifications. Previous retrievals are
 * looked up only for the jobs rows whose reading may depend on them.
 */
async function signalsOfRows(trx: Kysely<Database>, changeIds: string[]): Promise<Map<string, Signals>> {
  const rows = await signalSources(trx, changeIds, SIGNAL_FIELDS);
  const now = new Date();
  const previous = await previousRetrievals(
    trx,
    rows.filter((row) => mayHaveLateRoles(row, now)).map((row) => row.change_id),
  );
  const signals = new Map<string, Signals>();
  const records: Parameters<typeof insertChangeSignals>[1] = [];
  for (const row of rows) {
    const found = signalsOf(row.field, row.old_value, row.new_value, previous.get(row.change_id) ?? null);
    signals.set(row.change_id, found);
    if (row.recorded) records.push(...signalRecords(row, found));
  }
  await insertChangeSignals(trx, records);
  return signals;
}

/** One step: the next chunk of the change log, in one transaction. */
async function step(db: Kysely<Database>, options: MatchOptions, chunk: number): Promise<MatchResult & { full: boolean }> {
  return db.transaction().execute(async (trx) => {
    const cursor = await lockCursor(trx);
    const pending = await pendingRows(trx, cursor, chunk);
    if (!pending.length) return { scanned: 0, raised: 0, high: [], full: false };
    // every row the rules read gets its signals, watched or not: a rule's preview counts them (change_signal)
    const signals = await signalsOfRows(
      trx,
      pending.filter((row) => WATCHED.has(row.field)).map((row) => row.id),
    );
    const found = await candidates(trx, [...signals.keys()]);
    const inserted = await insertNotifications(trx, notificationsOf(found, signals, options.appUrl));
    await options.hooks?.afterMatch?.();
    const last = pending.at(-1)!;
    await advanceCursor(trx, { txid: last.txid, change_id: last.id });
    return {
      scanned: pending.length,
      raised: inserted.length,
      high: inserted.filter((row) => row.priority === 'High').map((row) => row.id),
      full: pending.length === chunk,
    };
  });
}

/**
 * Matches everything the change log gained past the cursor (written by transactions that have
 * ended), step by step, and queues the delivery of the High notifications raised.
 */
export async function matchPendingChanges(db: Kysely<Database>, options: MatchOptions): Promise<MatchResult> {
  const total: MatchResult = { scanned: 0, raised: 0, high: [] };
  const chunk = options.chunk ?? CHUNK;
  for (;;) {
    const { full, ...result } = await step(db, options, chunk);
    total.scanned += result.scanned;
    total.raised += result.raised;
    total.high.push(...result.high);
    if (result.high.length && options.jobs) {
      try {
        await options.jobs.send(NOTIFICATION_DELIVERY_QUEUE, { notification_ids: result.high });
      } catch (error) {
        // the delivery's sweep of due PENDING notifications sends them
        options.log?.warn({ err: error, notifications: result.high.length }, 'could not queue the delivery of new notifications');
      }
    }
    if (!full) break;
  }
  if (total.scanned) options.log?.info({ scanned: total.scanned, raised: total.raised }, 'signals matched');
  return total;
}
