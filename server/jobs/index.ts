import type { JobDefinition } from '../queue/job-queue';
import { createDefaultEntitiesJob } from './default-entities';
import { retrievalJob } from './retrieval';
import { signalsMatchJob } from './signals-match';
import { notificationDeliveryJob } from './notification-delivery';
import { savedSearchAlertsJob } from './saved-search-alerts';
import { auditRetentionJob } from './audit-retention';

/** The worker of every queue; they run in the server process (and in `npm run worker`'s). */
export const jobDefinitions: JobDefinition[] = [
  createDefaultEntitiesJob,
  retrievalJob,
  signalsMatchJob as JobDefinition,
  notificationDeliveryJob as JobDefinition,
  savedSearchAlertsJob as JobDefinition,
  auditRetentionJob as JobDefinition,
];
