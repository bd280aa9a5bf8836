import { sql, type Kysely, type Selectable } from 'kysely';
import type { AppUserTable, Database } from '../../db/schema';
import type { User } from '../../../types/api';
import { parseListParams, runList, type ListDeclaration } from '../../http/list-query';

export type UserRow = Selectable<AppUserTable>;

export const userList: ListDeclaration = {
  ordering: {
    // case-insensitive like e-mail: both databases collate "C", where 'Zoe' sorts before 'adam'
    first_name: 'lower(first_name)',
    last_name: 'lower(last_name)',
    email: 'lower(email)',
    date_joined: 'date_joined',
    is_crowdsourcing: 'is_crowdsourcing',
    is_active: 'is_active',
  },
  defaultOrdering: ['-date_joined'],
  search: ['first_name', 'last_name', 'email', "first_name || ' ' || last_name"],
};

export function toUser(row: UserRow | Omit<UserRow, 'password_hash'>): User {
  return {
    id: row.id,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    is_staff: row.is_staff,
    is_superuser: row.is_superuser,
    is_active: row.is_active,
    is_crowdsourcing: row.is_crowdsourcing,
    date_joined: new Date(row.date_joined).toISOString(),
  };
}

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

export type UserFlags = Partial<Pick<UserRow, 'is_active' | 'is_staff' | 'is_superuser' | 'is_crowdsourcing' | 'password_hash' | 'first_name' | 'last_name'>>;

export function updateUser(db: Kysely<Database>, id: number, changes: UserFlags) {
  return db.updateTable('app_user').set(changes).where('id', '=', id).returningAll().executeTakeFirst();
}

export function listUsers(db: Kysely<Database>, query: Parameters<typeof parseListParams>[0]) {
  const params = parseListParams(query, userList);
  return runList(db.selectFrom('app_user').selectAll(), params, userList, 'id', toUser);
}

/** Ids of `ids` that are not users, to answer 400 for unknown ids. */
export async function missingUserIds(db: Kysely<Database>, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = await db.selectFrom('app_user').select('id').where('id', 'in', ids).execute();
  const known = new Set(found.map((r) => r.id));
  return [...new Set(ids)].filter((id) => !known.has(id));
}

export async function countUsers(db: Kysely<Database>): Promise<number> {
  const row = await db.selectFrom('app_user').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
