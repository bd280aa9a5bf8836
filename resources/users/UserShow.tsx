import { TextField } from 'react-admin';
import type { User } from '../../types/api';
import { DateTimeField, TrueFalseField } from '../../src/admin-kit/fields';
import { SpecShow } from '../../src/admin-kit/show/SpecShow';
import { SpecShowLayout } from '../../src/admin-kit/show/SpecShowLayout';

/** /users/{id} (SPEC §2: ID, Email, names, Is Staff, Is Superuser, Is Active, Is Crowdsource, Joined At). */
export function UserShow() {
  return (
    <SpecShow<User> resource="users" title="resources.users.show_title">
      <SpecShowLayout>
        <TextField source="id" />
        <TextField source="email" />
        <TextField source="first_name" />
        <TextField source="last_name" />
        <TrueFalseField source="is_staff" />
        <TrueFalseField source="is_superuser" />
        <TrueFalseField source="is_active" />
        <TrueFalseField source="is_crowdsourcing" />
        <DateTimeField source="date_joined" />
      </SpecShowLayout>
    </SpecShow>
  );
}
