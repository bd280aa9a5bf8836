// The /searches list (My Searches, SPEC §2 Saved searches): each name reopens the
// profiles screen with the query it was saved with. No create button: searches are
// saved from the profiles screen.
import { DataTable } from 'react-admin';
import type { SavedSearch } from '../../types/api';
import { DateTimeField, ShowLinkField } from '../../src/admin-kit/fields';
import { deleteEach } from '../../src/admin-kit/list/bulkActions';
import { SelectAction } from '../../src/admin-kit/list/SelectAction';
import { SpecList } from '../../src/admin-kit/list/SpecList';

/** '/profiles?gender=female&search=ann' for a search saved as 'gender=female&search=ann'. */
export function profilesPathOf(search: Pick<SavedSearch, 'url'>): string {
  const query = search.url.replace(/^\?/, '');
  return query ? `/profiles?${query}` : '/profiles';
}

const bulkActions = [deleteEach({ success: 'resources.searches.results.deleted', failure: 'resources.searches.results.failed' })];

export function SearchList() {
  return (
    <SpecList
      resource="searches"
      title="resources.searches.title"
      subtitle="resources.searches.subtitle"
      search="resources.searches.search"
      empty="resources.searches.empty"
    >
      <DataTable bulkActionsToolbar={<SelectAction actions={bulkActions} />}>
        <DataTable.Col source="name" label="resources.searches.fields.name" disableSort>
          <ShowLinkField source="name" to={profilesPathOf} />
        </DataTable.Col>
        <DataTable.Col source="created_at" label="resources.searches.fields.created_at" field={DateTimeField} />
        <DataTable.Col source="updated_at" label="resources.searches.fields.updated_at" field={DateTimeField} />
      </DataTable>
    </SpecList>
  );
}
