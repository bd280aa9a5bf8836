import { Box } from '@mui/material';
import { FunctionField, TextField, useTranslate } from 'react-admin';
import type { DataSource } from '../../types/api';
import { DateTimeField, YesNoField } from '../../src/admin-kit/fields';
import { SpecShow } from '../../src/admin-kit/show/SpecShow';
import { SpecShowLayout } from '../../src/admin-kit/show/SpecShowLayout';
import { cronText } from './cronText';
import { DataSourceExecutions } from './DataSourceExecutions';
import { sourceTypeLabel, useDataSourceDimensions } from './dataSourceTypes';
import { RetrieveDataButton } from './RetrieveDataButton';

/** /data-sources/{id}: the fields, the latest executions, Retrieve Data and Edit (SPEC §2 Data sources). */
export function DataSourceShow() {
  const translate = useTranslate();
  const { data: dimensions } = useDataSourceDimensions();
  return (
    <SpecShow<DataSource>
      resource="data-sources"
      title="resources.data-sources.show_title"
      edit
      actions={(record) => <RetrieveDataButton id={record.id} />}
    >
      <SpecShowLayout>
        <TextField source="id" />
        <TextField source="name" />
        <YesNoField source="is_public" />
        <FunctionField<DataSource> source="source_type" render={(record) => sourceTypeLabel(dimensions, record.source_type)} />
        <FunctionField<DataSource>
          source="additional_data"
          render={(record) => (
            <Box component="pre" sx={{ m: 0, fontFamily: 'monospace', fontSize: '0.875rem', whiteSpace: 'pre-wrap' }}>
              {JSON.stringify(record.additional_data ?? {}, null, 2)}
            </Box>
          )}
        />
        {/* SPEC §2: the cron as readable English text, or Manual if none */}
        <FunctionField<DataSource>
          source="cron_schedule"
          label="resources.data-sources.fields.schedule"
          render={(record) => (record.cron_schedule ? cronText(record.cron_schedule) : translate('resources.data-sources.manual'))}
        />
        <DateTimeField source="created_at" />
        <DateTimeField source="updated_at" />
      </SpecShowLayout>
      <DataSourceExecutions />
    </SpecShow>
  );
}
