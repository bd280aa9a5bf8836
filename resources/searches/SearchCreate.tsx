import { useLocation } from 'react-router-dom';
import { TextInput } from 'react-admin';
import type { SavedSearchWrite } from '../../types/api';
import { ariaRequired, filled, SpecCreate } from '../../src/admin-kit/form';

/**
 * /searches/create?{profiles query}: the profiles screen's 'Save Search' link brings its
 * query along; this screen names it and POSTs {name, url: that query, entity: 'Profile'},
 * then shows My Searches. A failure shows 'Failed to create search.', then returns there.
 */
export function SearchCreate() {
  const { search } = useLocation();
  const toBody = ({ name }: { name: string }): SavedSearchWrite => ({
    name: name.trim(),
    url: search.replace(/^\?/, ''),
    entity: 'Profile',
  });
  return (
    <SpecCreate
      resource="searches"
      title="resources.searches.create_title"
      submitLabel="resources.searches.save"
      failureMessage="resources.searches.errors.create"
      transform={toBody}
      redirect="list"
      maxWidth={560}
    >
      <TextInput source="name" label="resources.searches.fields.name" validate={filled()} {...ariaRequired} />
    </SpecCreate>
  );
}
