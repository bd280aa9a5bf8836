import type { JobDefinition } from '../queue/job-queue';
import { createDefaultEntitiesJob } from './default-entities';
import { retrievalJob } from './retrieval';

/** The worker of every queue; they run in the server process (and in `npm run worker`'s). */
export const jobDefinitions: JobDefinition[] = [createDefaultEntitiesJob, retrievalJob];
