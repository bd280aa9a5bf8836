// /organizations/add-users and /organizations/remove-users: the users chosen on /users
// arrive as repeated `id` parameters; the staff member picks the organization.
import { MembersFlowScreen, type MembersFlowDeclaration } from '../shared/MembersFlowScreen';

const flow = { container: 'organizations', memberField: 'users', membersPath: '/users' } as const;
const addUsers: MembersFlowDeclaration = { ...flow, mode: 'add', messages: 'resources.organizations.add_users' };
const removeUsers: MembersFlowDeclaration = { ...flow, mode: 'remove', messages: 'resources.organizations.remove_users' };

export function AddUsersToOrganization() {
  return <MembersFlowScreen declaration={addUsers} />;
}

export function RemoveUsersFromOrganization() {
  return <MembersFlowScreen declaration={removeUsers} />;
}
