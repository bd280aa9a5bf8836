import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Organization, OrganizationMember } from '../../types/api';
import { DetailFields } from '../../src/lists/DetailFields';
import { DetailScreen } from '../../src/lists/DetailScreen';
import { RecordsTable } from '../../src/lists/RecordsTable';
import type { ColumnDeclaration, FieldDeclaration } from '../../src/lists/types';

const fields: FieldDeclaration<Organization>[] = [
  { source: 'name', label: 'resources.organizations.fields.name' },
  { source: 'created_at', label: 'resources.organizations.fields.created_at', type: 'datetime' },
  { source: 'updated_at', label: 'resources.organizations.fields.updated_at', type: 'datetime' },
];

const memberColumns: ColumnDeclaration<OrganizationMember>[] = [
  { source: 'first_name', label: 'resources.organizations.members.first_name', link: (user) => `/users/${user.id}` },
  { source: 'last_name', label: 'resources.organizations.members.last_name' },
  { source: 'email', label: 'resources.organizations.members.email' },
  { source: 'date_joined', label: 'resources.organizations.members.date_joined', type: 'datetime' },
];

/** /organizations/{id}: name, dates, the users table and Edit. */
export function OrganizationShow() {
  const translate = useTranslate();
  return (
    <DetailScreen<Organization> resource="organizations" title="resources.organizations.show_title" edit>
      {(organization) => (
        <>
          <DetailFields record={organization} fields={fields} resource="organizations" />
          <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
            {translate('resources.organizations.fields.users')}
          </Typography>
          <RecordsTable
            resource="users"
            columns={memberColumns}
            rows={organization.users}
            label={translate('resources.organizations.fields.users')}
            emptyText="resources.organizations.members.empty"
          />
        </>
      )}
    </DetailScreen>
  );
}
