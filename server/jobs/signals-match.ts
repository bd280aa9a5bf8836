// The worker of SIGNALS_MATCH_QUEUE: the signals engine (server/signals/engine.ts) over what the
// change log gained. Queued at the end of every retrieval and after a staff correction; also run
// every minute, a safety net for a queueing that was lost (the cursor says what is left, so a
// sweep with nothing new costs one indexed read).
import type { JobDefinition } from '../queue/job-queue';
import { matchPendingChanges } from '../signals/engine';
import { SIGNALS_MATCH_QUEUE } from '../signals/queues';

export const signalsMatchJob: JobDefinition<{ reason?: string }> = {
  ...SIGNALS_MATCH_QUEUE,
  handle: async (_data, { handle, log, jobs, appUrl }) => {
    await matchPendingChanges(handle.db, { appUrl, log, jobs });
  },
  every: { cron: '* * * * *', data: { reason: 'sweep' } },
};
