import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { User } from '../../../types/api';
import type { CurrentUser } from '../../accounts/users';

/** A user as the API answers it. */
export function toUser(row: CurrentUser): User {
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
    time_zone: row.time_zone ?? null,
    digest_hour: row.digest_hour ?? 7,
  };
}

/** Ids of `ids` that are not users, to answer 400 for unknown ids. */
export async function missingUserIds(db: Kysely<Database>, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const found = await db.selectFrom('app_user').select('id').where('id', 'in', ids).execute();
  const known = new Set(found.map((r) => r.id));
  return [...new Set(ids)].filter((id) => !known.has(id));
}
