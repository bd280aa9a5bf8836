// The signals engine's SQL (engine.ts): its cursor over the change log, the rows past it, the
// rules watching their people, and the notifications it raises (once: the unique key
// notification_once_idx on rule, change and recipient).
import { sql, type InsertObject, type Insertable, type Kysely } from 'kysely';
import type { ChangeSignalTable, Database, Priority } from '../db/schema';

type Db = Kysely<Database>;

export const CURSOR = 'rules';
/** Where change_signal is complete: rows at or before it (in the cursor's order) have no signals stored. */
export const SIGNALS_FROM = 'signals_from';

export interface Cursor {
  /** xid8, as text */
  txid: string;
  change_id: string;
}

/**
 * The cursor, locked until the transaction ends (a second engine waits, then reads where this
 * one stopped). Made when missing as the migration makes it: after what the change log holds.
 */
export async function lockCursor(trx: Db): Promise<Cursor> {
  const read = () =>
    sql<Cursor>`SELECT txid::text AS txid, change_id::text AS change_id FROM signal_cursor WHERE name = ${CURSOR} FOR UPDATE`.execute(trx);
  let { rows } = await read();
  if (!rows.length) {
    await sql`INSERT INTO signal_cursor (name, txid, change_id)
      SELECT ${CURSOR}, pg_current_xact_id(), coalesce(max(id), 0) FROM profile_change
      ON CONFLICT (name) DO NOTHING`.execute(trx);
    ({ rows } = await read());
  }
  return rows[0]!;
}

export async function advanceCursor(trx: Db, to: Cursor): Promise<void> {
  await sql`UPDATE signal_cursor SET txid = ${to.txid}::xid8, change_id = ${to.change_id}::bigint, updated_at = now()
    WHERE name = ${CURSOR}`.execute(trx);
}

export interface PendingRow {
  id: string;
  txid: string;
  field: string;
}

/**
 * The next change-log rows past the cursor, in (transaction, id) order, written by transactions
 * that ended: only below the oldest transaction still running (`pg_snapshot_xmin`), so a row
 * whose transaction commits later — with a smaller txid than rows already committed — is read
 * on a later run instead of being passed over.
 */
export async function pendingRows(trx: Db, after: Cursor, limit: number): Promise<PendingRow[]> {
  const { rows } = await sql<PendingRow>`
    SELECT pc.id::text AS id, pc.txid::text AS txid, pc.field FROM profile_change pc
    WHERE (pc.txid, pc.id) > (${after.txid}::xid8, ${after.change_id}::bigint)
      AND pc.txid < pg_snapshot_xmin(pg_current_snapshot())
    ORDER BY pc.txid, pc.id -- the columns (as xid8 and bigint), not the text they are answered as
    LIMIT ${limit}`.execute(trx);
  return rows;
}

/** A change-log row's own values: what the rules' signals are computed from. */
export interface ChangeValues {
  change_id: string;
  profile_id: number;
  field: string;
  old_value: unknown;
  new_value: unknown;
  changed_at: Date;
}

/** A change-log row of a field the rules read, as the engine computes its signals; `recorded`: past 'signals_from'. */
export interface SignalSourceRow extends ChangeValues {
  /** whether its signals go to change_signal: past 'signals_from' (the rows before it are read the old way) */
  recorded: boolean;
}

/** The rows among `changeIds` of the fields the rules read (`fields`), with their values. */
export async function signalSources(trx: Db, changeIds: string[], fields: readonly string[]): Promise<SignalSourceRow[]> {
  if (!changeIds.length) return [];
  const { rows } = await sql<SignalSourceRow>`
    SELECT pc.id::text AS change_id, pc.profile_id, pc.field, pc.old_value, pc.new_value, pc.changed_at,
      NOT EXISTS (SELECT 1 FROM signal_cursor c WHERE c.name = ${SIGNALS_FROM} AND (pc.txid, pc.id) <= (c.txid, c.change_id)) AS recorded
    FROM profile_change pc
    WHERE pc.id = ANY(${`{${changeIds.join(',')}}`}::bigint[]) AND pc.field = ANY(${`{${fields.join(',')}}`}::text[])`.execute(trx);
  return rows;
}

/** Stores signals (each (change, signal) once: a step run again after a crash inserts nothing twice). */
export async function insertChangeSignals(trx: Db, rows: Insertable<ChangeSignalTable>[]): Promise<void> {
  for (let at = 0; at < rows.length; at += INSERT_SLICE) {
    await trx
      .insertInto('change_signal')
      .values(rows.slice(at, at + INSERT_SLICE))
      .onConflict((conflict) => conflict.columns(['change_id', 'signal']).doNothing())
      .execute();
  }
}

/** A change-log row as the rules read it, with the person's name and the source of the retrieval that wrote it. */
export interface ChangeRow extends ChangeValues {
  execution_id: number | null;
  data_source_id: number | null;
  data_source_name: string | null;
  first_name: string | null;
  last_name: string | null;
}

/** A ChangeRow's columns, read from `pc` (profile_change) joined with CHANGE_JOINS. */
const CHANGE_COLUMNS = sql`pc.id::text AS change_id, pc.profile_id, pc.field, pc.old_value, pc.new_value, pc.changed_at, pc.execution_id,
      e.data_source_id, e.data_source_name, p.first_name, p.last_name`;
const CHANGE_JOINS = sql`JOIN profile p ON p.id = pc.profile_id
    LEFT JOIN execution e ON e.id = pc.execution_id`;

/** A change of a watched person and a rule watching them (through one of the rule's lists). */
export interface Candidate extends ChangeRow {
  rule_id: number;
  rule_name: string;
  model_name: string;
  attribute: string;
  operator: string;
  value: string;
  notification_type: 'Email' | 'Slack';
  priority: Priority;
  owner_id: number;
  owner_email: string;
}

/**
 * Each (change, rule) pair among `changeIds` where the person is in one of the rule's profile
 * lists and the change was recorded once the rule existed; rules of deactivated owners, muted rules
 * and people their owner snoozed (until after the change) are left out (issue 18).
 */
export async function candidates(trx: Db, changeIds: string[]): Promise<Candidate[]> {
  if (!changeIds.length) return [];
  const { rows } = await sql<Candidate>`
    SELECT DISTINCT ON (pc.id, r.id) ${CHANGE_COLUMNS},
      r.id AS rule_id, r.name AS rule_name, r.model_name, r.attribute, r.operator, r.value, r.notification_type, r.priority,
      r.owner_id, u.email AS owner_email
    FROM profile_change pc
    ${CHANGE_JOINS}
    JOIN profile_list_profile plp ON plp.profile_id = pc.profile_id
    JOIN rule_profile_list rpl ON rpl.profile_list_id = plp.profile_list_id
    JOIN rule r ON r.id = rpl.rule_id AND r.created_at <= pc.changed_at AND r.muted_at IS NULL
    JOIN app_user u ON u.id = r.owner_id AND u.is_active
    WHERE pc.id = ANY(${`{${changeIds.join(',')}}`}::bigint[])
      AND NOT EXISTS (SELECT 1 FROM profile_snooze s WHERE s.user_id = r.owner_id AND s.profile_id = pc.profile_id AND s.until > pc.changed_at)
    ORDER BY pc.id, r.id`.execute(trx);
  return rows;
}

/** The change-log rows `changeIds` with the person's name and the retrieval's source, as candidates() reads them. */
export async function changeRows(db: Db, changeIds: string[]): Promise<ChangeRow[]> {
  if (!changeIds.length) return [];
  const { rows } = await sql<ChangeRow>`
    SELECT ${CHANGE_COLUMNS} FROM profile_change pc
    ${CHANGE_JOINS}
    WHERE pc.id = ANY(${`{${changeIds.join(',')}}`}::bigint[])`.execute(db);
  return rows;
}

/**
 * When the person of each 'jobs' change among `changeIds` was retrieved before it: a time at
 * which the old list was known to be what the source said. The latest of
 * - the last SUCCESS execution of the change's data source asked for before the change's own
 *   execution (the source's previous run),
 * - the person's last change-log row written by another retrieval, earlier (any retrieval that
 *   wrote about the person saw the old list: the jobs had not moved since, or it wrote them),
 * - the profile's creation (its first retrieval).
 * Exact for a person who comes from one source and cheap (indexed lookups per watched change);
 * a run that failed after seeing the person is not counted (its time is not known per person),
 * which can only make a role look newer, never a new job look old.
 */
export async function previousRetrievals(trx: Db, changeIds: string[]): Promise<Map<string, Date>> {
  if (!changeIds.length) return new Map();
  const { rows } = await sql<{ change_id: string; at: Date | null }>`
    SELECT pc.id::text AS change_id, GREATEST(
      (SELECT max(e2.date_created) FROM execution e2
        WHERE e.data_source_id IS NOT NULL AND e2.data_source_id = e.data_source_id AND e2.status = 'SUCCESS'
          AND e2.date_created < e.date_created AND e2.id <> e.id),
      (SELECT max(pc2.changed_at) FROM profile_change pc2
        WHERE pc2.profile_id = pc.profile_id AND pc2.changed_at < pc.changed_at
          AND pc2.execution_id IS NOT NULL AND pc2.execution_id IS DISTINCT FROM pc.execution_id),
      -- looked up per row: a join would have the planner read every profile for a few thousand rows
      (SELECT p.created_at FROM profile p WHERE p.id = pc.profile_id)) AS at
    FROM profile_change pc
    LEFT JOIN execution e ON e.id = pc.execution_id
    WHERE pc.id = ANY(${`{${changeIds.join(',')}}`}::bigint[])`.execute(trx);
  return new Map(rows.filter((row) => row.at).map((row) => [row.change_id, new Date(row.at!)]));
}

export type NewNotification = InsertObject<Database, 'notification'>;

const INSERT_SLICE = 500;

/** Inserts what is not there yet (rule, change, recipient); the ids and priorities of those inserted. */
export async function insertNotifications(trx: Db, rows: NewNotification[]): Promise<{ id: number; priority: Priority }[]> {
  const inserted: { id: number; priority: Priority }[] = [];
  for (let at = 0; at < rows.length; at += INSERT_SLICE) {
    inserted.push(
      ...(await trx
        .insertInto('notification')
        .values(rows.slice(at, at + INSERT_SLICE))
        .onConflict((conflict) => conflict.columns(['rule_id', 'profile_change_id', 'recipient']).doNothing())
        .returning(['id', 'priority'])
        .execute()),
    );
  }
  return inserted;
}
