import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { hashPassword, passwordProblems } from './passwords';
import { findUserByEmail, insertUser, updateUser } from './users';

/** ADMIN_EMAIL/ADMIN_PASSWORD: make sure an active staff + superuser with these credentials exists. */
export async function ensureAdmin(db: Kysely<Database>, email: string, password: string): Promise<'created' | 'updated'> {
  const problems = passwordProblems(password);
  if (problems.length) throw new Error(`ADMIN_PASSWORD: ${problems.join(' ')}`);
  const flags = { is_active: true, is_staff: true, is_superuser: true, password_hash: await hashPassword(password) };
  const existing = await findUserByEmail(db, email);
  if (existing) {
    await updateUser(db, existing.id, flags);
    return 'updated';
  }
  await insertUser(db, { email, first_name: 'Admin', last_name: '', ...flags });
  return 'created';
}
