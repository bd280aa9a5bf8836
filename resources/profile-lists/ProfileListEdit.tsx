import { TextInput } from 'react-admin';
import { ariaRequired, filled, SpecEdit } from '../../src/admin-kit/form';
import { memberIdsOf } from '../shared/memberIds';

/** /profile-lists/{id}/update: PUT {name, profiles: the ids of the profiles it has}, then the list. */
export function ProfileListEdit() {
  return (
    <SpecEdit
      resource="profile-lists"
      title="resources.profile-lists.edit_title"
      submitLabel="resources.profile-lists.save"
      failureMessage="resources.profile-lists.errors.update"
      fetchFailureMessage="resources.profile-lists.errors.fetch"
      transform={({ name }, options) => ({ name: name.trim(), profiles: memberIdsOf(options?.previousData?.profiles) })}
      maxWidth={560}
    >
      <TextInput source="name" label="resources.profile-lists.fields.name" validate={filled()} {...ariaRequired} />
    </SpecEdit>
  );
}
