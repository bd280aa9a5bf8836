import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, SavedSearchTable } from '../../db/schema';
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
    .values({ name: data.name.trim(), url: normalizeQuery(data.url), entity: data.entity ?? 'Profile', owner_id: ownerId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateSavedSearch(db: Kysely<Database>, id: number, data: Partial<SavedSearchWrite>): Promise<void> {
  await db
    .updateTable('saved_search')
    .set({
      updated_at: sql`now()`,
      ...(data.name !== undefined ? { name: data.name.trim() } : {}),
      ...(data.url !== undefined ? { url: normalizeQuery(data.url) } : {}),
    })
    .where('id', '=', id)
    .execute();
}
