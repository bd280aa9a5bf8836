// The worker of DEFAULT_ENTITIES_QUEUE: a crowdsourcing user's default entities
// (server/accounts/default-entities.ts).
import { DEFAULT_ENTITIES_QUEUE, ensureDefaultEntities } from '../accounts/default-entities';
import type { JobDefinition } from '../queue/job-queue';

export const createDefaultEntitiesJob: JobDefinition<{ user_id: number }> = {
  ...DEFAULT_ENTITIES_QUEUE,
  handle: ({ user_id }, { handle, log }) => ensureDefaultEntities(handle.db, user_id, log),
};
