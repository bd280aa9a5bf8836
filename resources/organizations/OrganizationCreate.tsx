import { NameCreateScreen } from '../shared/NameCreateScreen';

/** /organizations/create: POST {name, users: []}. */
export function OrganizationCreate() {
  return (
    <NameCreateScreen
      resource="organizations"
      memberField="users"
      title="resources.organizations.create_title"
      submitLabel="resources.organizations.save"
      failureMessage="resources.organizations.errors.create"
    />
  );
}
