import { sql, type Kysely } from 'kysely';
import { Migrator, type MigrationProvider } from 'kysely/migration';
import type { Database } from './schema';
import { migrations } from './migrations';

/** Runs the migrations that have not run yet (at every start, and when a template is made). */
export async function migrate(db: Kysely<Database>): Promise<void> {
  if (await upToDate(db)) return;
  const provider: MigrationProvider = { getMigrations: async () => migrations };
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${(error as Error)?.message ?? error}`);
  }
}

/** Every migration already ran: skip the migrator's locking round trips (a second off each start). */
async function upToDate(db: Kysely<Database>): Promise<boolean> {
  try {
    const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration`.execute(db);
    const done = new Set(rows.map((r) => r.name));
    return Object.keys(migrations).every((name) => done.has(name));
  } catch {
    return false; // a new database: no migration table yet
  }
}
