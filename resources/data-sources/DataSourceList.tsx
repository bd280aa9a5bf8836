// The /data-sources list (SPEC §2 Data sources, §4 Public visibility, §8): the type and
// schedule shown by the labels of the dimensions, Public as Yes/No, three bulk actions.
import { DataTable, useTranslate } from 'react-admin';
import type { DataSource } from '../../types/api';
import { DateTimeField, ShowLinkField, YesNoField } from '../../src/admin-kit/fields';
import { deleteEach, postEach } from '../../src/admin-kit/list/bulkActions';
import { SelectAction } from '../../src/admin-kit/list/SelectAction';
import type { PerItemBulkAction } from '../../src/admin-kit/list/types';
import { TypeLabelledList } from '../shared/TypeLabelledList';
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

const bulkActions = [
  postEach(
    'resources.data-sources.bulk.retrieve',
    (id) => `/data-sources/${id}/retrieval/`,
    () => undefined,
    { success: 'resources.data-sources.results.retrieval', failure: failed },
  ),
  deleteEach({ success: 'resources.data-sources.results.deleted', failure: failed }),
  changePublicVisibility,
];

export function DataSourceList() {
  const { data: dimensions, error } = useDataSourceDimensions();
  const translate = useTranslate();
  return (
    <TypeLabelledList
      typeDefinitionsError={error}
      resource="data-sources"
      title="resources.data-sources.title"
      subtitle="resources.data-sources.subtitle"
      search="resources.data-sources.search"
      empty="resources.data-sources.empty"
      create={{ label: 'resources.data-sources.create', to: '/data-sources/create' }}
    >
      <DataTable<DataSource> bulkActionsToolbar={<SelectAction actions={bulkActions} />}>
        <DataTable.Col source="name" label={label('name')} field={ShowLinkField} />
        <DataTable.Col
          source="source_type"
          label={label('source_type')}
          disableSort
          render={(record: DataSource) => sourceTypeLabel(dimensions, record.source_type)}
        />
        <DataTable.Col
          source="cron_schedule"
          label={label('schedule')}
          disableSort
          render={(record: DataSource) => scheduleOptionLabel(dimensions, record) ?? translate('resources.data-sources.manual')}
        />
        <DataTable.Col source="created_at" label={label('created_at')} field={DateTimeField} />
        <DataTable.Col source="updated_at" label={label('updated_at')} field={DateTimeField} />
        <DataTable.Col source="is_public" label={label('is_public')} disableSort field={YesNoField} />
      </DataTable>
    </TypeLabelledList>
  );
}
