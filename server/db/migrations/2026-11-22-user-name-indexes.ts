import type { Kysely } from 'kysely';
import { statements } from './statements';

/** The users list sorts names case-insensitively (lower()); indexes to match, replacing the plain ones. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await statements(db, [
    `DROP INDEX IF EXISTS app_user_first_name_idx`,
    `DROP INDEX IF EXISTS app_user_last_name_idx`,
    `CREATE INDEX app_user_lower_first_name_idx ON app_user (lower(first_name), id)`,
    `CREATE INDEX app_user_lower_last_name_idx ON app_user (lower(last_name), id)`,
  ]);
}
