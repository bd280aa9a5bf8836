// A rule preview's SQL (preview.ts). The change log of the last days splits in three by where the
// signals engine stands (docs/RULES.md "How the preview counts"):
// - rows it walked since 'signals_from': their signals are in change_signal, counted here in SQL;
// - rows at or before 'signals_from' (written before the engine stored signals) and rows past its
//   cursor (not walked yet): read here as they are and matched in JS, as the engine would.
// All of it read in one snapshot (preview.ts), so that no row is in two parts or in none.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema';
import { CURSOR, type Cursor, type ChangeValues, SIGNALS_FROM } from './repository';

type Db = Kysely<Database>;

/** A change-log row as a preview matches it in JS: the person's name and source only for its examples (changeRows). */
export type RecentChange = ChangeValues;

/** Where the engine stands: its cursor, and 'signals_from' with the newest changed_at at or before it. */
export interface SignalBounds {
  cursor: Cursor;
  signalsFrom: Cursor & { newest_changed_at: Date | null };
}

export async function signalBounds(trx: Db): Promise<SignalBounds> {
  const { rows } = await sql<Cursor & { name: string; newest_changed_at: Date | null }>`
    SELECT name, txid::text AS txid, change_id::text AS change_id, newest_changed_at FROM signal_cursor
    WHERE name IN (${CURSOR}, ${SIGNALS_FROM})`.execute(trx);
  const [cursor, signalsFrom] = [rows.find((row) => row.name === CURSOR), rows.find((row) => row.name === SIGNALS_FROM)];
  // no cursor yet: nothing was walked, every row is read in JS
  const start = { txid: '0', change_id: '0' };
  return {
    cursor: cursor ?? start,
    signalsFrom: signalsFrom ?? { ...start, newest_changed_at: null },
  };
}

/**
 * Up to this many people, a preview's reads start from each person (an index on the person first:
 * a few entries per person, ~3.5 µs each); beyond, from the window of stored signals merged with
 * the list (bench/preview.ts: at 50,000 people 80–170 ms over the window against ~170 ms person by
 * person on PostgreSQL, 100,000 on PGlite 390–480 ms person by person).
 */
export const PER_PERSON_READ = 20_000;

const listed = (lists: string) => sql`SELECT profile_id FROM profile_list_profile WHERE profile_list_id = ANY(${lists}::int[])`;

async function listSize(trx: Db, lists: string, perPersonRead: number): Promise<number> {
  const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM (${listed(lists)} LIMIT ${perPersonRead + 1}) x`.execute(trx);
  return rows[0]!.n;
}

/**
 * The newest `limit` rows of `fields` since `since` for the people of `listIds` that change_signal
 * does not hold (at or before 'signals_from', past the engine's cursor), newest first.
 */
export async function unrecordedChanges(
  trx: Db,
  listIds: number[],
  fields: readonly string[],
  since: Date,
  limit: number,
  bounds: SignalBounds,
  perPersonRead = PER_PERSON_READ,
): Promise<RecentChange[]> {
  if (!listIds.length || !fields.length) return [];
  const lists = `{${listIds.join(',')}}`;
  const wanted = sql`pc.field = ANY(${`{${fields.join(',')}}`}::text[]) AND pc.changed_at >= ${since}`;
  const columns = sql`pc.id::text AS change_id, pc.profile_id, pc.field, pc.old_value, pc.new_value, pc.changed_at`;
  const order = sql`ORDER BY pc.changed_at DESC, pc.id DESC LIMIT ${limit}`;
  // not walked yet: the few rows past the cursor (profile_change_txid_idx), then whose person is listed
  const { rows } = await sql<RecentChange>`
    SELECT ${columns} FROM profile_change pc
    WHERE (pc.txid, pc.id) > (${bounds.cursor.txid}::xid8, ${bounds.cursor.change_id}::bigint)
      -- not those at or before 'signals_from' either (read below), should it be ahead of the cursor
      AND (pc.txid, pc.id) > (${bounds.signalsFrom.txid}::xid8, ${bounds.signalsFrom.change_id}::bigint) AND ${wanted}
      AND pc.profile_id IN (${listed(lists)})
    ${order}`.execute(trx);
  const { signalsFrom } = bounds;
  if (!signalsFrom.newest_changed_at || signalsFrom.newest_changed_at < since) return rows;
  // written before the engine stored signals (the first 30 days after the migration): as before it
  const before = sql`(pc.txid, pc.id) <= (${signalsFrom.txid}::xid8, ${signalsFrom.change_id}::bigint)`;
  // OFFSET 0 keeps the per-person read a nested loop: the planner would otherwise join the whole window by hash
  const { rows: older } =
    (await listSize(trx, lists, perPersonRead)) <= perPersonRead
      ? await sql<RecentChange>`
        SELECT ${columns}
        FROM (SELECT DISTINCT profile_id FROM profile_list_profile WHERE profile_list_id = ANY(${lists}::int[])) l
        CROSS JOIN LATERAL (SELECT * FROM profile_change pc WHERE pc.profile_id = l.profile_id AND ${wanted} AND ${before} OFFSET 0) pc
        ${order}`.execute(trx)
      : await sql<RecentChange>`
        SELECT ${columns} FROM profile_change pc
        WHERE pc.profile_id IN (${listed(lists)}) AND ${wanted} AND ${before}
        ${order}`.execute(trx);
  const byNewest = (a: RecentChange, b: RecentChange) =>
    new Date(b.changed_at).getTime() - new Date(a.changed_at).getTime() || Number(BigInt(b.change_id) - BigInt(a.change_id));
  return [...rows, ...older].sort(byNewest).slice(0, limit);
}

export interface SignalCounts {
  /** changes matched */
  fired: number;
  /** people matched here or among `otherPeople` */
  people: number;
  /** the newest matches (a change matching several signals once per signal), newest first */
  newest: { change_id: string; signal: string; changed_at: Date }[];
}

/**
 * The stored signals of the people of `listIds` among `signals` since `since` for which `matches`
 * (a predicate on change_signal `cs`) holds: how many changes, how many people (counted together
 * with `otherPeople`, matched elsewhere) and the newest `newest` rows per signal. `oneSignalEach`:
 * no change carries two of `signals` (they come from different fields), so rows are changes.
 */
export async function signalCounts(
  trx: Db,
  listIds: number[],
  signals: readonly string[],
  oneSignalEach: boolean,
  matches: RawBuilder<boolean>,
  since: Date,
  otherPeople: number[],
  newest: number,
  perPersonRead = PER_PERSON_READ,
): Promise<SignalCounts> {
  const lists = `{${listIds.join(',')}}`;
  const others = `{${otherPeople.join(',')}}`;
  const window = sql`cs.changed_at >= ${since} AND ${matches}`;
  const wanted = sql`cs.signal = ANY(${`{${signals.join(',')}}`}::text[]) AND ${window}`;
  const columns = sql`cs.change_id, cs.profile_id, cs.signal, cs.changed_at`;
  if ((await listSize(trx, lists, perPersonRead)) <= perPersonRead) {
    // from each person (change_signal_person_idx): few rows, counted and sorted in one pass
    const { rows } = await sql<{ fired: number; people: number; newest: { change_id: string; signal: string; changed_at: string }[] }>`
      WITH matched AS MATERIALIZED (SELECT ${columns}
        FROM (SELECT DISTINCT profile_id FROM profile_list_profile WHERE profile_list_id = ANY(${lists}::int[])) l
        CROSS JOIN LATERAL (SELECT ${columns} FROM change_signal cs WHERE cs.profile_id = l.profile_id AND ${wanted} OFFSET 0) cs)
      SELECT (SELECT count(DISTINCT m.change_id) FROM matched m)::int AS fired,
        (SELECT count(*) FROM (SELECT m.profile_id FROM matched m UNION SELECT unnest(${others}::int[])) x)::int AS people,
        (SELECT coalesce(json_agg(n), '[]') FROM (
          SELECT m.change_id::text AS change_id, m.signal, m.changed_at FROM matched m
          ORDER BY m.changed_at DESC, m.change_id DESC LIMIT ${newest * signals.length}) n) AS newest`.execute(trx);
    const row = rows[0]!;
    return { fired: row.fired, people: row.people, newest: row.newest.map((n) => ({ ...n, changed_at: new Date(n.changed_at) })) };
  }
  // over the window (change_signal_window_idx), merged with the list in person order: hashing a
  // list of a million people costs more than the whole count (bench/preview.ts, docs/PERFORMANCE.md)
  const people =
    listIds.length === 1
      ? sql`profile_list_profile plp ON plp.profile_list_id = ${listIds[0]!} AND plp.profile_id = cs.profile_id`
      : sql`(SELECT DISTINCT profile_id FROM profile_list_profile WHERE profile_list_id = ANY(${lists}::int[])) plp ON plp.profile_id = cs.profile_id`;
  await sql`SET LOCAL enable_hashjoin = off`.execute(trx);
  const { rows } = await sql<{ fired: number; people: number; shared: number }>`
    SELECT coalesce(sum(g.n), 0)::int AS fired, count(*)::int AS people,
      count(*) FILTER (WHERE g.profile_id IN (SELECT unnest(${others}::int[])))::int AS shared
    FROM (SELECT cs.profile_id, ${oneSignalEach ? sql`count(*)` : sql`count(DISTINCT cs.change_id)`} AS n
      FROM change_signal cs JOIN ${people} WHERE ${wanted} GROUP BY cs.profile_id) g`.execute(trx);
  await sql`SET LOCAL enable_hashjoin = on`.execute(trx);
  // the newest of each signal: the window index read backwards, each person looked up, until enough
  const listed = sql`EXISTS (SELECT 1 FROM profile_list_profile plp WHERE plp.profile_list_id = ANY(${lists}::int[]) AND plp.profile_id = cs.profile_id)`;
  const found = [];
  for (const signal of signals) {
    const { rows: newestRows } = await sql<{ change_id: string; signal: string; changed_at: Date }>`
      SELECT cs.change_id::text AS change_id, cs.signal, cs.changed_at FROM change_signal cs
      WHERE cs.signal = ${signal} AND ${window} AND ${listed}
      ORDER BY cs.changed_at DESC, cs.change_id DESC LIMIT ${newest}`.execute(trx);
    found.push(...newestRows.map((n) => ({ ...n, changed_at: new Date(n.changed_at) })));
  }
  const row = rows[0]!;
  return { fired: row.fired, people: row.people + otherPeople.length - row.shared, newest: found };
}
