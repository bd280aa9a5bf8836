import type { Query } from '@tanstack/react-query';
import { FunctionField, TextField, useTranslate } from 'react-admin';
import type { Execution } from '../../types/api';
import { EXECUTION_POLL_MS } from '../../src/constants';
import { DateTimeField, ShowLinkField } from '../../src/admin-kit/fields';
import { SpecShow } from '../../src/admin-kit/show/SpecShow';
import { SpecShowLayout } from '../../src/admin-kit/show/SpecShowLayout';
import { CancelExecutionButton } from './CancelExecutionButton';
import { ExecutionProgress } from './ExecutionProgress';
import { isRunning } from './executionStatus';

const label = (field: string) => `resources.executions.fields.${field}`;
const notAvailable = 'app.value.not_available';

/** Ask again every 2 s while the execution runs; stop once it finished. */
const pollWhileRunning = (query: Query<Execution, Error>) => (isRunning(query.state.data?.status) ? EXECUTION_POLL_MS : false);

/** /executions/{id}: status, result, times, data source, progress; Cancel while it runs. */
export function ExecutionShow() {
  const translate = useTranslate();
  return (
    <SpecShow<Execution>
      resource="executions"
      title="resources.executions.show_title"
      queryOptions={{ refetchInterval: pollWhileRunning }}
      actions={(execution) => (isRunning(execution.status) ? <CancelExecutionButton id={execution.id} /> : null)}
    >
      <SpecShowLayout>
        <TextField source="status" />
        <FunctionField<Execution>
          source="result"
          render={(execution) => execution.result?.exc_message.join(', ') || translate(notAvailable)}
        />
        {/* SPEC §2: "Finished At (shows the creation date)"; the real times follow */}
        <DateTimeField source="date_created" label={label('finished_at')} />
        <DateTimeField source="date_started" emptyText={notAvailable} />
        <DateTimeField source="date_done" emptyText={notAvailable} />
        <ShowLinkField
          source="data_source.name"
          label={label('data_source')}
          to={(execution) => `/data-sources/${(execution as Execution).data_source?.id}`}
        />
        <FunctionField<Execution> source="trigger" render={(execution) => translate(`resources.executions.trigger.${execution.trigger}`)} />
        <TextField source="attempts" />
      </SpecShowLayout>
      <ExecutionProgress />
    </SpecShow>
  );
}
