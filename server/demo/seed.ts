import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { seedDemoAccounts, type DemoAccount } from './accounts';

/** Seeds the demo dataset into an empty installation. Each part is idempotent. */
export async function seedDemo(db: Kysely<Database>): Promise<{ accounts: DemoAccount[] }> {
  const accounts = await seedDemoAccounts(db);
  return { accounts };
}
