import { sql, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Database } from './schema';
import type { Viewer } from './viewer';
import { tableVersion, type VersionedTable } from './count-cache';

/** Users who share an organization with `userId`, themselves included. */
export function colleaguesOf(userId: number) {
  return sql<number>`(
    SELECT ${userId}::int
    UNION
    SELECT theirs.user_id FROM organization_user mine
    JOIN organization_user theirs ON theirs.organization_id = mine.organization_id
    WHERE mine.user_id = ${userId}
  )`;
}

/**
 * The data sources a user may read (CONVENTIONS "Who sees what"): public ones,
 * their own and those of organization colleagues. `null` for staff: everything.
 * Kept per user while the versions of `data_source` and `organization_user`
 * the request read with its token stay the same (migration visibility-versions).
 */
export async function readableDataSourceIds(db: Kysely<Database>, user: Viewer): Promise<number[] | null> {
  if (user.is_staff) return null;
  const versions = user.versionsAtStart;
  const key = versions?.data_source !== undefined ? `${versions.data_source} ${versions.organization_user}` : undefined;
  let remembered = readableByUser.get(db);
  const known = key && remembered?.get(user.id);
  if (known && known.key === key) return known.readable;
  const rows = await db
    .selectFrom('data_source')
    .select('id')
    .where((eb) => eb.or([eb('is_public', '=', true), eb('owner_id', 'in', colleaguesOf(user.id))]))
    .orderBy('id')
    .execute();
  const readable = rows.map((r) => r.id);
  if (key) {
    if (!remembered) {
      remembered = new Map();
      readableByUser.set(db, remembered);
    }
    remembered.delete(user.id);
    remembered.set(user.id, { key, readable });
    if (remembered.size > 10_000) remembered.delete(remembered.keys().next().value!);
  }
  return readable;
}

/** Each user's readable data sources, with the versions they were read at, per database. */
const readableByUser = new WeakMap<object, Map<number, { key: string; readable: number[] }>>();

/**
 * Rows with an `owner_id` that `viewer` shares (CONVENTIONS "Who sees what": profile lists,
 * saved searches, rules, platform connections): their own and their organization colleagues'; staff: all.
 */
export function ownedByColleagues<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  viewer: Viewer,
): SelectQueryBuilder<DB, TB, O> {
  return viewer.is_staff ? query : query.where(sql<SqlBool>`owner_id IN ${colleaguesOf(viewer.id)}`);
}

/**
 * `readableDataSourceIds` and the table's version (the profiles list needs
 * both on every request): as the request read them with its token, else in
 * one round trip.
 */
export async function readableWithVersion(
  db: Kysely<Database>,
  user: Viewer,
  table: VersionedTable,
): Promise<{ readable: number[] | null; version: string | undefined }> {
  if (user.versionsAtStart) return { readable: await readableDataSourceIds(db, user), version: user.versionsAtStart[table] };
  if (user.is_staff) return { readable: null, version: await tableVersion(db, table) };
  const { rows } = await sql<{ version: string | null; readable: number[] }>`
    SELECT (SELECT version::text FROM table_version WHERE table_name = ${table}) AS version,
           ARRAY(SELECT id FROM data_source WHERE is_public OR owner_id IN ${colleaguesOf(user.id)} ORDER BY id) AS readable`.execute(db);
  return { readable: rows[0].readable.map(Number), version: rows[0].version ?? undefined };
}
