import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Big loads go faster without the secondary indexes of the tables they fill
 * (a million trigram and GIN updates, row by row): drop them, load, rebuild.
 * The definitions are read back from pg_indexes, so nothing is written twice.
 */
export async function withoutSecondaryIndexes<T>(
  db: Kysely<Database>,
  tables: string[],
  load: () => Promise<T>,
  log: (m: string) => void = () => {},
): Promise<T> {
  const { rows } = await sql<{ indexname: string; indexdef: string }>`
    SELECT i.indexname, i.indexdef FROM pg_indexes i
    WHERE i.schemaname = current_schema() AND i.tablename = ANY(${sql.val(tables)}::text[])
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`.execute(db);
  for (const { indexname } of rows) await sql`DROP INDEX ${sql.id(indexname)}`.execute(db);
  try {
    return await load();
  } finally {
    log(`Rebuilding ${rows.length} indexes…`);
    for (const { indexdef } of rows) await sql.raw(indexdef).execute(db);
    for (const table of tables) await sql`ANALYZE ${sql.table(table)}`.execute(db);
  }
}
