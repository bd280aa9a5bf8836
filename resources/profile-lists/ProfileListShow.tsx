import { ArrayField, DataTable, TextField, useTranslate } from 'react-admin';
import type { ProfileList, ProfileListMember } from '../../types/api';
import { DateTimeField, ShowLinkField } from '../../src/admin-kit/fields';
import { SpecShow } from '../../src/admin-kit/show/SpecShow';
import { SpecShowLayout } from '../../src/admin-kit/show/SpecShowLayout';
import { EmptyText, ShowSection } from '../../src/admin-kit/show/ShowSection';

const member = (field: string) => `resources.profile-lists.members.${field}`;

/** /profile-lists/{id}: name, dates, the profiles table (ID links to the profile) and Edit. */
export function ProfileListShow() {
  const translate = useTranslate();
  return (
    <SpecShow<ProfileList> resource="profile-lists" title="resources.profile-lists.show_title" edit>
      <SpecShowLayout>
        <TextField source="name" />
        <DateTimeField source="created_at" />
        <DateTimeField source="updated_at" />
      </SpecShowLayout>
      <ShowSection title="resources.profile-lists.fields.profiles" sx={{ mt: 3 }}>
        <ArrayField source="profiles">
          <DataTable<ProfileListMember>
            aria-label={translate('resources.profile-lists.fields.profiles')}
            bulkActionButtons={false}
            rowClick={false}
            storeKey="profile-lists.profiles.datatable"
            empty={<EmptyText text={member('empty')} />}
          >
            <DataTable.Col source="id" label={member('id')} disableSort>
              <ShowLinkField source="id" to={(profile) => `/profiles/${profile.id}`} />
            </DataTable.Col>
            <DataTable.Col source="first_name" label={member('first_name')} disableSort />
            <DataTable.Col source="last_name" label={member('last_name')} disableSort />
            <DataTable.Col source="external_id" label={member('external_id')} disableSort />
          </DataTable>
        </ArrayField>
      </ShowSection>
    </SpecShow>
  );
}
