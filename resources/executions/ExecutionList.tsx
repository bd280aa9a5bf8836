// The /executions list (SPEC §2 Executions): searchable, sortable by date_done, no selection;
// ?data_source={id} (from a data source's detail) lists that source's executions only.
import { DataTable, TextField } from 'react-admin';
import type { Execution } from '../../types/api';
import { DateTimeField, ShowLinkField } from '../../src/admin-kit/fields';
import { SpecList } from '../../src/admin-kit/list/SpecList';
import { DataSourceFilter } from './DataSourceFilter';

const label = (field: string) => `resources.executions.fields.${field}`;

/** The execution's data source detail, when it has one. */
const dataSourcePath = (execution: Pick<Execution, 'data_source'>) =>
  execution.data_source ? `/data-sources/${execution.data_source.id}` : undefined;

export function ExecutionList() {
  return (
    <SpecList
      resource="executions"
      title="resources.executions.title"
      subtitle="resources.executions.subtitle"
      search="resources.executions.search"
      empty="resources.executions.empty"
      filters={[{ keys: ['data_source'], component: DataSourceFilter }]}
    >
      <DataTable bulkActionButtons={false}>
        <DataTable.Col source="status" label={label('status')} disableSort field={ShowLinkField} />
        <DataTable.Col source="data_source.name" label={label('data_source')} disableSort>
          <ShowLinkField source="data_source.name" to={dataSourcePath} emptyText="app.value.not_available" />
        </DataTable.Col>
        <DataTable.Col source="date_done" label={label('finished_at')}>
          <DateTimeField source="date_done" emptyText="app.value.not_available" />
        </DataTable.Col>
        <DataTable.Col source="result.exc_type" label={label('result')} disableSort>
          <TextField source="result.exc_type" emptyText="app.value.not_available" />
        </DataTable.Col>
      </DataTable>
    </SpecList>
  );
}
