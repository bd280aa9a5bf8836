import { TextInput } from 'react-admin';
import { ariaRequired, filled, SpecCreate } from '../../src/admin-kit/form';

/** /organizations/create: POST {name, users: []}, then the new organization (SPEC §7). */
export function OrganizationCreate() {
  return (
    <SpecCreate
      resource="organizations"
      title="resources.organizations.create_title"
      submitLabel="resources.organizations.save"
      failureMessage="resources.organizations.errors.create"
      transform={({ name }) => ({ name: name.trim(), users: [] })}
      maxWidth={560}
    >
      <TextInput source="name" label="resources.organizations.fields.name" validate={filled()} {...ariaRequired} />
    </SpecCreate>
  );
}
