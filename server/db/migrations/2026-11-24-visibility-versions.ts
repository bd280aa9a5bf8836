import type { Kysely } from 'kysely';
import { statements } from './statements';

/**
 * Versions of what decides which data sources a user may read (their
 * visibility, owner and the organization memberships): the server then keeps
 * each user's readable sources in memory until one of these moves, and a read
 * request checks its token and reads these versions in one round trip.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await statements(db, [
    `INSERT INTO table_version (table_name) VALUES ('data_source'), ('organization_user') ON CONFLICT DO NOTHING`,
    `CREATE TRIGGER data_source_version AFTER INSERT OR DELETE OR UPDATE OF is_public, owner_id ON data_source
       FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version()`,
    `CREATE TRIGGER data_source_version_truncate AFTER TRUNCATE ON data_source
       FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version()`,
    `CREATE TRIGGER organization_user_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON organization_user
       FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version()`,
  ]);
}
