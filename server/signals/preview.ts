// A rule's preview (issue 18, preview before saving): how often it would have fired on the change
// log of the last days, for how many people, with a few examples — the engine's own matching
// (match.ts, job-changes.ts) over the changes of the people in its lists, nothing written.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ruleMatch, SIGNAL_FIELDS, signalsOf, type RuleCondition } from './match';
import { notificationMessage } from './message';
import { previousRetrievals } from './repository';

export const PREVIEW_DAYS = 30;
const EXAMPLES = 5;

export interface RulePreviewResult {
  days: number;
  fired: number;
  people: number;
  examples: { profile: { id: number; name: string }; sentence: string; changed_at: string }[];
}

/** The preview of `rule` over the people of `listIds` (lists the caller may read: checked by the route). */
export async function previewRule(db: Kysely<Database>, rule: RuleCondition, listIds: number[]): Promise<RulePreviewResult> {
  const empty: RulePreviewResult = { days: PREVIEW_DAYS, fired: 0, people: 0, examples: [] };
  if (!listIds.length) return empty;
  const { rows } = await sql<{
    id: string;
    profile_id: number;
    field: string;
    old_value: unknown;
    new_value: unknown;
    changed_at: Date;
    execution_id: number | null;
    data_source_id: number | null;
    data_source_name: string | null;
    first_name: string | null;
    last_name: string | null;
  }>`
    SELECT pc.id::text AS id, pc.profile_id, pc.field, pc.old_value, pc.new_value, pc.changed_at, pc.execution_id,
      e.data_source_id, e.data_source_name, p.first_name, p.last_name
    FROM profile_change pc
    JOIN profile p ON p.id = pc.profile_id
    LEFT JOIN execution e ON e.id = pc.execution_id
    WHERE pc.profile_id IN (SELECT profile_id FROM profile_list_profile WHERE profile_list_id = ANY(${`{${listIds.join(',')}}`}::int[]))
      AND pc.field = ANY(${`{${SIGNAL_FIELDS.join(',')}}`}::text[])
      AND pc.changed_at >= now() - make_interval(days => ${PREVIEW_DAYS})
    ORDER BY pc.changed_at DESC, pc.id DESC`.execute(db);
  const previous = await previousRetrievals(
    db,
    rows.filter((row) => row.field === 'jobs').map((row) => row.id),
  );
  const result = { ...empty, examples: [] as RulePreviewResult['examples'] };
  const people = new Set<number>();
  for (const row of rows) {
    const matched = ruleMatch(rule, signalsOf(row.field, row.old_value, row.new_value, previous.get(row.id) ?? null));
    if (!matched) continue;
    result.fired += 1;
    people.add(row.profile_id);
    if (result.examples.length < EXAMPLES) {
      const message = notificationMessage({
        person: { id: row.profile_id, first_name: row.first_name, last_name: row.last_name },
        signal: matched.signal,
        change: matched.change,
        changedAt: new Date(row.changed_at),
        dataSource: row.execution_id === null ? null : { id: row.data_source_id, name: row.data_source_name ?? 'a data source' },
        rule: { id: 0, name: '' },
        appUrl: '',
      });
      result.examples.push({ profile: message.details.person, sentence: message.body, changed_at: message.details.changed_at });
    }
  }
  result.people = people.size;
  return result;
}
