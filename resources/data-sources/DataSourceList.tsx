// The /data-sources list (SPEC §2 Data sources, §4 Public visibility, §8): a declaration
// the list machinery renders, with the type and schedule labels of the dimensions.
import { useMemo } from 'react';
import type { DataSource, DataSourceDimensions } from '../../types/api';
import { deleteEach, postEach } from '../../src/admin-kit/list/bulkActions';
import type { ListDeclaration, PerItemBulkAction } from '../../src/lists/types';
import { DimensionsListScreen } from '../shared/DimensionsListScreen';
import { scheduleOptionLabel, sourceTypeLabel, useDataSourceDimensions } from './dataSourceTypes';

const label = (field: string) => `resources.data-sources.fields.${field}`;
const failed = 'resources.data-sources.results.failed';

/** SPEC §4: read the row's current is_public, send the opposite. */
export const changePublicVisibility: PerItemBulkAction = {
  kind: 'perItem',
  label: 'resources.data-sources.bulk.change_public',
  messages: { success: 'resources.data-sources.results.public_changed', failure: failed },
  run: async (id, { dataProvider }) => {
    const { data } = await dataProvider.getOne('data-sources', { id });
    return dataProvider.request('POST', `/data-sources/${id}/set-public/`, { is_public: !(data as DataSource).is_public });
  },
};

export function dataSourceList(dimensions: DataSourceDimensions | undefined): ListDeclaration<DataSource> {
  return {
    resource: 'data-sources',
    title: 'resources.data-sources.title',
    subtitle: 'resources.data-sources.subtitle',
    searchPlaceholder: 'resources.data-sources.search',
    emptyText: 'resources.data-sources.empty',
    columns: [
      { source: 'name', label: label('name'), sortable: true, link: 'show' },
      { source: 'source_type', label: label('source_type'), render: (record) => sourceTypeLabel(dimensions, record.source_type) },
      {
        source: 'cron_schedule',
        label: label('schedule'),
        render: (record, translate) => scheduleOptionLabel(dimensions, record) ?? translate('resources.data-sources.manual'),
      },
      { source: 'created_at', label: label('created_at'), sortable: true, type: 'datetime' },
      { source: 'updated_at', label: label('updated_at'), sortable: true, type: 'datetime' },
      { source: 'is_public', label: label('is_public'), type: 'yesNo' },
    ],
    createButton: { label: 'resources.data-sources.create', to: '/data-sources/create' },
    bulkActions: [
      postEach(
        'resources.data-sources.bulk.retrieve',
        (id) => `/data-sources/${id}/retrieval/`,
        () => undefined,
        {
          success: 'resources.data-sources.results.retrieval',
          failure: failed,
        },
      ),
      deleteEach({ success: 'resources.data-sources.results.deleted', failure: failed }),
      changePublicVisibility,
    ],
  };
}

export function DataSourceList() {
  const { data: dimensions, error } = useDataSourceDimensions();
  const declaration = useMemo(() => dataSourceList(dimensions), [dimensions]);
  return <DimensionsListScreen declaration={declaration} dimensionsError={error} />;
}
