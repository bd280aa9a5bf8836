import { NameCreateScreen } from '../shared/NameCreateScreen';

/** /profile-lists/create: POST {name, profiles: []}. */
export function ProfileListCreate() {
  return (
    <NameCreateScreen
      resource="profile-lists"
      memberField="profiles"
      title="resources.profile-lists.create_title"
      submitLabel="resources.profile-lists.save"
      failureMessage="resources.profile-lists.errors.create"
    />
  );
}
