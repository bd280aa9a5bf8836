// A rule's preview (issue 18, preview before saving): how often it would have fired on the change
// log of the last days, for how many people, with a few examples — the engine's own matching
// (match.ts, job-changes.ts) over the changes of the people in its lists, nothing written.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ruleMatch, signalsOf, type RuleCondition } from './match';
import { notificationMessage } from './message';
import { changeRows, previousRetrievals, recentChanges, type RecentChange } from './repository';
import { jobsOf, withoutLateRoles, type SignalChange } from './job-changes';
import { attributeOf, type AttributeSignal } from './vocabulary';

export const PREVIEW_DAYS = 30;
const EXAMPLES = 5;
/**
 * The most change-log rows a preview matches (bench/preview.ts: about 500 ms on two shared cores).
 * A list whose last 30 days hold more is previewed over the last whole days these rows cover:
 * exact counts over a shorter period the answer names (`days`), rather than a guess for 30.
 */
export const PREVIEW_ROWS = 20_000;
const DAY_MS = 86_400_000;

/**
 * The changes a preview matches and the days they cover: the last PREVIEW_DAYS days, or when
 * they hold more than PREVIEW_ROWS rows, the whole days before now that the newest PREVIEW_ROWS
 * hold completely (at least one: a day of changes is read whole, whatever its size).
 */
async function changesRead(
  db: Kysely<Database>,
  listIds: number[],
  fields: string[],
  maxRows: number,
): Promise<{ rows: RecentChange[]; days: number }> {
  const rows = await recentChanges(db, listIds, fields, PREVIEW_DAYS, maxRows + 1);
  if (rows.length <= maxRows) return { rows, days: PREVIEW_DAYS };
  // every row newer than the first one left out was read
  const days = Math.floor((Date.now() - new Date(rows[maxRows]!.changed_at).getTime()) / DAY_MS);
  if (days < 1) return { rows: await recentChanges(db, listIds, fields, 1, Number.MAX_SAFE_INTEGER), days: 1 };
  const since = Date.now() - days * DAY_MS;
  return { rows: rows.filter((row) => new Date(row.changed_at).getTime() >= since), days };
}

/** The change-log field each signal is read from (match.ts signalsOf). */
const FIELD_OF: Record<AttributeSignal, string> = { location: 'location', headline: 'headline', company: 'jobs', job_title: 'jobs' };

/** The change-log fields a rule's signals come from: the rows of other fields cannot match it, they are not read. */
export function fieldsRead(rule: RuleCondition): string[] {
  const attribute = attributeOf(rule.model_name, rule.attribute);
  if (!attribute) return [];
  return [...new Set([attribute.signal, ...(attribute.also ?? [])].map((signal) => FIELD_OF[signal]))];
}

export interface RulePreviewResult {
  days: number;
  fired: number;
  people: number;
  examples: { profile: { id: number; name: string }; sentence: string; changed_at: string }[];
}

/**
 * Whether a 'jobs' row's reading may depend on when the person was retrieved before: only when its
 * new list has a role that is not in the old one and started before now (job-changes.ts
 * withoutLateRoles; the previous retrieval is never later than now). The others are read without
 * looking it up, which a big list's moves would otherwise pay for row by row.
 */
function mayHaveLateRoles(row: RecentChange, now: Date): boolean {
  const newJobs = jobsOf(row.new_value);
  return withoutLateRoles(jobsOf(row.old_value), newJobs, now).length < newJobs.length;
}

/** The preview of `rule` over the people of `listIds` (lists the caller may read: checked by the route). */
export async function previewRule(
  db: Kysely<Database>,
  rule: RuleCondition,
  listIds: number[],
  maxRows = PREVIEW_ROWS,
): Promise<RulePreviewResult> {
  const result: RulePreviewResult = { days: PREVIEW_DAYS, fired: 0, people: 0, examples: [] };
  if (!listIds.length) return result;
  const { rows, days } = await changesRead(db, listIds, fieldsRead(rule), maxRows);
  result.days = days;
  const now = new Date();
  const previous = await previousRetrievals(
    db,
    rows.filter((row) => row.field === 'jobs' && mayHaveLateRoles(row, now)).map((row) => row.change_id),
  );
  const people = new Set<number>();
  const examples: { row: RecentChange; signal: AttributeSignal; change: SignalChange }[] = [];
  for (const row of rows) {
    const matched = ruleMatch(rule, signalsOf(row.field, row.old_value, row.new_value, previous.get(row.change_id) ?? null));
    if (!matched) continue;
    result.fired += 1;
    people.add(row.profile_id);
    if (examples.length < EXAMPLES) examples.push({ row, ...matched }); // newest first
  }
  result.people = people.size;
  const details = new Map(
    (
      await changeRows(
        db,
        examples.map(({ row }) => row.change_id),
      )
    ).map((row) => [row.change_id, row]),
  );
  for (const { row, signal, change } of examples) {
    const full = details.get(row.change_id);
    if (!full) continue; // deleted since
    const message = notificationMessage({
      person: { id: full.profile_id, first_name: full.first_name, last_name: full.last_name },
      signal,
      change,
      changedAt: new Date(full.changed_at),
      dataSource: full.execution_id === null ? null : { id: full.data_source_id, name: full.data_source_name ?? 'a data source' },
      rule: { id: 0, name: '' },
      appUrl: '',
    });
    result.examples.push({ profile: message.details.person, sentence: message.body, changed_at: message.details.changed_at });
  }
  return result;
}
