import { DataTable } from 'react-admin';
import { ShowLinkField } from '../../src/admin-kit/fields';
import { CollectionShow } from '../shared/CollectionShow';

const member = (field: string) => `resources.profile-lists.members.${field}`;

/** /profile-lists/{id}: name, dates, the profiles table (ID links to the profile) and Edit. */
export function ProfileListShow() {
  return (
    <CollectionShow resource="profile-lists" memberField="profiles">
      <DataTable.Col source="id" label={member('id')} disableSort>
        <ShowLinkField source="id" to={(profile) => `/profiles/${profile.id}`} />
      </DataTable.Col>
      <DataTable.Col source="first_name" label={member('first_name')} disableSort />
      <DataTable.Col source="last_name" label={member('last_name')} disableSort />
      <DataTable.Col source="external_id" label={member('external_id')} disableSort />
    </CollectionShow>
  );
}
