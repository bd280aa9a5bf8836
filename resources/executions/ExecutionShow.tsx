import type { Query } from '@tanstack/react-query';
import type { Execution } from '../../types/api';
import { EXECUTION_POLL_MS } from '../../src/constants';
import { DetailFields } from '../../src/lists/DetailFields';
import { DetailScreen } from '../../src/lists/DetailScreen';
import type { FieldDeclaration } from '../../src/lists/types';
import { CancelExecutionButton } from './CancelExecutionButton';
import { ExecutionProgress } from './ExecutionProgress';
import { isRunning } from './executionStatus';

const label = (field: string) => `resources.executions.fields.${field}`;

const fields: FieldDeclaration<Execution>[] = [
  { source: 'status', label: label('status') },
  {
    source: 'result',
    label: label('result'),
    render: (execution) => execution.result?.exc_message.join(', '),
    empty: 'app.value.not_available',
  },
  // SPEC §2: "Finished At (shows the creation date)"; the real times follow.
  { source: 'date_created', label: label('finished_at'), type: 'datetime' },
  { source: 'date_started', label: label('date_started'), type: 'datetime', empty: 'app.value.not_available' },
  { source: 'date_done', label: label('date_done'), type: 'datetime', empty: 'app.value.not_available' },
  {
    source: 'data_source.name',
    label: label('data_source'),
    link: (execution) => (execution.data_source ? `/data-sources/${execution.data_source.id}` : ''),
  },
  {
    source: 'trigger',
    label: label('trigger'),
    render: (execution, translate) => translate(`resources.executions.trigger.${execution.trigger}`),
  },
  { source: 'attempts', label: label('attempts') },
];

/** Ask again every 2 s while the execution runs; stop once it finished. */
const pollWhileRunning = (query: Query<Execution, Error>) => (isRunning(query.state.data?.status) ? EXECUTION_POLL_MS : false);

/** /executions/{id}: status, result, times, data source, progress; Cancel while it runs. */
export function ExecutionShow() {
  return (
    <DetailScreen<Execution>
      resource="executions"
      title="resources.executions.show_title"
      queryOptions={{ refetchInterval: pollWhileRunning }}
      actions={(execution) => (isRunning(execution.status) ? <CancelExecutionButton id={execution.id} /> : null)}
    >
      {(execution) => (
        <>
          <DetailFields record={execution} fields={fields} resource="executions" />
          <ExecutionProgress execution={execution} />
        </>
      )}
    </DetailScreen>
  );
}
