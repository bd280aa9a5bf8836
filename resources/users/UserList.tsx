// The /users list (SPEC §2 Users and organizations, §7, §8): a declaration the list machinery renders.
import type { User } from '../../types/api';
import { navigateWithIds, postEach } from '../../src/admin-kit/list/bulkActions';
import { ListScreen } from '../../src/lists/ListScreen';
import type { ListDeclaration } from '../../src/lists/types';

const failed = 'resources.users.results.failed';

export const userList: ListDeclaration<User> = {
  resource: 'users',
  title: 'resources.users.title',
  subtitle: 'resources.users.subtitle',
  searchPlaceholder: 'resources.users.search',
  columns: [
    { source: 'first_name', label: 'resources.users.fields.first_name', sortable: true, link: 'show' },
    { source: 'last_name', label: 'resources.users.fields.last_name', sortable: true },
    { source: 'email', label: 'resources.users.fields.email', sortable: true },
    { source: 'is_crowdsourcing', label: 'resources.users.fields.crowdsource_status', sortable: true, type: 'boolean' },
    { source: 'is_active', label: 'resources.users.fields.is_active', sortable: true, type: 'boolean' },
    { source: 'date_joined', label: 'resources.users.fields.date_joined', sortable: true, type: 'datetime' },
  ],
  bulkActions: [
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
  ],
};

export function UserList() {
  return <ListScreen declaration={userList} />;
}
