// The signals' queues (server/jobs/ gives them their workers): the engine matching the change log
// against the rules, and the delivery of notifications (at once for High, digests for the rest).
import type { QueueDeclaration } from '../queue/job-queue';

/** Match what the change log gained since the engine's cursor (any job: the cursor says where it stands). */
export const SIGNALS_MATCH_QUEUE: QueueDeclaration<{ reason?: string }> = {
  name: 'signals-match',
  settings: () => ({ retryLimit: 10, retryDelay: 5, retryBackoff: true, heartbeatSeconds: 30, expireInSeconds: 3600 }),
};

/**
 * Deliver notifications: `notification_ids` one by one (a High one just raised, a re-send, a
 * retry that came due) or, with `digest`, the Medium (hourly) or Low (daily) digest of every recipient.
 * `force` (POST /notifications/{id}/send/): deliver each one now, on its own, whatever its priority.
 */
export const NOTIFICATION_DELIVERY_QUEUE: QueueDeclaration<{ notification_ids?: number[]; digest?: 'Medium' | 'Low'; force?: boolean }> = {
  name: 'notification-delivery',
};

/**
 * Check the watched saved searches (server/signals/search-alerts.ts) after the retrieval
 * `execution_id` ended: record who matches them, alert their owners of who newly does.
 */
export const SAVED_SEARCH_ALERTS_QUEUE: QueueDeclaration<{ execution_id?: number }> = {
  name: 'saved-search-alerts',
  settings: () => ({ retryLimit: 10, retryDelay: 5, retryBackoff: true, heartbeatSeconds: 30, expireInSeconds: 3600 }),
};
