// The /platform-connections list (SPEC §2 Platform connections): no selection, no bulk
// actions; the category shown by its label.
import { useMemo } from 'react';
import type { PlatformConnection, PlatformConnectionDimensions } from '../../types/api';
import type { ListDeclaration } from '../../src/lists/types';
import { DimensionsListScreen } from '../shared/DimensionsListScreen';
import { categoryLabel, usePlatformConnectionDimensions } from './platformConnectionTypes';

const label = (field: string) => `resources.platform-connections.fields.${field}`;

export function platformConnectionList(dimensions: PlatformConnectionDimensions | undefined): ListDeclaration<PlatformConnection> {
  return {
    resource: 'platform-connections',
    title: 'resources.platform-connections.title',
    subtitle: 'resources.platform-connections.subtitle',
    emptyText: 'resources.platform-connections.empty',
    selectable: false,
    columns: [
      {
        source: 'category_type',
        label: label('category'),
        link: 'show',
        render: (connection) => categoryLabel(dimensions, connection.category_type),
      },
      { source: 'created_by', label: label('created_by') },
      { source: 'created_at', label: label('created_at'), sortable: true, type: 'datetime' },
      { source: 'updated_at', label: label('updated_at'), sortable: true, type: 'datetime' },
    ],
    createButton: { label: 'resources.platform-connections.create', to: '/platform-connections/create' },
  };
}

export function PlatformConnectionList() {
  const { data: dimensions, error } = usePlatformConnectionDimensions();
  const declaration = useMemo(() => platformConnectionList(dimensions), [dimensions]);
  return <DimensionsListScreen declaration={declaration} dimensionsError={error} />;
}
