import type { User } from '../../types/api';
import { DetailFields } from '../../src/lists/DetailFields';
import { DetailScreen } from '../../src/lists/DetailScreen';
import type { FieldDeclaration } from '../../src/lists/types';

const fields: FieldDeclaration<User>[] = [
  { source: 'id', label: 'resources.users.fields.id' },
  { source: 'email', label: 'resources.users.fields.email' },
  { source: 'first_name', label: 'resources.users.fields.first_name' },
  { source: 'last_name', label: 'resources.users.fields.last_name' },
  { source: 'is_staff', label: 'resources.users.fields.is_staff', type: 'boolean' },
  { source: 'is_superuser', label: 'resources.users.fields.is_superuser', type: 'boolean' },
  { source: 'is_active', label: 'resources.users.fields.is_active', type: 'boolean' },
  { source: 'is_crowdsourcing', label: 'resources.users.fields.is_crowdsourcing', type: 'boolean' },
  { source: 'date_joined', label: 'resources.users.fields.date_joined', type: 'datetime' },
];

/** /users/{id} (SPEC §2: ID, Email, names, Is Staff, Is Superuser, Is Active, Is Crowdsource, Joined At). */
export function UserShow() {
  return (
    <DetailScreen<User> resource="users" title="resources.users.show_title">
      {(user) => <DetailFields record={user} fields={fields} resource="users" />}
    </DetailScreen>
  );
}
