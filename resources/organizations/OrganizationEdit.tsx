import { NameEditScreen } from '../shared/NameEditScreen';

/** /organizations/{id}/update: PUT {name, users: ids}. */
export function OrganizationEdit() {
  return (
    <NameEditScreen
      resource="organizations"
      memberField="users"
      title="resources.organizations.edit_title"
      submitLabel="resources.organizations.save"
      fetchFailureMessage="resources.organizations.errors.fetch"
      updateFailureMessage="resources.organizations.errors.update"
    />
  );
}
