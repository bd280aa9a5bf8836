// The /executions list (SPEC §2 Executions): a declaration the list machinery renders.
import type { Execution } from '../../types/api';
import { ListScreen } from '../../src/lists/ListScreen';
import type { ListDeclaration } from '../../src/lists/types';
import { DataSourceFilter } from './DataSourceFilter';

const label = (field: string) => `resources.executions.fields.${field}`;

export const executionList: ListDeclaration<Execution> = {
  resource: 'executions',
  title: 'resources.executions.title',
  subtitle: 'resources.executions.subtitle',
  searchPlaceholder: 'resources.executions.search',
  emptyText: 'resources.executions.empty',
  columns: [
    { source: 'status', label: label('status'), link: 'show' },
    {
      source: 'data_source.name',
      label: label('data_source'),
      link: (execution) => (execution.data_source ? `/data-sources/${execution.data_source.id}` : ''),
      empty: 'app.value.not_available',
    },
    { source: 'date_done', label: label('finished_at'), sortable: true, type: 'datetime', empty: 'app.value.not_available' },
    { source: 'result.exc_type', label: label('result'), empty: 'app.value.not_available' },
  ],
  filters: [{ keys: ['data_source'], component: DataSourceFilter }],
};

export function ExecutionList() {
  return <ListScreen declaration={executionList} />;
}
