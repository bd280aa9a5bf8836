// The /searches list (My Searches, SPEC §2 Saved searches): each name reopens the
// profiles screen with the query it was saved with. No create button: searches are
// saved from the profiles screen.
import type { SavedSearch } from '../../types/api';
import { deleteEach } from '../../src/admin-kit/list/bulkActions';
import { ListScreen } from '../../src/lists/ListScreen';
import type { ListDeclaration } from '../../src/lists/types';

/** '/profiles?gender=female&search=ann' for a search saved as 'gender=female&search=ann'. */
export function profilesPathOf(search: Pick<SavedSearch, 'url'>): string {
  const query = search.url.replace(/^\?/, '');
  return query ? `/profiles?${query}` : '/profiles';
}

export const searchList: ListDeclaration<SavedSearch> = {
  resource: 'searches',
  title: 'resources.searches.title',
  subtitle: 'resources.searches.subtitle',
  searchPlaceholder: 'resources.searches.search',
  emptyText: 'resources.searches.empty',
  columns: [
    { source: 'name', label: 'resources.searches.fields.name', link: profilesPathOf },
    { source: 'created_at', label: 'resources.searches.fields.created_at', sortable: true, type: 'datetime' },
    { source: 'updated_at', label: 'resources.searches.fields.updated_at', sortable: true, type: 'datetime' },
  ],
  bulkActions: [deleteEach({ success: 'resources.searches.results.deleted', failure: 'resources.searches.results.failed' })],
};

export function SearchList() {
  return <ListScreen declaration={searchList} />;
}
