// Seeding shared by the benches that need a big database (profiles, preview): a signed-in user of
// their own and the generated profiles up to a size, reusing what an earlier run left.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../server/db/schema';
import { hashPassword } from '../server/accounts/passwords';
import { findUserByEmail, insertUser } from '../server/accounts/users';
import { runSeed } from '../server/demo/seed-command';

export const BENCH_PASSWORD = 'bench-password';

export async function profileCount(db: Kysely<Database>): Promise<number> {
  return Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM profile`.execute(db)).rows[0]!.n);
}

/** The user `email` (password BENCH_PASSWORD), made when missing; answers its id. */
export async function ensureUser(db: Kysely<Database>, email: string, isStaff: boolean): Promise<number> {
  const found = await findUserByEmail(db, email);
  if (found) return found.id;
  await insertUser(db, {
    email,
    password_hash: await hashPassword(BENCH_PASSWORD),
    is_active: true,
    is_staff: isStaff,
    first_name: 'Bench',
  });
  return (await findUserByEmail(db, email))!.id;
}

/** At least `profiles` profiles: `npm run seed`'s generator (fixed seed) adds what is missing. */
export async function ensureProfiles(db: Kysely<Database>, profiles: number): Promise<void> {
  const existing = await profileCount(db);
  if (existing >= profiles) return;
  console.log(`Seeding ${profiles - existing} profiles (${existing} there already)…`);
  await runSeed(db, ['--profiles', String(profiles - existing)]);
}
