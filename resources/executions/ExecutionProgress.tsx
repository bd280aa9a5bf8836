import { LinearProgress, Stack, Typography } from '@mui/material';
import { NumberField, useRecordContext, useTranslate } from 'react-admin';
import type { Execution } from '../../types/api';
import { ShowSection } from '../../src/admin-kit/show/ShowSection';
import { SpecShowLayout } from '../../src/admin-kit/show/SpecShowLayout';
import { isRunning } from './executionStatus';

const COUNTS = ['processed', 'created', 'updated', 'unchanged', 'failed'] as const;

/**
 * How far a retrieval got: a bar when the source announced its total (a moving bar while
 * it runs without one), and the records processed, created, updated, unchanged and failed, of the
 * execution in the record context.
 */
export function ExecutionProgress() {
  const translate = useTranslate();
  const execution = useRecordContext<Execution>();
  if (!execution) return null;
  const { progress } = execution;
  const known = progress.total !== null && progress.total > 0;
  const percent = known ? Math.min(100, Math.round((progress.processed / (progress.total as number)) * 100)) : 0;
  const label = translate('resources.executions.progress.title');

  return (
    <ShowSection title="resources.executions.progress.title" sx={{ mt: 3 }}>
      {known ? (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
          <LinearProgress variant="determinate" value={percent} aria-label={label} sx={{ flexGrow: 1 }} />
          <Typography variant="body2">
            {translate('resources.executions.progress.of_total', { processed: progress.processed, total: progress.total })}
          </Typography>
        </Stack>
      ) : (
        isRunning(execution.status) && <LinearProgress aria-label={label} sx={{ mb: 1 }} />
      )}
      {/* the screen's last description list: 'Created' and its count (e2e reads 'Created12') */}
      <SpecShowLayout
        sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(3, max-content)', sm: 'repeat(5, max-content)' }, columnGap: 4 }}
      >
        {COUNTS.map((count) => (
          <NumberField key={count} source={`progress.${count}`} label={`resources.executions.progress.${count}`} />
        ))}
      </SpecShowLayout>
    </ShowSection>
  );
}
