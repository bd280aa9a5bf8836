// A rule's preview (issue 18, preview before saving): how often it would have fired on the change
// log of the last 30 days, for how many people, with a few examples — nothing written. The rows the
// signals engine walked are counted in SQL over their stored signals (change_signal: read once, by
// the engine, with match.ts and job-changes.ts); the few it has not (past its cursor, or written
// before it stored signals) are matched here in JS with the same functions. Both in one snapshot.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { mayHaveLateRoles, operatorSql } from './change-signals';
import { ruleMatch, signalsOf, type RuleCondition } from './match';
import { notificationMessage } from './message';
import { changeRows, previousRetrievals } from './repository';
import { type RecentChange, signalBounds, signalCounts, unrecordedChanges, PER_PERSON_READ } from './preview-repository';
import type { SignalChange } from './job-changes';
import { attributeOf, type AttributeSignal } from './vocabulary';

type Db = Kysely<Database>;

export const PREVIEW_DAYS = 30;
const EXAMPLES = 5;
/**
 * A safety cap on the rows matched in JS (the SQL part has none: bench/preview.ts counts a
 * million people's 30 days within 500 ms). They are few — the minute the engine has not walked
 * yet — but for the 30 days after the migration, or an engine far behind, they can be the whole
 * log: past this many, the preview counts over the last whole days they cover and says so (`days`).
 */
export const PREVIEW_ROWS = 20_000;
const DAY_MS = 86_400_000;

/** The change-log field each signal is read from (match.ts signalsOf). */
const FIELD_OF: Record<AttributeSignal, string> = { location: 'location', headline: 'headline', company: 'jobs', job_title: 'jobs' };

/** The signals a rule reads, in ruleMatch's order. */
function signalsRead(rule: RuleCondition): AttributeSignal[] {
  const attribute = attributeOf(rule.model_name, rule.attribute);
  return attribute ? [attribute.signal, ...(attribute.also ?? [])] : [];
}

/** The change-log fields a rule's signals come from: the rows of other fields cannot match it, they are not read. */
export function fieldsRead(rule: RuleCondition): string[] {
  return [...new Set(signalsRead(rule).map((signal) => FIELD_OF[signal]))];
}

export interface RulePreviewResult {
  days: number;
  fired: number;
  people: number;
  examples: { profile: { id: number; name: string }; sentence: string; changed_at: string }[];
}

export interface PreviewOptions {
  /** the cap on rows matched in JS (PREVIEW_ROWS) */
  maxRows?: number;
  /** lists up to this many people are read person by person (PER_PERSON_READ) */
  perPersonRead?: number;
}

interface Example {
  change_id: string;
  changed_at: Date;
  signal: AttributeSignal;
  change: SignalChange | null;
}

const newestFirst = (a: Example, b: Example) =>
  b.changed_at.getTime() - a.changed_at.getTime() || Number(BigInt(b.change_id) - BigInt(a.change_id));

/** The rows not counted in SQL and the days they allow: 30, or the whole days the newest maxRows cover (at least one). */
async function unrecordedRead(trx: Db, listIds: number[], fields: string[], maxRows: number, perPersonRead: number) {
  const bounds = await signalBounds(trx);
  const read = (since: Date, limit: number) => unrecordedChanges(trx, listIds, fields, since, limit, bounds, perPersonRead);
  const since = new Date(Date.now() - PREVIEW_DAYS * DAY_MS);
  const rows = await read(since, maxRows + 1);
  if (rows.length <= maxRows) return { rows, days: PREVIEW_DAYS, since };
  // every row newer than the first one left out was read
  const days = Math.floor((Date.now() - new Date(rows[maxRows]!.changed_at).getTime()) / DAY_MS);
  if (days < 1) {
    const day = new Date(Date.now() - DAY_MS);
    return { rows: await read(day, Number.MAX_SAFE_INTEGER), days: 1, since: day };
  }
  const cut = new Date(Date.now() - days * DAY_MS);
  return { rows: rows.filter((row) => new Date(row.changed_at) >= cut), days, since: cut };
}

/** The JS part: the rows matched, their people, the first EXAMPLES matches (newest first). */
async function matchUnrecorded(trx: Db, rule: RuleCondition, rows: RecentChange[]) {
  const now = new Date();
  const previous = await previousRetrievals(
    trx,
    rows.filter((row) => mayHaveLateRoles(row, now)).map((row) => row.change_id),
  );
  let fired = 0;
  const people = new Set<number>();
  const examples: Example[] = [];
  for (const row of rows) {
    const matched = ruleMatch(rule, signalsOf(row.field, row.old_value, row.new_value, previous.get(row.change_id) ?? null));
    if (!matched) continue;
    fired += 1;
    people.add(row.profile_id);
    if (examples.length < EXAMPLES) examples.push({ change_id: row.change_id, changed_at: new Date(row.changed_at), ...matched });
  }
  return { fired, people, examples };
}

/**
 * The examples counted in SQL, with their changes as a sentence shows them (a job as 'CTO at Acme':
 * the stored texts are the company's name): their rows read again and matched as the engine did;
 * the signal ruleMatch finds first when a change carries several.
 */
async function withChanges(trx: Db, rule: RuleCondition, newest: { change_id: string; signal: string; changed_at: Date }[]) {
  const order = signalsRead(rule);
  const examples = new Map<string, Example>();
  for (const row of newest) {
    const seen = examples.get(row.change_id);
    const signal = row.signal as AttributeSignal;
    if (!seen || order.indexOf(signal) < order.indexOf(seen.signal)) examples.set(row.change_id, { ...row, signal, change: null });
  }
  const rows = await changeRows(trx, [...examples.keys()]);
  const now = new Date();
  const previous = await previousRetrievals(
    trx,
    rows.filter((row) => mayHaveLateRoles(row, now)).map((row) => row.change_id),
  );
  for (const row of rows) {
    const example = examples.get(row.change_id)!;
    const signals = signalsOf(row.field, row.old_value, row.new_value, previous.get(row.change_id) ?? null);
    example.change = signals[example.signal] ?? null;
  }
  return [...examples.values()];
}

/** The preview of `rule` over the people of `listIds` (lists the caller may read: checked by the route). */
export async function previewRule(
  db: Db,
  rule: RuleCondition,
  listIds: number[],
  options: PreviewOptions = {},
): Promise<RulePreviewResult> {
  const result: RulePreviewResult = { days: PREVIEW_DAYS, fired: 0, people: 0, examples: [] };
  const signals = signalsRead(rule);
  if (!listIds.length || !signals.length) return result;
  const [maxRows, perPersonRead] = [options.maxRows ?? PREVIEW_ROWS, options.perPersonRead ?? PER_PERSON_READ];
  // one snapshot: a row the engine walks meanwhile is in change_signal or past its cursor, not both
  const { examples, rows } = await db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      // sorts and hashes of big lists in memory, not on disk; no JIT (its compiling costs more than it saves here)
      await sql`SET LOCAL work_mem = '64MB'`.execute(trx);
      await sql`SET LOCAL jit = off`.execute(trx);
      const unrecorded = await unrecordedRead(trx, listIds, fieldsRead(rule), maxRows, perPersonRead);
      result.days = unrecorded.days;
      const inJs = await matchUnrecorded(trx, rule, unrecorded.rows);
      const inSql = await signalCounts(
        trx,
        listIds,
        signals,
        new Set(signals.map((signal) => FIELD_OF[signal])).size === signals.length,
        operatorSql(rule.operator, rule.value),
        unrecorded.since,
        [...inJs.people],
        EXAMPLES,
        perPersonRead,
      );
      result.fired = inJs.fired + inSql.fired;
      result.people = inSql.people;
      const chosen = [...inJs.examples, ...(await withChanges(trx, rule, inSql.newest))].sort(newestFirst).slice(0, EXAMPLES);
      return {
        examples: chosen,
        rows: await changeRows(
          trx,
          chosen.map((example) => example.change_id),
        ),
      };
    });
  const details = new Map(rows.map((row) => [row.change_id, row]));
  for (const { change_id, signal, change } of examples) {
    const full = details.get(change_id);
    if (!full || !change) continue; // deleted since, or read otherwise than when the engine walked it
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
