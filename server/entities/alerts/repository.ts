// Alerts' SQL (issue 18; docs/ALERTS.md): muting a rule or a watched saved search, marking a
// notification not relevant, snoozing a person, and a rule's noise figures. Muting and marking
// keep the first time they were done: doing them again (a second click, a mail client's one-click
// POST retried) changes nothing.
import { sql, type Kysely } from 'kysely';
import { inTransaction } from '../../db/transaction';
import type { Database } from '../../db/schema';
import type { RuleNoise } from '../../../types/api';
import type { DigestSources } from '../../signals/alert-tokens';

/** The window of a rule's noise figures. */
export const NOISE_DAYS = 30;

type MutedTable = 'rule' | 'saved_search';

/** Mutes (keeping an earlier muted_at) or unmutes a rule or a saved search. */
export async function setMuted(db: Kysely<Database>, table: MutedTable, id: number, muted: boolean): Promise<void> {
  await db
    .updateTable(table)
    .set({ muted_at: muted ? sql<Date>`coalesce(muted_at, now())` : null })
    .where('id', '=', id)
    .execute();
}

/** Marks (keeping an earlier mark) or unmarks a notification as not relevant. */
export async function setNotRelevant(db: Kysely<Database>, id: number, notRelevant: boolean): Promise<void> {
  await db
    .updateTable('notification')
    .set({ not_relevant_at: notRelevant ? sql<Date>`coalesce(not_relevant_at, now())` : null })
    .where('id', '=', id)
    .execute();
}

/** What a rule raised in the last NOISE_DAYS days, and how much of it its readers marked not relevant. */
export async function ruleNoise(db: Kysely<Database>, ruleId: number): Promise<RuleNoise> {
  const row = await db
    .selectFrom('notification')
    .select([
      sql<number>`count(*)::int`.as('raised'),
      sql<number>`count(*) FILTER (WHERE not_relevant_at IS NOT NULL)::int`.as('not_relevant'),
    ])
    .where('rule_id', '=', ruleId)
    .where('created_at', '>=', sql<Date>`now() - ${NOISE_DAYS} * interval '1 day'`)
    .executeTakeFirstOrThrow();
  const raised = Number(row.raised);
  const notRelevant = Number(row.not_relevant);
  return { days: NOISE_DAYS, raised, not_relevant: notRelevant, share: raised ? notRelevant / raised : 0 };
}

/** Until when `userId` has snoozed the person (null: not, or no longer). */
export async function snoozeUntil(db: Kysely<Database>, userId: number, profileId: number): Promise<Date | null> {
  const row = await db
    .selectFrom('profile_snooze')
    .select('until')
    .where('user_id', '=', userId)
    .where('profile_id', '=', profileId)
    .where('until', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return row?.until ?? null;
}

/** Snoozes the person for `days` from now (a new snooze replaces the one before, longer or shorter). */
export async function snooze(db: Kysely<Database>, userId: number, profileId: number, days: number): Promise<Date> {
  const row = await db
    .insertInto('profile_snooze')
    .values({ user_id: userId, profile_id: profileId, until: sql<Date>`now() + ${days} * interval '1 day'` })
    .onConflict((oc) => oc.columns(['user_id', 'profile_id']).doUpdateSet({ until: (eb) => eb.ref('excluded.until') }))
    .returning('until')
    .executeTakeFirstOrThrow();
  return row.until;
}

export async function wake(db: Kysely<Database>, userId: number, profileId: number): Promise<void> {
  await db.deleteFrom('profile_snooze').where('user_id', '=', userId).where('profile_id', '=', profileId).execute();
}

/** What a signed link names: the row, its name and owner (or recipient), and whether its action is done. */
export interface LinkTarget {
  name: string;
  /** users the link may act for: the owner of a rule or search; the recipient (and rule owner) of a notification */
  users: (number | null)[];
  done: boolean;
}

export async function ruleTarget(db: Kysely<Database>, id: number): Promise<LinkTarget | null> {
  const row = await db.selectFrom('rule').select(['name', 'owner_id', 'muted_at']).where('id', '=', id).executeTakeFirst();
  return row ? { name: row.name, users: [row.owner_id], done: row.muted_at !== null } : null;
}

export async function searchTarget(db: Kysely<Database>, id: number): Promise<LinkTarget | null> {
  const row = await db.selectFrom('saved_search').select(['name', 'owner_id', 'muted_at']).where('id', '=', id).executeTakeFirst();
  return row ? { name: row.name, users: [row.owner_id], done: row.muted_at !== null } : null;
}

export async function notificationTarget(db: Kysely<Database>, id: number): Promise<LinkTarget | null> {
  const row = await db
    .selectFrom('notification')
    .select(['subject', 'body', 'recipient_id', 'rule_owner_id', 'not_relevant_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? { name: row.subject || row.body, users: [row.recipient_id, row.rule_owner_id], done: row.not_relevant_at !== null } : null;
}

/**
 * A digest's rules and saved searches, as one target: named by count and names, for the user who
 * owns them all (a digest gathers one reader's), done when all are muted. None left: null.
 */
export async function digestTarget(db: Kysely<Database>, sources: DigestSources): Promise<LinkTarget | null> {
  const [rules, searches] = await Promise.all([
    sources.rules.length
      ? db.selectFrom('rule').select(['name', 'owner_id', 'muted_at']).where('id', 'in', sources.rules).orderBy('id').execute()
      : [],
    sources.searches.length
      ? db.selectFrom('saved_search').select(['name', 'owner_id', 'muted_at']).where('id', 'in', sources.searches).orderBy('id').execute()
      : [],
  ]);
  const all = [...rules, ...searches];
  if (!all.length) return null;
  const owners = [...new Set(all.map((row) => row.owner_id))];
  const shown = all.slice(0, 5).map((row) => `“${row.name.length > 60 ? `${row.name.slice(0, 59)}…` : row.name}”`);
  const more = all.length - shown.length;
  const counted = [
    rules.length ? `${rules.length} ${rules.length === 1 ? 'rule' : 'rules'}` : '',
    searches.length ? `${searches.length} saved ${searches.length === 1 ? 'search' : 'searches'}` : '',
  ].filter(Boolean);
  return {
    name: `the ${counted.join(' and ')} of this digest (${shown.join(', ')}${more > 0 ? ` and ${more} more` : ''})`,
    users: owners.length === 1 ? owners : [],
    done: all.every((row) => row.muted_at !== null),
  };
}

/** Mutes every rule and saved search of a digest (keeping earlier muted_at), in one transaction. */
export async function muteDigestSources(db: Kysely<Database>, sources: DigestSources): Promise<void> {
  await inTransaction(db, async (trx) => {
    for (const id of sources.rules) await setMuted(trx, 'rule', id, true);
    for (const id of sources.searches) await setMuted(trx, 'saved_search', id, true);
  });
}
