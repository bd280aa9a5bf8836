// The /profile-lists list (SPEC §2 Profile lists, §8): a declaration the list machinery renders.
import type { ProfileList } from '../../types/api';
import { deleteEach } from '../../src/admin-kit/list/bulkActions';
import { ListScreen } from '../../src/lists/ListScreen';
import type { ListDeclaration } from '../../src/lists/types';

const label = (field: string) => `resources.profile-lists.fields.${field}`;

export const profileListList: ListDeclaration<ProfileList> = {
  resource: 'profile-lists',
  title: 'resources.profile-lists.title',
  subtitle: 'resources.profile-lists.subtitle',
  searchPlaceholder: 'resources.profile-lists.search',
  emptyText: 'resources.profile-lists.empty',
  columns: [
    { source: 'name', label: label('name'), link: 'show' },
    { source: 'created_at', label: label('created_at'), sortable: true, type: 'datetime' },
    { source: 'updated_at', label: label('updated_at'), sortable: true, type: 'datetime' },
    { source: 'profiles', label: label('profiles_count'), type: 'count' },
  ],
  createButton: { label: 'resources.profile-lists.create', to: '/profile-lists/create' },
  bulkActions: [deleteEach({ success: 'resources.profile-lists.results.deleted', failure: 'resources.profile-lists.results.failed' })],
};

export function ProfileListList() {
  return <ListScreen declaration={profileListList} />;
}
