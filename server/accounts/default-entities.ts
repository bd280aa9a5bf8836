// What a crowdsourcing user starts with. Each entity that has a default for such users
// registers a creator here (e.g. a private profile list); when a user becomes a crowdsourcing
// user, a job on DEFAULT_ENTITIES_QUEUE (worked by server/jobs/default-entities.ts) runs every
// creator for them. Each creator must be idempotent: the job may run again.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { QueueDeclaration } from '../queue/job-queue';
import { findUser } from './users';

export type DefaultEntityCreator = (db: Kysely<Database>, user: { id: number; email: string }) => Promise<unknown>;

const creators: { name: string; create: DefaultEntityCreator }[] = [];

export function registerDefaultEntity(name: string, create: DefaultEntityCreator): void {
  if (!creators.some((c) => c.name === name)) creators.push({ name, create });
}

export const DEFAULT_ENTITIES_QUEUE: QueueDeclaration<{ user_id: number }> = { name: 'create-default-entities' };

/** Where ensureDefaultEntities says what it did (pino's signature). */
interface Log {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

/** Runs every creator for user `userId`, if they still exist and are still a crowdsourcing user. */
export async function ensureDefaultEntities(db: Kysely<Database>, userId: number, log: Log): Promise<void> {
  const user = await findUser(db, userId);
  if (!user) return log.warn({ user_id: userId }, 'user vanished before its default entities were created');
  if (!user.is_crowdsourcing) return log.info({ user_id: userId }, 'user is no longer crowdsourcing: nothing to create');
  for (const creator of creators) {
    await creator.create(db, { id: user.id, email: user.email });
    log.info({ user_id: userId, entity: creator.name }, 'default entity ensured');
  }
}
