// The /profile-lists list (SPEC §2 Profile lists, §8): sortable by its dates, bulk Delete.
import { DataTable } from 'react-admin';
import { CountField, DateTimeField, ShowLinkField } from '../../src/admin-kit/fields';
import { deleteEach } from '../../src/admin-kit/list/bulkActions';
import { SelectAction } from '../../src/admin-kit/list/SelectAction';
import { SpecList } from '../../src/admin-kit/list/SpecList';

const label = (field: string) => `resources.profile-lists.fields.${field}`;

const bulkActions = [deleteEach({ success: 'resources.profile-lists.results.deleted', failure: 'resources.profile-lists.results.failed' })];

export function ProfileListList() {
  return (
    <SpecList
      resource="profile-lists"
      title="resources.profile-lists.title"
      subtitle="resources.profile-lists.subtitle"
      search="resources.profile-lists.search"
      empty="resources.profile-lists.empty"
      create={{ label: 'resources.profile-lists.create', to: '/profile-lists/create' }}
    >
      <DataTable bulkActionsToolbar={<SelectAction actions={bulkActions} />}>
        <DataTable.Col source="name" label={label('name')} disableSort field={ShowLinkField} />
        <DataTable.Col source="created_at" label={label('created_at')} field={DateTimeField} />
        <DataTable.Col source="updated_at" label={label('updated_at')} field={DateTimeField} />
        <DataTable.Col source="profiles" label={label('profiles_count')} disableSort field={CountField} />
      </DataTable>
    </SpecList>
  );
}
