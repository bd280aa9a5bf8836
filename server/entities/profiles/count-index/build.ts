import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { profileList } from '../filters';
import { ProfileIndex } from './index';
import { DATABASE_SORTS, INDEXED_COLUMNS, journalHead, toIndexed, type IndexedRow } from './journal';
import { TokenIndex } from './tokens';

const BATCH_ROWS = 20_000;
const yieldToRequests = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Reads every profile in batches (no long transaction: the embedded database
 * has one connection) into a new index, as of the version read first: rows
 * that change while it reads are in the journal after that version, and the
 * caller brings the index up to date from there (`ProfileIndex.apply`), so a
 * build is never thrown away.
 */
export async function buildProfileIndex(db: Kysely<Database>, expectedRows: number): Promise<ProfileIndex> {
  const version = await journalHead(db);
  if (version === undefined) throw new Error('the profile table is not versioned (migrations not run)');
  const index = new ProfileIndex(
    version,
    Math.ceil(expectedRows * 1.1) + 1024,
    Object.keys(profileList.ordering),
    profileList.nullsLast ?? [],
  );
  const documents: string[] = [];
  let after = -2147483648;
  for (;;) {
    const { rows } =
      await sql<IndexedRow>`SELECT ${INDEXED_COLUMNS} FROM profile p WHERE p.id > ${after} ORDER BY p.id LIMIT ${BATCH_ROWS}`.execute(db);
    for (const row of rows) documents[index.load(toIndexed(row))] = row.search_text ?? '';
    if (rows.length < BATCH_ROWS) break;
    after = rows[rows.length - 1].id;
    await yieldToRequests();
  }
  const orders = new Map<string, { valued: number[]; missing: number[] }>();
  for (const { field, column } of DATABASE_SORTS) {
    orders.set(field, await databaseOrder(db, column));
    await yieldToRequests();
  }
  const tokens = await TokenIndex.build(documents, yieldToRequests);
  index.loadOrders(orders, tokens);
  return index;
}

/** One column's order from the database itself (its collation decides the order of names). */
async function databaseOrder(db: Kysely<Database>, column: string): Promise<{ valued: number[]; missing: number[] }> {
  const c = sql.raw(column);
  const { rows } = await sql<{ valued: string | null; missing: string | null }>`
    SELECT string_agg(id::text, ',' ORDER BY ${c}, id) FILTER (WHERE ${c} IS NOT NULL) AS valued,
           string_agg(id::text, ',' ORDER BY id) FILTER (WHERE ${c} IS NULL) AS missing
    FROM profile`.execute(db);
  const ids = (list: string | null) => (list ? list.split(',').map(Number) : []);
  return { valued: ids(rows[0].valued), missing: ids(rows[0].missing) };
}
