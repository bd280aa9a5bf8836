import { NameEditScreen } from '../shared/NameEditScreen';

/** /profile-lists/{id}/update: PUT {name, profiles: ids}. */
export function ProfileListEdit() {
  return (
    <NameEditScreen
      resource="profile-lists"
      memberField="profiles"
      title="resources.profile-lists.edit_title"
      submitLabel="resources.profile-lists.save"
      fetchFailureMessage="resources.profile-lists.errors.fetch"
      updateFailureMessage="resources.profile-lists.errors.update"
    />
  );
}
