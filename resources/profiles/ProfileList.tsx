// The /profiles list (SPEC §2 Profiles list, §4 Sorting on the profiles screen): a
// declaration the list machinery renders, with the screen's own address keys (sort and
// direction, repeated choice filters, rating ranges) and its own filter widgets.
import { RATING_FIELDS, type ProfileSummary } from '../../types/api';
import { navigateWithIds } from '../../src/admin-kit/list/bulkActions';
import { ListScreen } from '../../src/lists/ListScreen';
import type { ColumnDeclaration, ListDeclaration } from '../../src/lists/types';
import { CHOICE_KEYS, ProfileChoiceFilters } from './ProfileChoiceFilters';
import { ProfileListActions } from './ProfileListActions';
import { RatingRangeFilters } from './RatingRangeFilters';
import { RANGE_KEYS } from './ratingRange';

const label = (field: string) => `resources.profiles.fields.${field}`;

const ratingColumns: ColumnDeclaration<ProfileSummary>[] = RATING_FIELDS.map((field) => ({
  source: field,
  label: label(field),
  sortable: true,
  empty: 'app.value.not_available',
}));

export const profileList: ListDeclaration<ProfileSummary> = {
  resource: 'profiles',
  title: 'resources.profiles.title',
  subtitle: 'resources.profiles.subtitle',
  searchPlaceholder: 'resources.profiles.search',
  emptyText: 'resources.profiles.empty',
  sortUrlStyle: 'sortDirection',
  columns: [
    { source: 'first_name', label: label('first_name'), sortable: true, link: 'show' },
    { source: 'last_name', label: label('last_name'), sortable: true },
    { source: 'created_at', label: label('created_at'), sortable: true, type: 'datetime' },
    { source: 'updated_at', label: label('updated_at'), sortable: true, type: 'datetime' },
    ...ratingColumns,
  ],
  bulkActions: [
    navigateWithIds('resources.profiles.bulk.add_to_list', '/profile-lists/add-profiles'),
    navigateWithIds('resources.profiles.bulk.remove_from_list', '/profile-lists/remove-profiles'),
  ],
  actions: ProfileListActions,
  filters: [
    { keys: CHOICE_KEYS, component: ProfileChoiceFilters },
    { keys: RANGE_KEYS, component: RatingRangeFilters },
  ],
};

export function ProfileList() {
  return <ListScreen declaration={profileList} />;
}
