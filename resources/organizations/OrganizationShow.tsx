import { ArrayField, DataTable, TextField, useTranslate } from 'react-admin';
import type { Organization, OrganizationMember } from '../../types/api';
import { DateTimeField, ShowLinkField } from '../../src/admin-kit/fields';
import { SpecShow } from '../../src/admin-kit/show/SpecShow';
import { SpecShowLayout } from '../../src/admin-kit/show/SpecShowLayout';
import { EmptyText, ShowSection } from '../../src/admin-kit/show/ShowSection';

const member = (field: string) => `resources.organizations.members.${field}`;

/** /organizations/{id}: name, dates, the users table (First Name links to the user) and Edit. */
export function OrganizationShow() {
  const translate = useTranslate();
  return (
    <SpecShow<Organization> resource="organizations" title="resources.organizations.show_title" edit>
      <SpecShowLayout>
        <TextField source="name" />
        <DateTimeField source="created_at" />
        <DateTimeField source="updated_at" />
      </SpecShowLayout>
      <ShowSection title="resources.organizations.fields.users" sx={{ mt: 3 }}>
        <ArrayField source="users">
          <DataTable<OrganizationMember>
            aria-label={translate('resources.organizations.fields.users')}
            bulkActionButtons={false}
            rowClick={false}
            storeKey="organizations.users.datatable"
            empty={<EmptyText text={member('empty')} />}
          >
            <DataTable.Col source="first_name" label={member('first_name')} disableSort>
              <ShowLinkField source="first_name" to={(user) => `/users/${user.id}`} />
            </DataTable.Col>
            <DataTable.Col source="last_name" label={member('last_name')} disableSort />
            <DataTable.Col source="email" label={member('email')} disableSort />
            <DataTable.Col source="date_joined" label={member('date_joined')} disableSort field={DateTimeField} />
          </DataTable>
        </ArrayField>
      </ShowSection>
    </SpecShow>
  );
}
