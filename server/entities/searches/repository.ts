import { sql, type Kysely, type Selectable } from 'kysely';
import { inTransaction } from '../../db/transaction';
import type { Database, SavedSearchTable } from '../../db/schema';
import type { Viewer } from '../../db/viewer';
import { fieldError } from '../../errors';
import type { SavedSearchWrite } from '../../../types/api';

export type SavedSearchRow = Selectable<SavedSearchTable>;

/**
 * The saved query without a leading '?' (nor the path or address before it, if
 * one was sent), so the app can append it to /profiles?. A '?' inside the
 * query (a search for "who?") is part of it.
 */
export const normalizeQuery = (url: string) => url.trim().replace(/^(?:[a-z][a-z0-9+.-]*:\/\/[^?#]*|\/[^?#]*)?\?/i, '');

export async function createSavedSearch(db: Kysely<Database>, ownerId: number, data: SavedSearchWrite): Promise<number> {
  const row = await db
    .insertInto('saved_search')
    .values({
      name: data.name.trim(),
      url: normalizeQuery(data.url),
      entity: data.entity ?? 'Profile',
      owner_id: ownerId,
      ...alertSettings(data),
      ...(data.watched ? { watched: true, watched_at: sql<Date>`now()` } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const alertSettings = (data: Partial<SavedSearchWrite>) => ({
  ...(data.notification_type !== undefined ? { notification_type: data.notification_type } : {}),
  ...(data.priority !== undefined ? { priority: data.priority } : {}),
});

/**
 * Name, query and alert settings, as given. Switched to watched (from not watched): watched from
 * now, and the next check takes a new baseline; so does a watched search whose query changed (its
 * new matches are not news). Switched off: who it matched is forgotten. Colleagues may rename a
 * shared search, but only its owner (or staff) watches it or changes its alerts: the alerts go to
 * the owner, who would otherwise receive alerts someone else switched on.
 */
export async function updateSavedSearch(db: Kysely<Database>, viewer: Viewer, id: number, data: Partial<SavedSearchWrite>): Promise<void> {
  await inTransaction(db, async (trx) => {
    const current = await trx
      .selectFrom('saved_search')
      .select(['watched', 'url', 'owner_id', 'priority', 'notification_type'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!current) return;
    const changesAlerts =
      (data.watched !== undefined && data.watched !== current.watched) ||
      (data.priority !== undefined && data.priority !== current.priority) ||
      (data.notification_type !== undefined && data.notification_type !== current.notification_type);
    if (changesAlerts && current.owner_id !== viewer.id && !viewer.is_staff)
      throw fieldError('watched', 'Only the owner of a saved search can watch it or change its alerts.');
    const switched = data.watched !== undefined && data.watched !== current.watched;
    const requery = current.watched && !switched && data.url !== undefined && normalizeQuery(data.url) !== current.url;
    await trx
      .updateTable('saved_search')
      .set({
        updated_at: sql`now()`,
        ...(data.name !== undefined ? { name: data.name.trim() } : {}),
        ...(data.url !== undefined ? { url: normalizeQuery(data.url) } : {}),
        ...alertSettings(data),
        ...(switched ? { watched: data.watched, watched_at: data.watched ? sql<Date>`now()` : null, baseline_at: null } : {}),
        ...(requery ? { baseline_at: null } : {}),
      })
      .where('id', '=', id)
      .execute();
    if (switched && !data.watched) await trx.deleteFrom('saved_search_match').where('saved_search_id', '=', id).execute();
  });
}
