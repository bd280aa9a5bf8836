import { TextInput } from 'react-admin';
import { ariaRequired, filled, SpecCreate } from '../../src/admin-kit/form';

/** /profile-lists/create: POST {name, profiles: []}, then the new list (SPEC §7: "the id in the response is used"). */
export function ProfileListCreate() {
  return (
    <SpecCreate
      resource="profile-lists"
      title="resources.profile-lists.create_title"
      submitLabel="resources.profile-lists.save"
      failureMessage="resources.profile-lists.errors.create"
      transform={({ name }) => ({ name: name.trim(), profiles: [] })}
      maxWidth={560}
    >
      <TextInput source="name" label="resources.profile-lists.fields.name" validate={filled()} {...ariaRequired} />
    </SpecCreate>
  );
}
