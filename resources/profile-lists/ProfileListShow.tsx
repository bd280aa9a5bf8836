import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ProfileList, ProfileListMember } from '../../types/api';
import { DetailFields } from '../../src/lists/DetailFields';
import { DetailScreen } from '../../src/lists/DetailScreen';
import { RecordsTable } from '../../src/lists/RecordsTable';
import type { ColumnDeclaration, FieldDeclaration } from '../../src/lists/types';

const fields: FieldDeclaration<ProfileList>[] = [
  { source: 'name', label: 'resources.profile-lists.fields.name' },
  { source: 'created_at', label: 'resources.profile-lists.fields.created_at', type: 'datetime' },
  { source: 'updated_at', label: 'resources.profile-lists.fields.updated_at', type: 'datetime' },
];

const memberColumns: ColumnDeclaration<ProfileListMember>[] = [
  { source: 'id', label: 'resources.profile-lists.members.id', link: 'show' },
  { source: 'first_name', label: 'resources.profile-lists.members.first_name' },
  { source: 'last_name', label: 'resources.profile-lists.members.last_name' },
  { source: 'external_id', label: 'resources.profile-lists.members.external_id' },
];

/** /profile-lists/{id}: name, dates, the profiles table (ID links to the profile) and Edit. */
export function ProfileListShow() {
  const translate = useTranslate();
  return (
    <DetailScreen<ProfileList> resource="profile-lists" title="resources.profile-lists.show_title" edit>
      {(list) => (
        <>
          <DetailFields record={list} fields={fields} resource="profile-lists" />
          <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
            {translate('resources.profile-lists.fields.profiles')}
          </Typography>
          <RecordsTable
            resource="profiles"
            columns={memberColumns}
            rows={list.profiles}
            label={translate('resources.profile-lists.fields.profiles')}
            emptyText="resources.profile-lists.members.empty"
          />
        </>
      )}
    </DetailScreen>
  );
}
