// The /platform-connections list (SPEC §2 Platform connections): no selection, no bulk
// actions; the category shown by its label, sortable by the dates.
import { DataTable } from 'react-admin';
import type { PlatformConnection } from '../../types/api';
import { DateTimeField, ShowLinkField } from '../../src/admin-kit/fields';
import { TypeLabelledList } from '../shared/TypeLabelledList';
import { categoryLabel, usePlatformConnectionDimensions } from './platformConnectionTypes';

const label = (field: string) => `resources.platform-connections.fields.${field}`;

export function PlatformConnectionList() {
  const { data: dimensions, error } = usePlatformConnectionDimensions();
  return (
    <TypeLabelledList
      typeDefinitionsError={error}
      resource="platform-connections"
      title="resources.platform-connections.title"
      subtitle="resources.platform-connections.subtitle"
      empty="resources.platform-connections.empty"
      create={{ label: 'resources.platform-connections.create', to: '/platform-connections/create' }}
    >
      <DataTable<PlatformConnection> bulkActionButtons={false}>
        <DataTable.Col source="category_type" label={label('category')} disableSort>
          <ShowLinkField source="category_type" text={(connection) => categoryLabel(dimensions, connection.category_type)} />
        </DataTable.Col>
        <DataTable.Col source="created_by" label={label('created_by')} disableSort />
        <DataTable.Col source="created_at" label={label('created_at')} field={DateTimeField} />
        <DataTable.Col source="updated_at" label={label('updated_at')} field={DateTimeField} />
      </DataTable>
    </TypeLabelledList>
  );
}
