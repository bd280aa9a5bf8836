import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { JobDefinition } from './queue';

/**
 * Entities a crowdsourcing user starts with. Each entity module that has a
 * default for such users registers a creator here (e.g. a private profile
 * list); the job runs every creator, and each must be idempotent.
 */
export type DefaultEntityCreator = (db: Kysely<Database>, user: { id: number; email: string }) => Promise<void>;

const creators: { name: string; create: DefaultEntityCreator }[] = [];

export function registerDefaultEntity(name: string, create: DefaultEntityCreator): void {
  if (!creators.some((c) => c.name === name)) creators.push({ name, create });
}

export const createDefaultEntitiesJob: JobDefinition<{ user_id: number }> = {
  name: 'create-default-entities',
  async handle({ user_id }, { handle, log }) {
    const user = await handle.db
      .selectFrom('app_user')
      .select(['id', 'email', 'is_crowdsourcing'])
      .where('id', '=', user_id)
      .executeTakeFirst();
    if (!user) return log.warn({ user_id }, 'user vanished before its default entities were created');
    if (!user.is_crowdsourcing) return log.info({ user_id }, 'user is no longer crowdsourcing: nothing to create');
    for (const creator of creators) {
      await creator.create(handle.db, user);
      log.info({ user_id, entity: creator.name }, 'default entity ensured');
    }
  },
};
