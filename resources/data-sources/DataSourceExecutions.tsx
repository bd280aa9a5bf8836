import { Link as RouterLink } from 'react-router-dom';
import { Link } from '@mui/material';
import { ArrayField, DataTable, useRecordContext, useTranslate } from 'react-admin';
import type { DataSource, DataSourceExecution, ExecutionResult } from '../../types/api';
import { DateTimeField, ShowLinkField } from '../../src/admin-kit/fields';
import { EmptyText, ShowSection } from '../../src/admin-kit/show/ShowSection';

/** SPEC §2: a result shows its exception messages joined when there are any. */
export const resultMessages = (result: ExecutionResult) => result?.exc_message.join(', ') ?? '';

const label = (field: string) => `resources.data-sources.executions.${field}`;

/** The data source's latest executions (the record's `executions`), newest first, and the way to all of them. */
export function DataSourceExecutions() {
  const translate = useTranslate();
  const dataSource = useRecordContext<DataSource>();
  if (!dataSource) return null;
  return (
    <ShowSection
      title={label('title')}
      sx={{ mt: 3 }}
      aside={
        <Link component={RouterLink} to={`/executions?data_source=${dataSource.id}`}>
          {translate(label('all'))}
        </Link>
      }
    >
      <ArrayField source="executions">
        <DataTable<DataSourceExecution>
          aria-label={translate(label('title'))}
          bulkActionButtons={false}
          rowClick={false}
          storeKey="data-sources.executions.datatable"
          empty={<EmptyText text={label('empty')} />}
        >
          <DataTable.Col source="status" label={label('status')} disableSort>
            <ShowLinkField source="status" to={(execution) => `/executions/${execution.id}`} />
          </DataTable.Col>
          <DataTable.Col source="date_done" label={label('date_done')} disableSort>
            <DateTimeField source="date_done" emptyText="app.value.not_available" />
          </DataTable.Col>
          <DataTable.Col source="result" label={label('result')} disableSort render={(execution) => resultMessages(execution.result)} />
        </DataTable>
      </ArrayField>
    </ShowSection>
  );
}
