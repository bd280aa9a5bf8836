import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { ListResponse, SavedSearch, SavedSearchWrite } from '../../../types/api';
import { parseListParams, runList, type ListDeclaration } from '../../http/list-query';
import { colleaguesOf } from '../data-sources/visibility';

export const savedSearchList: ListDeclaration = {
  ordering: { created_at: 'created_at', updated_at: 'updated_at', name: 'lower(name)' },
  defaultOrdering: ['-created_at'],
  search: ['name'],
};

type Viewer = { id: number; is_staff: boolean };
type Row = { id: number; name: string; url: string; entity: string; created_at: Date; updated_at: Date };

function visibleSearches(db: Kysely<Database>, viewer: Viewer) {
  const query = db.selectFrom('saved_search').select(['id', 'name', 'url', 'entity', 'created_at', 'updated_at']);
  return viewer.is_staff ? query : query.where('owner_id', 'in', colleaguesOf(viewer.id));
}

const toSavedSearch = (row: Row): SavedSearch => ({
  ...row,
  entity: 'Profile',
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

/**
 * The saved query without a leading '?' (nor the path or address before it, if
 * one was sent), so the app can append it to /profiles?. A '?' inside the
 * query (a search for "who?") is part of it.
 */
export const normalizeQuery = (url: string) => url.trim().replace(/^(?:[a-z][a-z0-9+.-]*:\/\/[^?#]*|\/[^?#]*)?\?/i, '');

export function listSavedSearches(db: Kysely<Database>, viewer: Viewer, query: Parameters<typeof parseListParams>[0]): Promise<ListResponse<SavedSearch>> {
  return runList(visibleSearches(db, viewer), parseListParams(query, savedSearchList), savedSearchList, 'id', toSavedSearch);
}

export async function getSavedSearch(db: Kysely<Database>, viewer: Viewer, id: number): Promise<SavedSearch | undefined> {
  const row = await visibleSearches(db, viewer).where('id', '=', id).executeTakeFirst();
  return row && toSavedSearch(row);
}

export async function createSavedSearch(db: Kysely<Database>, ownerId: number, data: SavedSearchWrite): Promise<number> {
  const row = await db
    .insertInto('saved_search')
    .values({ name: data.name.trim(), url: normalizeQuery(data.url), entity: data.entity, owner_id: ownerId })
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

export async function deleteSavedSearch(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('saved_search').where('id', '=', id).execute();
}
