import { Box } from '@mui/material';
import type { DataSource, DataSourceDimensions } from '../../types/api';
import { DetailFields } from '../../src/lists/DetailFields';
import { DetailScreen } from '../../src/lists/DetailScreen';
import type { FieldDeclaration } from '../../src/lists/types';
import { cronText } from './cronText';
import { DataSourceExecutions } from './DataSourceExecutions';
import { sourceTypeLabel, useDataSourceDimensions } from './dataSourceTypes';
import { RetrieveDataButton } from './RetrieveDataButton';

const label = (field: string) => `resources.data-sources.fields.${field}`;

function fieldsOf(dimensions: DataSourceDimensions | undefined): FieldDeclaration<DataSource>[] {
  return [
    { source: 'id', label: label('id') },
    { source: 'name', label: label('name') },
    { source: 'is_public', label: label('is_public'), type: 'yesNo' },
    { source: 'source_type', label: label('source_type'), render: (record) => sourceTypeLabel(dimensions, record.source_type) },
    {
      source: 'additional_data',
      label: label('additional_data'),
      render: (record) => (
        <Box component="pre" sx={{ m: 0, fontFamily: 'monospace', fontSize: '0.875rem', whiteSpace: 'pre-wrap' }}>
          {JSON.stringify(record.additional_data ?? {}, null, 2)}
        </Box>
      ),
    },
    {
      source: 'cron_schedule',
      label: label('schedule'),
      render: (record, translate) => (record.cron_schedule ? cronText(record.cron_schedule) : translate('resources.data-sources.manual')),
    },
    { source: 'created_at', label: label('created_at'), type: 'datetime' },
    { source: 'updated_at', label: label('updated_at'), type: 'datetime' },
  ];
}

/** /data-sources/{id}: the fields, the latest executions, Retrieve Data and Edit (SPEC §2 Data sources). */
export function DataSourceShow() {
  const { data: dimensions } = useDataSourceDimensions();
  const fields = fieldsOf(dimensions);
  return (
    <DetailScreen<DataSource>
      resource="data-sources"
      title="resources.data-sources.show_title"
      edit
      actions={(record) => <RetrieveDataButton id={record.id} />}
    >
      {(record) => (
        <>
          <DetailFields record={record} fields={fields} resource="data-sources" />
          <DataSourceExecutions dataSource={record} />
        </>
      )}
    </DetailScreen>
  );
}
