// The SQL of a watched saved search's check (search-alerts.ts): the search locked for the check,
// who matches it now as a set of profile ids (never read into the process), who of them is new
// — not recorded as matching, nor gone less than 30 days ago — and the recording of both
// (matches upserted, those gone marked `left_at`), and its one alert per retrieval.
import { sql, type InsertObject, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Database, NotificationType, Priority } from '../db/schema';
import { applyOrdering } from '../db/list-page';
import { profileList } from '../db/profile-filters';
import { applySavedQuery, type SavedQuery } from './search-alerts-query';

type Db = Kysely<Database>;

/** A person who left a search and comes back within this many days is not new again. */
export const REENTRY_DAYS = 30;

export interface WatchedSearch {
  id: number;
  name: string;
  url: string;
  watched: boolean;
  notification_type: NotificationType;
  priority: Priority;
  baseline_at: Date | null;
  muted_at: Date | null;
  owner_id: number;
  owner_email: string;
  owner_active: boolean;
  owner_staff: boolean;
}

/** The watched saved searches, any owner's. */
export async function watchedSearchIds(db: Db): Promise<number[]> {
  const rows = await db.selectFrom('saved_search').select('id').where('watched', '=', true).orderBy('id').execute();
  return rows.map((row) => row.id);
}

/** The search and its owner, its row locked until the transaction ends: two checks of one search never interleave. */
export async function lockSearch(trx: Db, id: number): Promise<WatchedSearch | undefined> {
  const { rows } = await sql<WatchedSearch>`
    SELECT s.id, s.name, s.url, s.watched, s.notification_type, s.priority, s.baseline_at, s.muted_at,
      s.owner_id, u.email AS owner_email, u.is_active AS owner_active, u.is_staff AS owner_staff
    FROM saved_search s JOIN app_user u ON u.id = s.owner_id
    WHERE s.id = ${id}
    FOR UPDATE OF s`.execute(trx);
  return rows[0];
}

/** The retrieval, if it still exists: its status and data source. */
export async function executionOf(db: Db, id: number) {
  return db.selectFrom('execution').select(['id', 'status', 'data_source_id', 'data_source_name']).where('id', '=', id).executeTakeFirst();
}

/** Whether this retrieval already raised this search's alert (a second check of it does nothing). */
export async function alertRaised(trx: Db, searchId: number, executionId: number): Promise<boolean> {
  const row = await trx
    .selectFrom('notification')
    .select('id')
    .where('saved_search_id', '=', searchId)
    .where('execution_id', '=', executionId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Who matches now, as the owner sees profiles: a subquery of profile ids. */
function matching(trx: Db, saved: SavedQuery, readable: number[] | null) {
  return applySavedQuery(trx.selectFrom('profile').select('profile.id'), saved, readable);
}

const notRecorded = (searchId: number) =>
  sql<boolean>`NOT EXISTS (SELECT 1 FROM saved_search_match m WHERE m.saved_search_id = ${searchId} AND m.profile_id = profile.id
    AND (m.left_at IS NULL OR m.left_at > now() - make_interval(days => ${REENTRY_DAYS})))`;

const notSnoozed = (userId: number) =>
  sql<boolean>`NOT EXISTS (SELECT 1 FROM profile_snooze z WHERE z.user_id = ${userId} AND z.profile_id = profile.id AND z.until > now())`;

export interface NewMatches {
  total: number;
  /** the first `limit` in the saved query's own order */
  people: { id: number; first_name: string; last_name: string }[];
}

/**
 * Who matches now and is new to the search (never recorded, or gone for REENTRY_DAYS or more),
 * leaving out people the owner snoozed: how many, and the first `limit` of them.
 */
export async function newMatches(
  trx: Db,
  search: { id: number; owner_id: number },
  saved: SavedQuery,
  readable: number[] | null,
  limit: number,
): Promise<NewMatches> {
  const base = applySavedQuery(
    trx.selectFrom('profile').select(['id', 'first_name', 'last_name', sql<string>`count(*) OVER ()`.as('total')]),
    saved,
    readable,
  )
    .where(notRecorded(search.id))
    .where(notSnoozed(search.owner_id));
  const rows = await applyOrdering(base, saved.page, profileList, 'id').limit(limit).execute();
  return { total: Number(rows[0]?.total ?? 0), people: rows.map(({ total, ...person }) => person) };
}

/**
 * Records who matches now: each one matching (back to matching: `left_at` cleared; back after
 * REENTRY_DAYS: seen anew), and those who no longer match as gone now.
 */
export async function recordMatches(trx: Db, searchId: number, saved: SavedQuery, readable: number[] | null): Promise<void> {
  const current: SelectQueryBuilder<Database, 'profile', { id: number }> = matching(trx, saved, readable);
  await sql`
    INSERT INTO saved_search_match (saved_search_id, profile_id)
    SELECT ${searchId}, now_matching.id FROM (${current}) now_matching
    ON CONFLICT (saved_search_id, profile_id) DO UPDATE SET left_at = NULL,
      first_seen_at = CASE WHEN saved_search_match.left_at <= now() - make_interval(days => ${REENTRY_DAYS})
        THEN now() ELSE saved_search_match.first_seen_at END
    WHERE saved_search_match.left_at IS NOT NULL`.execute(trx);
  await sql`
    UPDATE saved_search_match SET left_at = now()
    WHERE saved_search_id = ${searchId} AND left_at IS NULL
      AND profile_id NOT IN (SELECT now_matching.id FROM (${current}) now_matching)`.execute(trx);
}

export async function markBaseline(trx: Db, searchId: number): Promise<void> {
  await trx.updateTable('saved_search').set({ baseline_at: sql<Date>`now()` }).where('id', '=', searchId).execute();
}

/** Forgets who matched (a search no longer watched: watching it again takes a new baseline). */
export async function forgetMatches(db: Db, searchId: number): Promise<void> {
  await db.deleteFrom('saved_search_match').where('saved_search_id', '=', searchId).execute();
}

/** Inserts the alert unless this retrieval already raised it for this recipient; its id, or undefined. */
export async function insertSearchAlert(trx: Db, row: InsertObject<Database, 'notification'>): Promise<number | undefined> {
  const inserted = await trx
    .insertInto('notification')
    .values(row)
    .onConflict((conflict) =>
      conflict.columns(['saved_search_id', 'execution_id', 'recipient']).where('saved_search_id', 'is not', null).doNothing(),
    )
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}
