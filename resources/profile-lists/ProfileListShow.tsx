import type { ProfileList, ProfileListMember } from '../../types/api';
import type { ColumnDeclaration } from '../../src/lists/types';
import { CollectionShow } from '../shared/CollectionShow';

const memberColumns: ColumnDeclaration<ProfileListMember>[] = [
  { source: 'id', label: 'resources.profile-lists.members.id', link: 'show' },
  { source: 'first_name', label: 'resources.profile-lists.members.first_name' },
  { source: 'last_name', label: 'resources.profile-lists.members.last_name' },
  { source: 'external_id', label: 'resources.profile-lists.members.external_id' },
];

/** /profile-lists/{id}: name, dates, the profiles table (ID links to the profile) and Edit. */
export function ProfileListShow() {
  return (
    <CollectionShow<ProfileList, ProfileListMember>
      resource="profile-lists"
      memberField="profiles"
      memberResource="profiles"
      memberColumns={memberColumns}
    />
  );
}
