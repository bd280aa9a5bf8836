import type { Organization, OrganizationMember } from '../../types/api';
import type { ColumnDeclaration } from '../../src/lists/types';
import { CollectionShow } from '../shared/CollectionShow';

const memberColumns: ColumnDeclaration<OrganizationMember>[] = [
  { source: 'first_name', label: 'resources.organizations.members.first_name', link: (user) => `/users/${user.id}` },
  { source: 'last_name', label: 'resources.organizations.members.last_name' },
  { source: 'email', label: 'resources.organizations.members.email' },
  { source: 'date_joined', label: 'resources.organizations.members.date_joined', type: 'datetime' },
];

/** /organizations/{id}: name, dates, the users table and Edit. */
export function OrganizationShow() {
  return (
    <CollectionShow<Organization, OrganizationMember>
      resource="organizations"
      memberField="users"
      memberResource="users"
      memberColumns={memberColumns}
    />
  );
}
