import { Link as RouterLink } from 'react-router-dom';
import { Link, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { DataSource, DataSourceExecution, ExecutionResult } from '../../types/api';
import { RecordsTable } from '../../src/lists/RecordsTable';
import type { ColumnDeclaration } from '../../src/lists/types';

/** SPEC §2: a result shows its exception messages joined when there are any. */
export const resultMessages = (result: ExecutionResult) => result?.exc_message.join(', ') ?? '';

const label = (field: string) => `resources.data-sources.executions.${field}`;

const columns: ColumnDeclaration<DataSourceExecution>[] = [
  { source: 'status', label: label('status'), link: (execution) => `/executions/${execution.id}` },
  { source: 'date_done', label: label('date_done'), type: 'datetime', empty: 'app.value.not_available' },
  { source: 'result', label: label('result'), render: (execution) => resultMessages(execution.result) },
];

/** The data source's latest executions, newest first, and the way to all of them. */
export function DataSourceExecutions({ dataSource }: { dataSource: DataSource }) {
  const translate = useTranslate();
  const title = translate(label('title'));
  return (
    <>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'baseline', mt: 3, mb: 1 }}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        <Link component={RouterLink} to={`/executions?data_source=${dataSource.id}`}>
          {translate(label('all'))}
        </Link>
      </Stack>
      <RecordsTable resource="executions" columns={columns} rows={dataSource.executions} label={title} emptyText={label('empty')} />
    </>
  );
}
