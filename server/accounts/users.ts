// The accounts themselves: reading and writing `app_user` rows. Sign-in, registration,
// the admin bootstrap, the demo accounts and the users' administration all go through here.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { AppUserTable, Database } from '../db/schema';

export type UserRow = Selectable<AppUserTable>;

/** The signed-in user of a request, as the auth hook reads it from the token; a Viewer (server/db/viewer.ts). */
export type CurrentUser = Omit<UserRow, 'password_hash'>;

export function findUserByEmail(db: Kysely<Database>, email: string) {
  return db
    .selectFrom('app_user')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
    .executeTakeFirst();
}

export function findUser(db: Kysely<Database>, id: number) {
  return db.selectFrom('app_user').selectAll().where('id', '=', id).executeTakeFirst();
}

export interface NewUser {
  email: string;
  password_hash: string;
  first_name?: string;
  last_name?: string;
  is_active?: boolean;
  is_staff?: boolean;
  is_superuser?: boolean;
  is_crowdsourcing?: boolean;
}

export function insertUser(db: Kysely<Database>, user: NewUser) {
  return db
    .insertInto('app_user')
    .values({ ...user, email: user.email.trim(), first_name: user.first_name ?? '', last_name: user.last_name ?? '' })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export type UserFlags = Partial<
  Pick<UserRow, 'is_active' | 'is_staff' | 'is_superuser' | 'is_crowdsourcing' | 'password_hash' | 'first_name' | 'last_name'>
>;

export function updateUser(db: Kysely<Database>, id: number, changes: UserFlags) {
  return db.updateTable('app_user').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
}

/** The user's daily digest: their time zone (IANA) and local hour (issue 18). */
export function updateDigestSettings(db: Kysely<Database>, id: number, settings: { time_zone: string; digest_hour: number }) {
  return db
    .updateTable('app_user')
    .set({ time_zone: settings.time_zone, digest_hour: settings.digest_hour })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function countUsers(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('app_user').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
