// Watched saved searches (issue 18, saved-search alerts): after a retrieval, each watched search's
// query is run as its owner sees profiles, in SQL, and compared with who it matched before.
//
// One transaction per search, its row locked (FOR UPDATE): two checks never interleave, and a
// crash leaves nothing. The first check after a search is watched only records who matches (the
// baseline). Each later one raises one notification for the owner listing the people who newly
// match — not recorded, or gone 30 days or more; someone who left and came back sooner is not new
// — then records who matches (and who left). A muted search, or one whose owner is deactivated,
// keeps its record up to date and raises nothing; people the owner snoozed are recorded, not listed.
// A retrieval raises at most one alert per search (a check of an execution already alerted does
// nothing; the unique index notification_search_once_idx backs it). High alerts are queued for
// delivery after the commit; the delivery's sweep finds one whose queueing was lost.
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../db/schema';
import { readableDataSourceIds } from '../db/visibility';
import type { QueueDeclaration } from '../queue/job-queue';
import { MAX_ALERT_NAMES } from './details';
import { NOTIFICATION_DELIVERY_QUEUE } from './queues';
import { searchAlertMessage } from './search-alerts-message';
import { readSavedQuery } from './search-alerts-query';
import {
  alertRaised,
  executionOf,
  insertSearchAlert,
  lockSearch,
  markBaseline,
  newMatches,
  recordMatches,
  watchedSearchIds,
} from './search-alerts-repository';

/** An execution in one of these has written all it will write. */
const FINISHED = new Set(['SUCCESS', 'FAILURE', 'REVOKED']);

interface Logger {
  info(object: object, message?: string): void;
  warn(object: object, message?: string): void;
}

export interface SearchCheckOptions {
  /** the retrieval that just ended (none: a check on its own, e.g. from a test or a script) */
  executionId?: number;
  /** base of the links the alerts carry (APP_URL) */
  appUrl: string;
  log?: Logger;
  /** where the High alerts raised are queued for delivery (none: the delivery's sweep finds them) */
  jobs?: { send<Data extends object>(queue: QueueDeclaration<Data>, data: Data): Promise<string> };
}

export type SearchCheck = 'unwatched' | 'checked' | 'baseline' | 'alerted' | 'already alerted' | 'invalid query';

export interface SearchChecksResult {
  /** what each watched search's check did, by id */
  searches: Record<number, SearchCheck>;
  /** the alerts raised */
  raised: number[];
}

type Execution = { id: number; data_source_id: number | null; data_source_name: string } | null;

/** One search's check, in its own transaction; the id of the alert it raised, if any. */
async function checkSearch(
  db: Kysely<Database>,
  searchId: number,
  execution: Execution,
  options: SearchCheckOptions,
): Promise<{ check: SearchCheck; alert?: { id: number; high: boolean } }> {
  return db.transaction().execute(async (trx) => {
    const search = await lockSearch(trx, searchId);
    if (!search?.watched) return { check: 'unwatched' };
    // this retrieval's alert is out: whoever came since is new at the next check, not lost
    if (execution && (await alertRaised(trx, search.id, execution.id))) return { check: 'already alerted' };
    const saved = readSavedQuery(search.url);
    if ('problem' in saved) {
      options.log?.warn(
        { savedSearch: search.id, problem: saved.problem },
        'a watched saved search holds a query the profiles list refuses',
      );
      return { check: 'invalid query' };
    }
    const readable = await readableDataSourceIds(trx, { id: search.owner_id, is_staff: search.owner_staff });
    const alerting = search.baseline_at !== null && search.muted_at === null && search.owner_active;
    const fresh = alerting ? await newMatches(trx, search, saved, readable, MAX_ALERT_NAMES) : { total: 0, people: [] };
    await recordMatches(trx, search.id, saved, readable);
    if (search.baseline_at === null) {
      await markBaseline(trx, search.id);
      return { check: 'baseline' };
    }
    if (fresh.total === 0) return { check: 'checked' };
    const message = searchAlertMessage({
      search,
      people: fresh.people,
      total: fresh.total,
      dataSource: execution?.data_source_id != null ? { id: execution.data_source_id, name: execution.data_source_name } : null,
      checkedAt: new Date(),
      appUrl: options.appUrl,
    });
    const id = await insertSearchAlert(trx, {
      subject: message.subject,
      body: message.body,
      details: JSON.stringify(message.details),
      notification_status: 'PENDING',
      notification_type: search.notification_type,
      priority: search.priority,
      recipient: search.owner_email,
      recipient_id: search.owner_id,
      rule_owner_id: search.owner_id,
      rule_id: null,
      saved_search_id: search.id,
      execution_id: execution?.id ?? null,
      // High is due at once; Medium and Low wait for their digest
      next_attempt_at: search.priority === 'High' ? sql<Date>`now()` : null,
    });
    return id === undefined ? { check: 'already alerted' } : { check: 'alerted', alert: { id, high: search.priority === 'High' } };
  });
}

/** A High alert, committed, queued for delivery at once; a failed send is left to the delivery's sweep of due PENDING ones. */
async function queueDelivery(id: number, { jobs, log }: SearchCheckOptions): Promise<void> {
  try {
    await jobs?.send(NOTIFICATION_DELIVERY_QUEUE, { notification_ids: [id] });
  } catch (error) {
    log?.warn({ err: error, notification: id }, 'could not queue the delivery of a saved search alert');
  }
}

/**
 * Checks every watched saved search (any owner's) after the retrieval `executionId`, once it has
 * ended: one still running or to be retried is checked when its last run ends (it queues the check again).
 */
export async function checkWatchedSearches(db: Kysely<Database>, options: SearchCheckOptions): Promise<SearchChecksResult> {
  const result: SearchChecksResult = { searches: {}, raised: [] };
  let execution: Execution = null;
  if (options.executionId !== undefined) {
    const found = await executionOf(db, options.executionId);
    if (found && !FINISHED.has(found.status)) return result;
    execution = found ?? null; // gone (its source deleted): the check runs all the same, tied to no retrieval
  }
  for (const id of await watchedSearchIds(db)) {
    const { check, alert } = await checkSearch(db, id, execution, options);
    result.searches[id] = check;
    if (!alert) continue;
    result.raised.push(alert.id);
    if (alert.high) await queueDelivery(alert.id, options);
  }
  if (result.raised.length) options.log?.info({ execution: execution?.id, raised: result.raised.length }, 'saved search alerts raised');
  return result;
}
