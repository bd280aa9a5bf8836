// The /users list (SPEC §2 Users and organizations, §7, §8): every column sortable, flags as
// True/False, the organization and account bulk actions.
import { DataTable } from 'react-admin';
import { DateTimeField, ShowLinkField, TrueFalseField } from '../../src/admin-kit/fields';
import { navigateWithIds, postEach } from '../../src/admin-kit/list/bulkActions';
import { SelectAction } from '../../src/admin-kit/list/SelectAction';
import { SpecList } from '../../src/admin-kit/list/SpecList';
import type { BulkActionDeclaration } from '../../src/admin-kit/list/types';

const label = (field: string) => `resources.users.fields.${field}`;
const failed = 'resources.users.results.failed';

const userBulkActions: BulkActionDeclaration[] = [
  navigateWithIds('resources.users.bulk.add_to_organization', '/organizations/add-users'),
  navigateWithIds('resources.users.bulk.remove_from_organization', '/organizations/remove-users'),
  postEach('resources.users.bulk.set_crowdsourcing', '/users/crowdsourcing/', (id) => ({ is_crowdsourcing: true, user_id: id }), {
    success: 'resources.users.results.set_crowdsourcing',
    failure: failed,
  }),
  postEach('resources.users.bulk.unset_crowdsourcing', '/users/crowdsourcing/', (id) => ({ is_crowdsourcing: false, user_id: id }), {
    success: 'resources.users.results.unset_crowdsourcing',
    failure: failed,
  }),
  postEach('resources.users.bulk.create_entities', '/users/crowdsourcing/entities/', (id) => ({ user_id: id }), {
    success: 'resources.users.results.create_entities',
    failure: failed,
  }),
  postEach('resources.users.bulk.activate', '/users/activate/', (id) => ({ user_id: id }), {
    success: 'resources.users.results.activate',
    failure: failed,
  }),
  postEach('resources.users.bulk.deactivate', '/users/de-activate/', (id) => ({ user_id: id }), {
    success: 'resources.users.results.deactivate',
    failure: failed,
  }),
];

export function UserList() {
  return (
    <SpecList resource="users" title="resources.users.title" subtitle="resources.users.subtitle" search="resources.users.search">
      <DataTable bulkActionsToolbar={<SelectAction actions={userBulkActions} />}>
        <DataTable.Col source="first_name" label={label('first_name')} field={ShowLinkField} />
        <DataTable.Col source="last_name" label={label('last_name')} />
        <DataTable.Col source="email" label={label('email')} />
        <DataTable.Col source="is_crowdsourcing" label={label('crowdsource_status')} field={TrueFalseField} />
        <DataTable.Col source="is_active" label={label('is_active')} field={TrueFalseField} />
        <DataTable.Col source="date_joined" label={label('date_joined')} field={DateTimeField} />
      </DataTable>
    </SpecList>
  );
}
