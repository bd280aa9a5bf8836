import { TextInput } from 'react-admin';
import { ariaRequired, filled, SpecEdit } from '../../src/admin-kit/form';
import { memberIdsOf } from '../shared/memberIds';

/** /organizations/{id}/update: PUT {name, users: the ids of the users it has}, then the organization. */
export function OrganizationEdit() {
  return (
    <SpecEdit
      resource="organizations"
      title="resources.organizations.edit_title"
      submitLabel="resources.organizations.save"
      failureMessage="resources.organizations.errors.update"
      fetchFailureMessage="resources.organizations.errors.fetch"
      transform={({ name }, options) => ({ name: name.trim(), users: memberIdsOf(options?.previousData?.users) })}
      maxWidth={560}
    >
      <TextInput source="name" label="resources.organizations.fields.name" validate={filled()} {...ariaRequired} />
    </SpecEdit>
  );
}
