import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, ProfileTable } from '../../db/schema';
import type { Viewer } from '../../db/viewer';
import type { Connection, DataSourceRef, ListResponse, Profile, ProfileComment, ProfileSummary } from '../../../types/api';
import { applyOrdering, applySearch, listPageRequest, runList, type ListSearchAndSort, type RequestedListPage } from '../../db/list-page';
import { readableDataSourceIds, readableWithVersion } from '../../db/visibility';
import { applyProfileFilters, profileFilterSchema, profileList, type ProfileFilters } from './filters';
import { indexedProfilePage } from './count-index/manager';
import { compiledOnce } from '../../db/compiled-once';

export type ProfileRow = Selectable<ProfileTable>;

export const SUMMARY_COLUMNS = [
  'id',
  'external_id',
  'first_name',
  'last_name',
  'email',
  'location',
  'headline',
  'image_url',
  'current_company',
  'gender_value',
  'tech_rating',
  'education_rating',
  'professional_experience_rating',
  'entrepreneurial_spirit_rating',
  'created_at',
  'updated_at',
] as const;

type SummaryRow = Pick<Selectable<ProfileTable>, (typeof SUMMARY_COLUMNS)[number]>;

export function toSummary(row: SummaryRow): ProfileSummary {
  return { ...row, created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString() };
}

/** Profiles the viewer may see, filtered, searched, sorted and paged. */
export async function listProfiles(
  db: Kysely<Database>,
  viewer: Viewer,
  query: RequestedListPage & ProfileFilters,
): Promise<ListResponse<ProfileSummary>> {
  const params = listPageRequest(query, profileList);
  const { readable, version } = await readableWithVersion(db, viewer, 'profile');
  // the filters alone (not the page, ordering or search): the index remembers them with its sets, the keys it warms
  const filters = Object.fromEntries(Object.entries(query).filter(([key]) => key in profileFilterSchema)) as ProfileFilters;
  const indexed = version === undefined ? undefined : await indexedProfilePage(db, Number(version), readable, filters, params);
  if (indexed?.ids) return { count: indexed.count, results: await summariesInOrder(db, indexed.ids) };
  const base = applyProfileFilters(db.selectFrom('profile').select(SUMMARY_COLUMNS), query, readable);
  return runList(base, params, profileList, 'id', toSummary, { db, version, countFirst: async () => indexed?.count });
}

/** The summaries of these ids, in no order: compiled once, it is asked for every page of the list. */
const summariesOf = compiledOnce((db, parameter: (name: 'ids') => string) =>
  db
    .selectFrom('profile')
    .select(SUMMARY_COLUMNS)
    .where('id', '=', sql<number>`any(${parameter('ids')}::int[])`),
);

/** The profiles of these ids, in this order (a profile deleted meanwhile is left out). */
async function summariesInOrder(db: Kysely<Database>, ids: number[]): Promise<ProfileSummary[]> {
  if (ids.length === 0) return [];
  const rows = await summariesOf(db, { ids });
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => (byId.has(id) ? [toSummary(byId.get(id)!)] : []));
}

/** The ids of every matching profile, in list order (for the CSV export). */
export async function matchingProfileIds(
  db: Kysely<Database>,
  viewer: Viewer,
  query: RequestedListPage & ProfileFilters,
): Promise<number[]> {
  const readable = await readableDataSourceIds(db, viewer);
  const params = listPageRequest(query, profileList);
  const base = applyProfileFilters(db.selectFrom('profile').select('id'), query, readable);
  const rows = await applyOrdering(applySearch(base, params, profileList), params, profileList, 'id').execute();
  return rows.map((r) => r.id);
}

/** A profile the viewer may see, or undefined (→ 404). */
export async function findVisibleProfile(db: Kysely<Database>, viewer: Viewer, id: number) {
  const readable = await readableDataSourceIds(db, viewer);
  const query = applyProfileFilters(db.selectFrom('profile').selectAll(), {}, readable).where('id', '=', id);
  const row = await query.executeTakeFirst();
  return row ? { row, readable } : undefined;
}

export async function dataSourceRefs(db: Kysely<Database>, ids: number[], readable: number[] | null): Promise<DataSourceRef[]> {
  const visible = readable === null ? ids : ids.filter((id) => readable.includes(id));
  if (visible.length === 0) return [];
  return db.selectFrom('data_source').select(['id', 'name']).where('id', 'in', visible).orderBy('name').execute();
}

const EMPTY_DETAIL = {
  educations: [],
  jobs: [],
  skills: [],
  courses: [],
  languages: [],
  projects: [],
  publications: [],
  licenses: [],
  recommendations: [],
  interests: [],
};

/** Everything the detail screen shows of a profile the viewer may see; comments by role (staff: all with e-mails; others: their own). */
export async function toDetail(db: Kysely<Database>, viewer: Viewer, row: ProfileRow): Promise<Profile> {
  const id = row.id;
  const readable = await readableDataSourceIds(db, viewer);
  const [detail, dataSources, rating, comments] = await Promise.all([
    db.selectFrom('profile_detail').selectAll().where('profile_id', '=', id).executeTakeFirst(),
    dataSourceRefs(db, row.data_source_ids, readable),
    db.selectFrom('profile_user_rating').select('rating').where('profile_id', '=', id).where('user_id', '=', viewer.id).executeTakeFirst(),
    listComments(db, viewer, id),
  ]);
  const { profile_id, ...lists } = detail ?? { profile_id: id, ...EMPTY_DETAIL };
  const { search_text, data_source_ids, ...fields } = row;
  return {
    ...toSummary(row),
    ...(lists as unknown as Pick<Profile, keyof typeof EMPTY_DETAIL>),
    data_sources: dataSources,
    age_value: fields.age_value,
    summary: fields.summary,
    nationalities: fields.nationalities ?? {},
    app_rating: fields.app_rating,
    profile_rating: rating?.rating ?? null,
    comments,
    annotation_provenance: fields.annotation_provenance ?? {},
  };
}

async function listComments(db: Kysely<Database>, viewer: Viewer, profileId: number): Promise<ProfileComment[]> {
  let query = db
    .selectFrom('profile_comment as c')
    .innerJoin('app_user as u', 'u.id', 'c.user_id')
    .select(['u.email', 'c.comment'])
    .where('c.profile_id', '=', profileId)
    .orderBy('c.updated_at', 'desc');
  if (!viewer.is_staff) query = query.where('c.user_id', '=', viewer.id);
  return query.execute();
}

export async function setAppRating(db: Kysely<Database>, id: number, rating: number): Promise<void> {
  await db.updateTable('profile').set({ app_rating: rating, updated_at: sql`now()` }).where('id', '=', id).execute();
}

export async function setUserRating(db: Kysely<Database>, id: number, userId: number, rating: number): Promise<void> {
  await db
    .insertInto('profile_user_rating')
    .values({ profile_id: id, user_id: userId, rating })
    .onConflict((oc) => oc.columns(['profile_id', 'user_id']).doUpdateSet({ rating, updated_at: sql`now()` }))
    .execute();
}

export async function setComment(db: Kysely<Database>, id: number, userId: number, comment: string): Promise<void> {
  await db
    .insertInto('profile_comment')
    .values({ profile_id: id, user_id: userId, comment })
    .onConflict((oc) => oc.columns(['profile_id', 'user_id']).doUpdateSet({ comment, updated_at: sql`now()` }))
    .execute();
}

export const connectionList: ListSearchAndSort = {
  ordering: { degree: 'c.degree', first_name: 'p.first_name', last_name: 'p.last_name', id: 'p.id' },
  defaultOrdering: ['degree'],
};

/** Connections of a profile that the viewer may see themselves. */
export async function listConnections(
  db: Kysely<Database>,
  readable: number[] | null,
  id: number,
  query: RequestedListPage,
): Promise<ListResponse<Connection>> {
  let base = db
    .selectFrom('profile_connection as c')
    .innerJoin('profile as p', 'p.id', 'c.connected_profile_id')
    .select(['p.id', 'p.external_id', 'p.first_name', 'p.last_name', 'c.degree'])
    .where('c.profile_id', '=', id);
  if (readable !== null) {
    base = readable.length ? base.where(sql<boolean>`p.data_source_ids && ${sql.val(readable)}::int[]`) : base.where(sql<boolean>`false`);
  }
  return runList(base, listPageRequest(query, connectionList), connectionList, 'p.id', (row) => row);
}

/** Ids among `ids` that the viewer cannot see (or that do not exist). */
export async function invisibleProfileIds(db: Kysely<Database>, viewer: Viewer, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const readable = await readableDataSourceIds(db, viewer);
  const rows = await applyProfileFilters(db.selectFrom('profile').select('id'), {}, readable).where('id', 'in', unique).execute();
  const seen = new Set(rows.map((r) => r.id));
  return unique.filter((id) => !seen.has(id));
}
