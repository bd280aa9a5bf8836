import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { ListResponse, ProfileList, ProfileListWrite } from '../../../types/api';
import { replaceMembers } from '../../db/membership';
import { parseListParams, runList, type ListDeclaration } from '../../http/list-query';
import { colleaguesOf, readableDataSourceIds } from '../data-sources/visibility';

export const profileListList: ListDeclaration = {
  ordering: { created_at: 'created_at', updated_at: 'updated_at', name: 'lower(name)' },
  defaultOrdering: ['-created_at'],
  search: ['name'],
};

type Viewer = { id: number; is_staff: boolean };
type Row = { id: number; name: string; created_at: Date; updated_at: Date };

/** Lists the viewer shares: their own and their organization colleagues' (staff: all). */
function visibleLists(db: Kysely<Database>, viewer: Viewer) {
  const query = db.selectFrom('profile_list').select(['id', 'name', 'created_at', 'updated_at']);
  return viewer.is_staff ? query : query.where('owner_id', 'in', colleaguesOf(viewer.id));
}

/** The lists with their members, leaving out the profiles the viewer may not see (a colleague's colleague may). */
async function withProfiles(db: Kysely<Database>, viewer: Viewer, rows: Row[]): Promise<ProfileList[]> {
  const ids = rows.map((r) => r.id);
  const readable = ids.length ? await readableDataSourceIds(db, viewer) : null;
  let query = db
    .selectFrom('profile_list_profile as lp')
    .innerJoin('profile as p', 'p.id', 'lp.profile_id')
    .select(['lp.profile_list_id', 'p.id', 'p.external_id', 'p.first_name', 'p.last_name'])
    .where('lp.profile_list_id', 'in', ids);
  if (readable !== null) query = query.where(sql<boolean>`p.data_source_ids && ${sql.val(readable)}::int[]`);
  const members = ids.length
    ? await query
        .orderBy('p.last_name')
        .orderBy('p.first_name')
        .orderBy('p.id')
        .execute()
    : [];
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    profiles: members.filter((m) => m.profile_list_id === row.id).map(({ profile_list_id, ...p }) => p),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  }));
}

export async function listProfileLists(db: Kysely<Database>, viewer: Viewer, query: Parameters<typeof parseListParams>[0]): Promise<ListResponse<ProfileList>> {
  const page = await runList(visibleLists(db, viewer), parseListParams(query, profileListList), profileListList, 'id', (row) => row);
  return { count: page.count, results: await withProfiles(db, viewer, page.results) };
}

export async function getProfileList(db: Kysely<Database>, viewer: Viewer, id: number): Promise<ProfileList | undefined> {
  const row = await visibleLists(db, viewer).where('id', '=', id).executeTakeFirst();
  return row ? (await withProfiles(db, viewer, [row]))[0] : undefined;
}

export async function createProfileList(db: Kysely<Database>, ownerId: number, data: ProfileListWrite): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.insertInto('profile_list').values({ name: data.name.trim(), owner_id: ownerId }).returning('id').executeTakeFirstOrThrow();
    await replaceMembers(trx, 'profile_list_profile', 'profile_list_id', 'profile_id', row.id, data.profiles);
    return row.id;
  });
}

export async function updateProfileList(db: Kysely<Database>, id: number, data: Partial<ProfileListWrite>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('profile_list')
      .set({ updated_at: sql`now()`, ...(data.name !== undefined ? { name: data.name.trim() } : {}) })
      .where('id', '=', id)
      .execute();
    if (data.profiles) await replaceMembers(trx, 'profile_list_profile', 'profile_list_id', 'profile_id', id, data.profiles);
  });
}

export async function deleteProfileList(db: Kysely<Database>, id: number): Promise<void> {
  await db.deleteFrom('profile_list').where('id', '=', id).execute();
}

/** The members of a list, all of them (whoever may see them). */
export async function memberIds(db: Kysely<Database>, id: number): Promise<number[]> {
  const rows = await db.selectFrom('profile_list_profile').select('profile_id').where('profile_list_id', '=', id).execute();
  return rows.map((r) => r.profile_id);
}

/** A crowdsourcing user's own list (default entity): created once. */
export async function ensurePersonalList(db: Kysely<Database>, user: { id: number; email: string }): Promise<void> {
  const name = `${user.email} — my profiles`;
  const existing = await db.selectFrom('profile_list').select('id').where('owner_id', '=', user.id).where('name', '=', name).executeTakeFirst();
  if (!existing) await createProfileList(db, user.id, { name, profiles: [] });
}
