import { sql, type Kysely } from 'kysely';

/** Runs DDL one statement at a time: PGlite's extended protocol takes a single statement per call. */
export async function statements(db: Kysely<unknown>, list: string[]): Promise<void> {
  for (const statement of list) await sql.raw(statement).execute(db);
}
