// The rule preview bench's data (bench/preview.ts): 30 days of change log over the generated
// profiles, as a daily retrieval per data source would have written it, and profile lists of a
// scout's sizes. Written once in SQL (a million profiles take about a minute) and reused: a later
// run only moves the rows in time so that they still fall in the last 30 days.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../server/db/schema';
import { matchPendingChanges } from '../server/signals/engine';
import { COMPANIES, LOCATIONS, NEW_HEADLINES, TITLES } from './signals-script';

type Db = Kysely<Database>;

export const PREVIEW_BENCH_DAYS = 30;
/**
 * Share of the people a day's retrievals change (each person about once a month): the pessimistic
 * end of what a daily retrieval touches (2–5 %). Real job moves are rarer (one in 2–3 years);
 * a heavier log only makes the preview read more.
 */
export const TOUCHED_PER_DAY = 0.03;
/** The marker of the bench's retrievals (execution.result), to find and move them again. */
const MARK = { bench: 'preview' };

const json = (items: readonly string[]) => JSON.stringify(items);

/** When the bench's change log was last written or moved; null when there is none. */
async function seededAt(db: Db): Promise<Date | null> {
  const { rows } = await sql<{ at: Date | null }>`
    SELECT max(date_done) AS at FROM execution WHERE result @> ${JSON.stringify(MARK)}::jsonb`.execute(db);
  return rows[0]?.at ? new Date(rows[0].at) : null;
}

/**
 * The change log of the last 30 days: each day one retrieval per data source (people split by id
 * between two sources), touching TOUCHED_PER_DAY of the people. Per touched person, as the
 * ingestion writes (server/ingestion/diff.ts): location (20 %), headline (25 %), jobs (35 %: a move
 * with its current_company row, a title edit, an old role filled in late, the same jobs reordered),
 * and fields no rule reads — a rating (30 %), skills (15 %), the photo (10 %).
 */
async function writeChangeLog(trx: Db): Promise<void> {
  const sources = (await trx.selectFrom('data_source').select(['id', 'name']).orderBy('id').limit(2).execute()).map((s, i) => ({
    ...s,
    n: i + 1,
  }));
  if (sources.length === 0) throw new Error('no data source: seed the profiles first');
  const { rows } = await sql<{ max: number }>`SELECT max(id) AS max FROM profile`.execute(trx);
  const maxId = Number(rows[0]!.max);
  const perDay = Math.round(maxId * TOUCHED_PER_DAY);
  await sql`SELECT setseed(0.42)`.execute(trx);
  // day d's retrievals end an hour (+ d days) ago; the second source's 40 minutes after the first's
  await sql`
    INSERT INTO execution (data_source_id, data_source_name, trigger, status, date_created, date_started, date_done, result)
    SELECT s.id, s.name, 'schedule', 'SUCCESS', at, at, at + interval '30 minutes', ${JSON.stringify(MARK)}::jsonb || jsonb_build_object('d', d, 'n', s.n)
    FROM generate_series(0, ${PREVIEW_BENCH_DAYS - 1}) AS d,
      jsonb_to_recordset(${JSON.stringify(sources)}::jsonb) AS s(id int, name text, n int),
      LATERAL (SELECT now() - make_interval(days => d, mins => 150 - 40 * s.n) AS at) t`.execute(trx);
  await sql`
    CREATE TEMP TABLE preview_touch ON COMMIT DROP AS
    SELECT DISTINCT ON (x.d, x.pid) x.d, x.pid, e.id AS execution_id, e.date_created + random() * interval '25 minutes' AS at,
      random() AS r_loc, random() AS r_head, random() AS r_jobs, random() AS r_kind, random() AS r_other, (random() * 1000)::int AS k
    FROM (SELECT d, (1 + floor(random() * ${maxId}))::int AS pid FROM generate_series(0, ${PREVIEW_BENCH_DAYS - 1}) d, generate_series(1, ${perDay})) x
    JOIN profile p ON p.id = x.pid
    JOIN execution e ON e.result = ${JSON.stringify(MARK)}::jsonb || jsonb_build_object('d', x.d, 'n', 1 + x.pid % ${sources.length})`.execute(
    trx,
  );
  const [companies, titles, locations, headlines] = [json(COMPANIES), json(TITLES), json(LOCATIONS), json(NEW_HEADLINES)];
  // a person's jobs before: the current one (since 2019-2023) and an old closed one
  await sql`
    WITH t AS (
      SELECT *, (to_char(at, 'YYYY-MM-DD')) AS day,
        jsonb_build_object('job_title', ${titles}::jsonb ->> (pid % 14), 'start_date', (2019 + pid % 5)::text || '-03', 'end_date', null,
          'company', jsonb_build_object('id', null, 'name', ${companies}::jsonb ->> (pid % 24))) AS cur,
        jsonb_build_object('job_title', ${titles}::jsonb ->> ((pid + 3) % 14), 'start_date', '2014-09', 'end_date', '2019-01',
          'company', jsonb_build_object('id', null, 'name', ${companies}::jsonb ->> ((pid + 7) % 24))) AS old,
        ${companies}::jsonb ->> ((pid + 1 + k % 23) % 24) AS next_company
      FROM preview_touch
    ),
    changes AS (
      SELECT pid, execution_id, at, 'location' AS field, to_jsonb(${locations}::jsonb ->> (pid % 16)) AS old_value,
        to_jsonb(${locations}::jsonb ->> ((pid + 1 + k % 15) % 16)) AS new_value FROM t WHERE r_loc < 0.20
      UNION ALL
      SELECT pid, execution_id, at, 'headline', to_jsonb(${titles}::jsonb ->> (pid % 14)), to_jsonb(${headlines}::jsonb ->> (k % 7))
        FROM t WHERE r_head < 0.25
      UNION ALL
      SELECT pid, execution_id, at, 'jobs', jsonb_build_array(cur, old), CASE
          WHEN r_kind < 0.6 THEN jsonb_build_array(
            jsonb_build_object('job_title', ${titles}::jsonb ->> (k % 14), 'start_date', CASE WHEN k % 2 = 0 THEN day ELSE left(day, 7) END,
              'end_date', null, 'company', jsonb_build_object('id', null, 'name', next_company)),
            cur || jsonb_build_object('end_date', left(day, 7)), old)
          WHEN r_kind < 0.8 THEN jsonb_build_array(cur || jsonb_build_object('job_title', ${titles}::jsonb ->> ((pid + 1 + k % 13) % 14)), old)
          WHEN r_kind < 0.9 THEN jsonb_build_array(cur, old, jsonb_build_object('job_title', 'Intern', 'start_date', '2012-06',
              'end_date', '2012-09', 'company', jsonb_build_object('id', null, 'name', next_company)))
          ELSE jsonb_build_array(old, cur) END
        FROM t WHERE r_jobs < 0.35
      UNION ALL
      SELECT pid, execution_id, at, 'current_company', to_jsonb(${companies}::jsonb ->> (pid % 24)), to_jsonb(next_company)
        FROM t WHERE r_jobs < 0.35 AND r_kind < 0.6
      UNION ALL
      SELECT pid, execution_id, at, 'tech_rating', to_jsonb(round((k % 100) / 10.0, 1)), to_jsonb(round(((k + 13) % 100) / 10.0, 1))
        FROM t WHERE r_other < 0.30
      UNION ALL
      SELECT pid, execution_id, at, 'skills', '["Python", "SQL"]'::jsonb, '["Python", "SQL", "Rust"]'::jsonb FROM t WHERE r_other >= 0.85
      UNION ALL
      SELECT pid, execution_id, at, 'image_url', to_jsonb('https://img.example/' || pid || '.jpg'),
        to_jsonb('https://img.example/' || pid || '-' || k || '.jpg') FROM t WHERE r_other >= 0.30 AND r_other < 0.40
    )
    INSERT INTO profile_change (profile_id, execution_id, field, old_value, new_value, changed_at)
    SELECT pid, execution_id, field, old_value, new_value, at FROM changes ORDER BY at`.execute(trx);
}

/**
 * The bench's change log, written when missing; when it was written more than an hour ago its rows
 * and retrievals move forward by as much, so the last 30 days hold the same log. Answers its rows.
 */
export async function ensureChangeLog(db: Db): Promise<number> {
  const at = await seededAt(db);
  if (!at) {
    console.log('Writing 30 days of change log…');
    const started = performance.now();
    await db.transaction().execute((trx) => writeChangeLog(trx));
    console.log(`  written in ${Math.round((performance.now() - started) / 1000)} s`);
  } else if (Date.now() - at.getTime() > 3_600_000) {
    const shift = `${Math.round((Date.now() - at.getTime()) / 1000) - 1800} seconds`;
    console.log(`Moving the change log forward by ${shift}…`);
    await db.transaction().execute(async (trx) => {
      const marked = sql`SELECT id FROM execution WHERE result @> ${JSON.stringify(MARK)}::jsonb`;
      await sql`UPDATE profile_change SET changed_at = changed_at + ${shift}::interval WHERE execution_id IN (${marked})`.execute(trx);
      await sql`UPDATE change_signal SET changed_at = changed_at + ${shift}::interval
        WHERE change_id IN (SELECT id FROM profile_change WHERE execution_id IN (${marked}))`.execute(trx);
      await sql`UPDATE execution SET date_created = date_created + ${shift}::interval, date_started = date_started + ${shift}::interval,
        date_done = date_done + ${shift}::interval WHERE id IN (${marked})`.execute(trx);
    });
  }
  await sql`ANALYZE profile_change`.execute(db);
  await sql`ANALYZE execution`.execute(db);
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM profile_change`.execute(db);
  return rows[0]!.n;
}

/** The profile list 'Preview N' of `ownerId` holding N people (a fixed pseudo-random sample), made when missing. */
export async function ensureList(db: Db, ownerId: number, size: number): Promise<number> {
  const name = `Preview ${size}`;
  const found = await db
    .selectFrom('profile_list')
    .select('id')
    .where('name', '=', name)
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  if (found) return found.id;
  const { id } = await db.insertInto('profile_list').values({ name, owner_id: ownerId }).returning('id').executeTakeFirstOrThrow();
  await sql`INSERT INTO profile_list_profile (profile_list_id, profile_id)
    SELECT ${id}, id FROM profile ORDER BY md5(id::text) LIMIT ${size}`.execute(db);
  await sql`ANALYZE profile_list_profile`.execute(db);
  return id;
}

/**
 * The signals of the bench's change log stored as the engine stores them (change_signal): the
 * engine itself walks what lies past its cursor (the first run: the whole log, written after the
 * migration put its cursor and 'signals_from' before it). Answers the rows walked.
 */
export async function ensureSignals(db: Db): Promise<number> {
  const started = performance.now();
  const { scanned } = await matchPendingChanges(db, { appUrl: 'http://bench.invalid' });
  if (scanned) {
    console.log(`  the engine walked ${scanned} change rows in ${Math.round((performance.now() - started) / 1000)} s`);
    await sql`VACUUM ANALYZE change_signal`.execute(db);
  }
  return scanned;
}
