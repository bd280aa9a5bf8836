import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../db/schema';
import { profileList } from '../filters';
import { ProfileIndex } from './index';
import { DATABASE_SORTS, INDEXED_COLUMNS, journalHead, toIndexed, type IndexedRow } from './journal';
import { TokenIndex } from './tokens';
import { inSlices, Slicer, type Sliced } from './slices';
import { yieldToEventLoop } from '../../../util/slices';

const BATCH_ROWS = 20_000;

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
    Math.ceil(expectedRows * 1.02) + 1024, // rows arriving during the build fit; the index grows past it (by a quarter)
    Object.keys(profileList.ordering),
    profileList.nullsLast ?? [],
  );
  const documents: string[] = [];
  const slicer = new Slicer();
  let after = -2147483648;
  for (;;) {
    const { rows } =
      await sql<IndexedRow>`SELECT ${INDEXED_COLUMNS} FROM profile p WHERE p.id > ${after} ORDER BY p.id LIMIT ${BATCH_ROWS}`.execute(db);
    // a batch loads in ~150 ms on a busy machine: in slices
    for (let i = 0; i < rows.length; i++) {
      documents[index.load(toIndexed(rows[i]))] = rows[i].search_text ?? '';
      if ((i & 255) === 255 && slicer.due) await slicer.pauseNow();
    }
    if (rows.length < BATCH_ROWS) break;
    after = rows[rows.length - 1].id;
  }
  const orders = new Map<string, { valued: Int32Array; missing: Int32Array }>();
  for (const { field, column } of DATABASE_SORTS) orders.set(field, await databaseOrder(db, column, slicer));
  const tokens = await TokenIndex.build(documents, yieldToEventLoop);
  await inSlices(index.loadingOrders(orders, tokens), slicer);
  return index;
}

/** One column's order from the database itself (its collation decides the order of names). */
async function databaseOrder(db: Kysely<Database>, column: string, slicer: Slicer): Promise<{ valued: Int32Array; missing: Int32Array }> {
  const c = sql.raw(column);
  const { rows } = await sql<{ valued: string | null; missing: string | null }>`
    SELECT string_agg(id::text, ',' ORDER BY ${c}, id) FILTER (WHERE ${c} IS NOT NULL) AS valued,
           string_agg(id::text, ',' ORDER BY id) FILTER (WHERE ${c} IS NULL) AS missing
    FROM profile`.execute(db);
  return {
    valued: await inSlices(parsingIds(rows[0].valued ?? ''), slicer),
    missing: await inSlices(parsingIds(rows[0].missing ?? ''), slicer),
  };
}

/** The ids of a comma-separated list, read in place (a split of ten million ids would hold the event loop for a second). */
export function* parsingIds(list: string): Sliced<Int32Array> {
  let count = list.length ? 1 : 0;
  for (let i = list.indexOf(','); i !== -1; i = list.indexOf(',', i + 1)) if ((++count & 0xffff) === 0) yield;
  const ids = new Int32Array(count);
  let value = 0;
  let negative = false;
  let n = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list.charCodeAt(i);
    if (c === 44) {
      ids[n++] = negative ? -value : value;
      value = 0;
      negative = false;
      if ((n & 0xffff) === 0) yield;
    } else if (c === 45) negative = true;
    else value = value * 10 + (c - 48);
  }
  if (count) ids[n] = negative ? -value : value;
  return ids;
}
