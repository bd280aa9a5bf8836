import { Box, LinearProgress, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Execution } from '../../types/api';
import { isRunning } from './executionStatus';

const COUNTS = ['processed', 'created', 'updated', 'unchanged', 'failed'] as const;

/**
 * How far a retrieval got: a bar when the source announced its total (a moving bar while
 * it runs without one), and the records processed, created, updated, unchanged and failed.
 */
export function ExecutionProgress({ execution }: { execution: Execution }) {
  const translate = useTranslate();
  const { progress } = execution;
  const known = progress.total !== null && progress.total > 0;
  const percent = known ? Math.min(100, Math.round((progress.processed / (progress.total as number)) * 100)) : 0;
  const label = translate('resources.executions.progress.title');

  return (
    <Box sx={{ mt: 3 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {label}
      </Typography>
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
      <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content max-content', columnGap: 2, rowGap: 0.5, m: 0 }}>
        {COUNTS.map((count) => (
          <Box key={count} sx={{ display: 'contents' }}>
            <Box component="dt" sx={{ fontWeight: 600 }}>
              {translate(`resources.executions.progress.${count}`)}
            </Box>
            <Box component="dd" sx={{ m: 0 }}>
              {progress[count]}
            </Box>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
