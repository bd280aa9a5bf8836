import type { Kysely } from 'kysely';
import { statements } from './statements';

/**
 * A version number per table, bumped by every statement that writes the
 * table: exact list counts can then be cached until the data changes (a count
 * over a million profiles is the slowest part of a list page).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await statements(db, [
    `CREATE TABLE table_version (
      table_name text PRIMARY KEY,
      version bigint NOT NULL DEFAULT 0
    )`,
    `INSERT INTO table_version (table_name) VALUES ('profile'), ('company')`,
    `CREATE OR REPLACE FUNCTION bump_table_version() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       UPDATE table_version SET version = version + 1 WHERE table_name = TG_TABLE_NAME;
       RETURN NULL;
     END $$`,
    `CREATE TRIGGER profile_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON profile
       FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version()`,
    `CREATE TRIGGER company_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON company
       FOR EACH STATEMENT EXECUTE FUNCTION bump_table_version()`,
  ]);
}
