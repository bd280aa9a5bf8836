// The /organizations list (SPEC §2 Users and organizations, §8): a declaration the list machinery renders.
import type { Organization } from '../../types/api';
import { deleteEach } from '../../src/admin-kit/list/bulkActions';
import { ListScreen } from '../../src/lists/ListScreen';
import type { ListDeclaration } from '../../src/lists/types';

export const organizationList: ListDeclaration<Organization> = {
  resource: 'organizations',
  title: 'resources.organizations.title',
  subtitle: 'resources.organizations.subtitle',
  searchPlaceholder: 'resources.organizations.search',
  columns: [
    { source: 'name', label: 'resources.organizations.fields.name', link: 'show' },
    { source: 'created_at', label: 'resources.organizations.fields.created_at', sortable: true, type: 'datetime' },
    { source: 'updated_at', label: 'resources.organizations.fields.updated_at', sortable: true, type: 'datetime' },
    { source: 'users', label: 'resources.organizations.fields.users_count', type: 'count' },
  ],
  createButton: { label: 'resources.organizations.create', to: '/organizations/create' },
  bulkActions: [deleteEach({ success: 'resources.organizations.results.deleted', failure: 'resources.organizations.results.failed' })],
};

export function OrganizationList() {
  return <ListScreen declaration={organizationList} />;
}
