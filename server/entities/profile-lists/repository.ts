import { sql, type Kysely, type Selectable } from 'kysely';
import { inTransaction } from '../../db/transaction';
import type { Database, ProfileListTable } from '../../db/schema';
import type { ProfileList, ProfileListWrite } from '../../../types/api';
import type { Viewer } from '../../db/viewer';
import { replaceMembers } from '../../db/membership';
import { readableDataSourceIds } from '../../db/visibility';

export type ProfileListRow = Selectable<ProfileListTable>;

/** The lists with their members, leaving out the profiles the viewer may not see (a colleague's colleague may). */
export async function withProfiles(db: Kysely<Database>, viewer: Viewer, rows: ProfileListRow[]): Promise<ProfileList[]> {
  const ids = rows.map((r) => r.id);
  const readable = ids.length ? await readableDataSourceIds(db, viewer) : null;
  let query = db
    .selectFrom('profile_list_profile as lp')
    .innerJoin('profile as p', 'p.id', 'lp.profile_id')
    .select(['lp.profile_list_id', 'p.id', 'p.external_id', 'p.first_name', 'p.last_name'])
    .where('lp.profile_list_id', 'in', ids);
  if (readable !== null) query = query.where(sql<boolean>`p.data_source_ids && ${sql.val(readable)}::int[]`);
  const members = ids.length ? await query.orderBy('p.last_name').orderBy('p.first_name').orderBy('p.id').execute() : [];
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    profiles: members.filter((m) => m.profile_list_id === row.id).map(({ profile_list_id, ...p }) => p),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  }));
}

export async function createProfileList(db: Kysely<Database>, ownerId: number, data: Required<ProfileListWrite>): Promise<number> {
  return inTransaction(db, async (trx) => {
    const row = await trx
      .insertInto('profile_list')
      .values({ name: data.name.trim(), owner_id: ownerId })
      .returning('id')
      .executeTakeFirstOrThrow();
    await replaceMembers(trx, 'profile_list_profile', 'profile_list_id', 'profile_id', row.id, data.profiles);
    return row.id;
  });
}

export async function updateProfileList(db: Kysely<Database>, id: number, data: Partial<ProfileListWrite>): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx
      .updateTable('profile_list')
      .set({ updated_at: sql`now()`, ...(data.name !== undefined ? { name: data.name.trim() } : {}) })
      .where('id', '=', id)
      .execute();
    if (data.profiles) await replaceMembers(trx, 'profile_list_profile', 'profile_list_id', 'profile_id', id, data.profiles);
  });
}

/** The members of a list, all of them (whoever may see them). */
export async function memberIds(db: Kysely<Database>, id: number): Promise<number[]> {
  const rows = await db.selectFrom('profile_list_profile').select('profile_id').where('profile_list_id', '=', id).execute();
  return rows.map((r) => r.profile_id);
}

/** A crowdsourcing user's own list (default entity): created once; its id. */
export async function ensurePersonalList(db: Kysely<Database>, user: { id: number; email: string }): Promise<number> {
  const name = `${user.email} — my profiles`;
  const existing = await db
    .selectFrom('profile_list')
    .select('id')
    .where('owner_id', '=', user.id)
    .where('name', '=', name)
    .executeTakeFirst();
  return existing ? existing.id : createProfileList(db, user.id, { name, profiles: [] });
}
