import type { JobDefinition } from './queue';
import { createDefaultEntitiesJob } from './default-entities';
import { retrievalJob } from './retrieval';

/** Every kind of background work; the workers of each run in the server process. */
export const jobDefinitions: JobDefinition[] = [createDefaultEntitiesJob, retrievalJob];
