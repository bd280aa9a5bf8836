// The worker of SAVED_SEARCH_ALERTS_QUEUE: the check of every watched saved search
// (server/signals/search-alerts.ts), queued at the end of each retrieval — a success, a failure or
// a cancel alike, since every batch a retrieval committed brought people; one that will be retried
// is checked when its last run ends. A job that fails (the database away) is retried by the queue:
// each search's check is one transaction, and a retrieval raises at most one alert per search.
import type { JobDefinition } from '../queue/job-queue';
import { checkWatchedSearches } from '../signals/search-alerts';
import { SAVED_SEARCH_ALERTS_QUEUE } from '../signals/queues';

export const savedSearchAlertsJob: JobDefinition<{ execution_id?: number }> = {
  ...SAVED_SEARCH_ALERTS_QUEUE,
  handle: async (data, { handle, log, jobs, appUrl }) => {
    await checkWatchedSearches(handle.db, { executionId: data.execution_id, appUrl, log, jobs });
  },
};
