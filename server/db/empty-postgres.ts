/**
 * Empties a PostgreSQL database of everything the app puts there (its tables and pg-boss's
 * queue), for a test or a benchmark to start from nothing; the next open migrates it again.
 */
export async function emptyPostgres(url: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('DROP SCHEMA IF EXISTS public CASCADE');
    await client.query('DROP SCHEMA IF EXISTS pgboss CASCADE');
    await client.query('CREATE SCHEMA public');
  } finally {
    await client.end();
  }
}
