// What the signals engine stores of each change-log row it walks (table change_signal, migration
// 2026-11-26-change-signals): its signals, once, so that a rule's preview counts them in SQL
// (preview.ts) rather than reading every row's job lists again. Pure functions.
import { sql, type Insertable, type RawBuilder } from 'kysely';
import type { ChangeSignalTable } from '../db/schema';
import { jobsOf, withoutLateRoles } from './job-changes';
import { norm, type Signals } from './match';
import { OPERATORS } from './vocabulary';

/**
 * Whether a 'jobs' row's reading may depend on when the person was retrieved before: only when its
 * new list has a role that is not in the old one and started before now (job-changes.ts
 * withoutLateRoles; the previous retrieval is never later than now). The others are read without
 * looking it up (repository.ts previousRetrievals), which many rows would pay for one by one.
 */
export function mayHaveLateRoles(row: { field: string; old_value: unknown; new_value: unknown }, now: Date): boolean {
  if (row.field !== 'jobs') return false;
  const newJobs = jobsOf(row.new_value);
  return withoutLateRoles(jobsOf(row.old_value), newJobs, now).length < newJobs.length;
}

/** A change-log row as much as its signals' records need. */
export interface SignalSource {
  change_id: string;
  profile_id: number;
  changed_at: Date;
}

/** The change_signal rows of one change-log row: one per signal, its texts as compared (folded as operatorMatches folds). */
export function signalRecords(row: SignalSource, signals: Signals): Insertable<ChangeSignalTable>[] {
  return Object.entries(signals).flatMap(([signal, change]) =>
    change
      ? [
          {
            change_id: row.change_id,
            signal,
            profile_id: row.profile_id,
            changed_at: row.changed_at,
            old_text: change.old,
            new_text: change.new,
            old_folded: change.old === null ? null : norm(change.old),
            new_folded: change.new === null ? null : norm(change.new),
          },
        ]
      : [],
  );
}

/**
 * match.ts operatorMatches as a predicate on change_signal `cs`: the rule's value folded here as
 * the stored texts were (SQL lower() would not fold 'Ü' under the "C" collation). A side that is
 * none (NULL) matches no value.
 */
export function operatorSql(operator: string, value: string): RawBuilder<boolean> {
  const wanted = norm(value);
  switch (operator) {
    case OPERATORS.changed.name:
      return sql<boolean>`true`;
    case OPERATORS.changedTo.name:
      return sql<boolean>`cs.new_folded = ${wanted}`;
    case OPERATORS.changedFrom.name:
      return sql<boolean>`cs.old_folded = ${wanted}`;
    case OPERATORS.contains.name:
      return sql<boolean>`strpos(cs.new_folded, ${wanted}) > 0`;
    case OPERATORS.equals.name:
      return sql<boolean>`(cs.old_folded = ${wanted} OR cs.new_folded = ${wanted})`;
    default:
      return sql<boolean>`false`;
  }
}
