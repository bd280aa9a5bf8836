import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../../db/schema';
import { RATING_FIELDS } from '../../../../types/api';
import { profileList } from '../filters';
import { mapInSlices } from '../../../util/slices';
import { NUMERIC_SORTS, type IndexedProfile, type NumericSort, type ProfileChange } from './index';

/**
 * Reading the profile index's journal (migration profile-index-log: tables profile_index_change and
 * profile_index_commit; not the per-profile change log, `profile_change`): which
 * profiles the transactions committed after a version changed, with what the
 * index holds of them now — all in one statement, so one snapshot: the head,
 * the changed rows and, for the name orders, the row the database puts right
 * before each of them.
 */

/** Sort fields the database compares (its collation orders names): every sortable field that is not numeric. */
export const DATABASE_SORTS = Object.entries(profileList.ordering)
  .filter(([field]) => !(NUMERIC_SORTS as readonly string[]).includes(field))
  .map(([field, column]) => {
    if (!/^[a-z_]+$/.test(column)) throw new Error(`the index follows plain columns only: ${column}`);
    return { field, column };
  });

/** What the index reads of a profile, as SQL over `profile p`. */
export const INDEXED_COLUMNS = sql.raw(`p.id, p.data_source_ids, p.gender_value, p.search_text,
  ${RATING_FIELDS.map((f) => `p.${f}`).join(', ')},
  (extract(epoch FROM p.created_at) * 1000000)::float8 AS created_at_us,
  (extract(epoch FROM p.updated_at) * 1000000)::float8 AS updated_at_us,
  CASE WHEN jsonb_typeof(p.nationalities) = 'object' THEN ARRAY(SELECT jsonb_object_keys(p.nationalities)) ELSE '{}'::text[] END AS nationality_codes`);

export interface IndexedRow {
  id: number;
  data_source_ids: number[];
  gender_value: string | null;
  search_text: string | null;
  tech_rating: number | null;
  education_rating: number | null;
  professional_experience_rating: number | null;
  entrepreneurial_spirit_rating: number | null;
  created_at_us: number;
  updated_at_us: number;
  nationality_codes: string[];
}

export function toIndexed(row: IndexedRow): IndexedProfile {
  const numbers = {} as Record<NumericSort, number | null>;
  for (const field of RATING_FIELDS) numbers[field] = row[field] === null ? null : Number(row[field]);
  numbers.created_at = Number(row.created_at_us);
  numbers.updated_at = Number(row.updated_at_us);
  return {
    id: row.id,
    data_source_ids: row.data_source_ids,
    nationality_codes: row.nationality_codes,
    gender_value: row.gender_value,
    numbers,
  };
}

export interface JournalRead {
  /** the version of the table this read saw */
  head: number;
  /** commits found after the asked version: fewer than head − after means a part of the journal is gone */
  commits: number;
  /** a commit emptied the table (TRUNCATE): only a rebuild follows it */
  reset: boolean;
  /** profiles changed by those commits */
  changed: number;
  /** their changes, unless there were more than the limit */
  changes?: ProfileChange[];
  /** PostgreSQL's `jit` setting the read ran under: always 'off' (see readJournal) */
  jit: string;
}

type LogRow = IndexedRow & {
  head: string;
  commits: number;
  reset: boolean | null;
  changed: number;
  changed_id: number | null;
  search_changed: boolean | null;
  exists: boolean | null;
  jit: string;
} & Record<string, unknown>;

const previousOf = (column: string): RawBuilder<unknown> =>
  sql.raw(`CASE WHEN p.${column} IS NULL THEN NULL ELSE (
    SELECT q.id FROM profile q WHERE (q.${column}, q.id) < (p.${column}, p.id) ORDER BY q.${column} DESC, q.id DESC LIMIT 1) END AS "previous_${column}",
    p.${column} IS NULL AS "missing_${column}"`);

/**
 * The changes committed after version `after`, up to the head; the rows only when at most `limit` profiles changed.
 *
 * Read with JIT compilation off (`SET LOCAL`, this transaction only): at ten million profiles the planner's
 * estimate of this statement (the journal's big commits, two `previous_*` lookups per row) passes
 * `jit_optimize_above_cost`, and PostgreSQL spent ~330 ms compiling a read that executes in 3–16 ms
 * (docs/PERFORMANCE.md, issue 20). PGlite has no JIT; the setting exists there and changes nothing.
 *
 * The commits' changes are looked up by `xid = ANY (ARRAY(…))`, not `xid IN (SELECT …)`: for the semi-join
 * PostgreSQL 15 scanned the whole journal (210,000 changes during a retrieval: 10–20 ms of a 26 ms read of
 * one 500-profile commit), where the array is looked up in the journal's xid index (12 ms, docs/PERFORMANCE.md).
 */
export async function readJournal(db: Kysely<Database>, after: number, limit: number): Promise<JournalRead> {
  return db.transaction().execute(async (trx) => {
    await sql`SET LOCAL jit = off`.execute(trx);
    return readJournalRows(trx, after, limit);
  });
}

async function readJournalRows(db: Kysely<Database>, after: number, limit: number): Promise<JournalRead> {
  const previous = sql.join(DATABASE_SORTS.map(({ column }) => previousOf(column)));
  const { rows } = await sql<LogRow>`
    WITH head AS (SELECT version FROM table_version WHERE table_name = 'profile'),
    commits AS (
      SELECT c.xid, c.reset FROM profile_index_commit c
      WHERE c.version > ${after} AND c.version <= (SELECT version FROM head)),
    changed AS (
      SELECT ch.profile_id, bool_or(ch.search_changed) AS search_changed FROM profile_index_change ch
      WHERE ch.xid = ANY (ARRAY(SELECT xid FROM commits)) GROUP BY ch.profile_id),
    meta AS (
      SELECT (SELECT version FROM head)::text AS head, (SELECT count(*) FROM commits)::int AS commits,
             (SELECT bool_or(reset) FROM commits) AS reset, (SELECT count(*) FROM changed)::int AS changed,
             current_setting('jit') AS jit),
    rows AS (
      SELECT changed.profile_id AS changed_id, changed.search_changed, p.id IS NOT NULL AS exists, ${INDEXED_COLUMNS}, ${previous}
      FROM changed LEFT JOIN profile p ON p.id = changed.profile_id
      WHERE (SELECT changed FROM meta) <= ${limit})
    SELECT * FROM meta LEFT JOIN rows ON true`.execute(db);
  const meta = rows[0];
  const read: JournalRead = {
    head: Number(meta.head),
    commits: Number(meta.commits),
    reset: meta.reset === true,
    changed: Number(meta.changed),
    jit: meta.jit,
  };
  if (read.changed > limit) return read;
  // a catch-up at ten million may read a million rows: made into changes a slice at a time
  read.changes = await mapInSlices(
    rows.filter((row) => row.changed_id !== null),
    (row): ProfileChange => ({
      id: row.changed_id!,
      profile: row.exists ? toIndexed(row) : undefined,
      search_text: row.search_text ?? '',
      searchChanged: row.search_changed === true,
      previous: Object.fromEntries(
        DATABASE_SORTS.map(({ field, column }) => [
          field,
          row[`missing_${column}`] ? undefined : ((row[`previous_${column}`] as number | null) ?? null),
        ]),
      ),
    }),
  );
  return read;
}

/** The table's current version (the head of the journal). */
export async function journalHead(db: Kysely<Database>): Promise<number | undefined> {
  const { rows } = await sql<{ version: string }>`SELECT version::text AS version FROM table_version WHERE table_name = 'profile'`.execute(
    db,
  );
  return rows[0] === undefined ? undefined : Number(rows[0].version);
}

/**
 * Forgets the commits older than `olderThanMs` (each server does, now and
 * then; a server further behind than that rebuilds, as the gap tells it).
 */
export async function pruneJournal(db: Kysely<Database>, olderThanMs: number): Promise<number> {
  const gone =
    await sql`DELETE FROM profile_index_commit WHERE committed_at < clock_timestamp() - make_interval(secs => ${olderThanMs / 1000})`.execute(
      db,
    );
  // the changes of every commit gone (an uncommitted transaction's changes are invisible here, with its commit)
  await sql`DELETE FROM profile_index_change ch WHERE NOT EXISTS (SELECT 1 FROM profile_index_commit c WHERE c.xid = ch.xid)`.execute(db);
  return Number(gone.numAffectedRows ?? 0);
}
