// The /profiles list (SPEC §2 Profiles list, §4 Sorting on the profiles screen) on the kit's
// <SpecList>: the screen's own address keys (sort and direction, no page_size, repeated choice
// filters, rating ranges), its filter widgets, 'Save Search' and 'Export', and the 'Select Action'
// menu over the selected rows of a <DataTable> whose eight columns all sort.
import { DataTable, TextField } from 'react-admin';
import { RATING_FIELDS } from '../../types/api';
import { DateTimeField, ShowLinkField } from '../../src/admin-kit/fields';
import { navigateWithIds } from '../../src/admin-kit/list/bulkActions';
import { SelectAction } from '../../src/admin-kit/list/SelectAction';
import { SpecList } from '../../src/admin-kit/list/SpecList';
import type { BulkActionDeclaration, ListFilterDeclaration } from '../../src/admin-kit/list/types';
import { CHOICE_KEYS, ProfileChoiceFilters } from './ProfileChoiceFilters';
import { ProfileListActions } from './ProfileListActions';
import { RatingRangeFilters } from './RatingRangeFilters';
import { RANGE_KEYS } from './ratingRange';

const label = (field: string) => `resources.profiles.fields.${field}`;

const filters: ListFilterDeclaration[] = [
  { keys: CHOICE_KEYS, component: ProfileChoiceFilters },
  { keys: RANGE_KEYS, component: RatingRangeFilters },
];

const bulkActions: BulkActionDeclaration[] = [
  navigateWithIds('resources.profiles.bulk.add_to_list', '/profile-lists/add-profiles'),
  navigateWithIds('resources.profiles.bulk.remove_from_list', '/profile-lists/remove-profiles'),
];

export function ProfileList() {
  return (
    <SpecList
      resource="profiles"
      title="resources.profiles.title"
      subtitle="resources.profiles.subtitle"
      search="resources.profiles.search"
      empty="resources.profiles.empty"
      addressStyle="sortDirection"
      filters={filters}
      actions={ProfileListActions}
    >
      {/* a click on a row does nothing: the First Name links to /profiles/{id} */}
      <DataTable rowClick={false} bulkActionsToolbar={<SelectAction actions={bulkActions} />}>
        <DataTable.Col source="first_name" label={label('first_name')} field={ShowLinkField} />
        <DataTable.Col source="last_name" label={label('last_name')} />
        <DataTable.Col source="created_at" label={label('created_at')} field={DateTimeField} />
        <DataTable.Col source="updated_at" label={label('updated_at')} field={DateTimeField} />
        {RATING_FIELDS.map((field) => (
          <DataTable.Col key={field} source={field} label={label(field)}>
            <TextField source={field} emptyText="app.value.not_available" />
          </DataTable.Col>
        ))}
      </DataTable>
    </SpecList>
  );
}
