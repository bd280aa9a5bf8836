// The query half of an entity's declaration (server/http/crud.ts adds its routes): which rows a
// viewer may read, how its list sorts and searches, how rows become what the API answers.
// List, detail and delete of every entity run through the three functions below.
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { ListResponse } from '../../types/api';
import type { Viewer } from './viewer';
import type { Database } from './schema';
import { listPageRequest, runList, type ListSearchAndSort, type RequestedListPage } from './list-page';

/** A query over one entity's rows; the row type is the entity's own. */
// biome-ignore lint/suspicious/noExplicitAny: each entity's query has its own tables in scope (joins, aliases such as `owner`); Kysely has no wider table type that every such query is assignable to
export type RowQuery<Row> = SelectQueryBuilder<Database, any, Row>;

export interface EntityStore<Row extends { id: number }, Item, Filters = object, ListItem = Item> {
  /** the table whose `id` the routes address */
  table: keyof Database & string;
  /** sortable fields and their SQL, search fields, default ordering */
  list: ListSearchAndSort;
  /** the rows `viewer` may read (CONVENTIONS "Who sees what"), before search and filters */
  rows(db: Kysely<Database>, viewer: Viewer): RowQuery<Row> | Promise<RowQuery<Row>>;
  /** the list's own filters (querystring values as validated) */
  filter?(query: RowQuery<Row>, filters: Filters): RowQuery<Row>;
  /** rows → the list's items, for a whole page at once (one query per relation, not per row) */
  toItems(db: Kysely<Database>, viewer: Viewer, rows: Row[]): Promise<ListItem[]>;
  /** row → the detail's item, when it says more than a list row (default: as listed) */
  toDetail?(db: Kysely<Database>, viewer: Viewer, row: Row): Promise<Item>;
}

export async function listEntities<Row extends { id: number }, ListItem, Filters>(
  store: EntityStore<Row, unknown, Filters, ListItem>,
  db: Kysely<Database>,
  viewer: Viewer,
  query: RequestedListPage & Filters,
): Promise<ListResponse<ListItem>> {
  let rows = await store.rows(db, viewer);
  if (store.filter) rows = store.filter(rows, query);
  const table = store.list.countVersionOf;
  // the version the request read with its token, if it did (else cachedCount reads it)
  const version = table && viewer.versionsAtStart?.[table];
  const counting = table ? (version === undefined ? { db } : { db, version }) : undefined;
  const page = await runList(rows, listPageRequest(query, store.list), store.list, `${store.table}.id`, (row) => row, counting);
  return { count: page.count, results: await store.toItems(db, viewer, page.results) };
}

/** The row `id` if `viewer` may read it. */
export async function findEntityRow<Row extends { id: number }>(
  store: EntityStore<Row, unknown, unknown, unknown>,
  db: Kysely<Database>,
  viewer: Viewer,
  id: number,
): Promise<Row | undefined> {
  const rows = await store.rows(db, viewer);
  return (await rows.where(sql.ref(`${store.table}.id`), '=', id).executeTakeFirst()) as Row | undefined;
}

/** The item `id` if `viewer` may read it. */
export async function findEntity<Row extends { id: number }, Item>(
  store: EntityStore<Row, Item, unknown, unknown>,
  db: Kysely<Database>,
  viewer: Viewer,
  id: number,
): Promise<Item | undefined> {
  const row = await findEntityRow(store, db, viewer, id);
  if (!row) return undefined;
  return store.toDetail ? store.toDetail(db, viewer, row) : ((await store.toItems(db, viewer, [row]))[0] as Item);
}

export async function deleteEntityRow(store: { table: keyof Database & string }, db: Kysely<Database>, id: number): Promise<void> {
  await sql`DELETE FROM ${sql.table(store.table)} WHERE id = ${id}`.execute(db);
}
