// Saved searches of the profiles screen, shared with organization colleagues (SPEC §7 Saved searches).
import type { SavedSearch } from '../../../types/api';
import { SavedSearchSchema, SavedSearchWriteSchema } from '../../../types/wire/searches';
import { defineEntity } from '../../http/crud';
import { NAMED_COLLECTION_SEARCH_AND_SORT } from '../../db/list-page';
import { ownedByColleagues } from '../../db/visibility';
import { createSavedSearch, updateSavedSearch, type SavedSearchRow } from './repository';

export const searches = defineEntity({
  path: 'searches',
  table: 'saved_search',
  item: SavedSearchSchema,
  list: NAMED_COLLECTION_SEARCH_AND_SORT,
  rows: (db, viewer) => ownedByColleagues(db.selectFrom('saved_search').selectAll(), viewer),
  toItems: async (_db, _viewer, rows: SavedSearchRow[]): Promise<SavedSearch[]> =>
    rows.map((row) => ({
      id: row.id,
      name: row.name,
      url: row.url,
      entity: 'Profile',
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
      watched: row.watched,
      notification_type: row.notification_type,
      priority: row.priority,
      watched_at: row.watched ? (row.watched_at?.toISOString() ?? null) : null,
      baseline_at: row.baseline_at?.toISOString() ?? null,
      muted: row.muted_at !== null,
      muted_at: row.muted_at?.toISOString() ?? null,
    })),
  writes: {
    body: SavedSearchWriteSchema,
    create: (db, viewer, body) => createSavedSearch(db, viewer.id, body),
    update: (db, viewer, id, body) => updateSavedSearch(db, viewer, id, body),
  },
  deletable: true,
});
