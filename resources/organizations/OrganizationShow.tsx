import { DataTable } from 'react-admin';
import { DateTimeField, ShowLinkField } from '../../src/admin-kit/fields';
import { CollectionShow } from '../shared/CollectionShow';

const member = (field: string) => `resources.organizations.members.${field}`;

/** /organizations/{id}: name, dates, the users table (First Name links to the user) and Edit. */
export function OrganizationShow() {
  return (
    <CollectionShow resource="organizations" memberField="users">
      <DataTable.Col source="first_name" label={member('first_name')} disableSort>
        <ShowLinkField source="first_name" to={(user) => `/users/${user.id}`} />
      </DataTable.Col>
      <DataTable.Col source="last_name" label={member('last_name')} disableSort />
      <DataTable.Col source="email" label={member('email')} disableSort />
      <DataTable.Col source="date_joined" label={member('date_joined')} disableSort field={DateTimeField} />
    </CollectionShow>
  );
}
