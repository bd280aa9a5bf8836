// The /organizations list (SPEC §2 Users and organizations, §8): sortable by its dates, bulk Delete.
import { DataTable } from 'react-admin';
import { CountField, DateTimeField, ShowLinkField } from '../../src/admin-kit/fields';
import { deleteEach } from '../../src/admin-kit/list/bulkActions';
import { SelectAction } from '../../src/admin-kit/list/SelectAction';
import { SpecList } from '../../src/admin-kit/list/SpecList';

const label = (field: string) => `resources.organizations.fields.${field}`;

const bulkActions = [deleteEach({ success: 'resources.organizations.results.deleted', failure: 'resources.organizations.results.failed' })];

export function OrganizationList() {
  return (
    <SpecList
      resource="organizations"
      title="resources.organizations.title"
      subtitle="resources.organizations.subtitle"
      search="resources.organizations.search"
      create={{ label: 'resources.organizations.create', to: '/organizations/create' }}
    >
      <DataTable bulkActionsToolbar={<SelectAction actions={bulkActions} />}>
        <DataTable.Col source="name" label={label('name')} disableSort field={ShowLinkField} />
        <DataTable.Col source="created_at" label={label('created_at')} field={DateTimeField} />
        <DataTable.Col source="updated_at" label={label('updated_at')} field={DateTimeField} />
        <DataTable.Col source="users" label={label('users_count')} disableSort field={CountField} />
      </DataTable>
    </SpecList>
  );
}
