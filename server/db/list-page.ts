import { sql, type Kysely, type Expression, type SelectQueryBuilder, type SqlBool, type ExpressionBuilder } from 'kysely';
// One page of a list in SQL (CONVENTIONS "API" → Lists): the page a request asks for, resolved
// against what the list allows (`ListSearchAndSort`: its sortable fields and their SQL, its search
// fields, its default ordering), then the count, the search, the ordering and the page itself.
// The querystring's schema is HTTP's (server/http/list-querystring.ts); this half knows only values.
import type { ListResponse } from '../../types/api';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../types/schema';
import { cachedCount, type CountOptions, type VersionedTable } from './count-cache';
import type { Database } from './schema';

/** How one list of the API is searched and sorted (CONVENTIONS "API" → Lists). */
export interface ListSearchAndSort {
  /** API field name → SQL expression it sorts by (only these are accepted in `ordering`) */
  ordering: Record<string, string>;
  /** fields whose missing values sort last in both directions */
  nullsLast?: string[];
  /** used when the request names no known field; a leading '-' for descending */
  defaultOrdering: string[];
  /** SQL expressions searched with a case-insensitive "contains" per search term */
  search?: string[];
  /** compare with accents removed (needs the unaccent extension) */
  accentInsensitive?: boolean;
  /**
   * the search fields are already lower-cased and unaccented (a stored,
   * trigram-indexed document): only the pattern is folded, so the index is used
   */
  searchFolded?: boolean;
  /** cache exact counts until this table changes (db/count-cache.ts); runList then needs the db */
  countVersionOf?: VersionedTable;
}

/** The list of a named collection (organizations, profile lists, saved searches…): by name or date, newest first. */
export const NAMED_COLLECTION_SEARCH_AND_SORT: ListSearchAndSort = {
  ordering: { created_at: 'created_at', updated_at: 'updated_at', name: 'lower(name)' },
  defaultOrdering: ['-created_at'],
  search: ['name'],
};

/** The list parameters as a request gives them (validated by the querystring's schema, all optional). */
export interface RequestedListPage {
  page?: number;
  page_size?: number;
  search?: string;
  ordering?: string;
}

/** The page a request asks for, as its list allows it: only known sort fields, with their SQL. */
export interface ListPageRequest {
  page: number;
  pageSize: number;
  search: string;
  ordering: { field: string; expression: string; descending: boolean }[];
}

/** The page `query` asks for, as `list` allows it (CONVENTIONS "API" → Lists). */
export function listPageRequest(query: RequestedListPage, list: ListSearchAndSort): ListPageRequest {
  const requested = (query.ordering ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const known = (fields: string[]) =>
    fields
      .map((part) => ({ field: part.replace(/^-/, ''), descending: part.startsWith('-') }))
      // own keys only: `__proto__` or `constructor` is an unknown field like any other
      .filter(({ field }) => Object.hasOwn(list.ordering, field))
      .map((o) => ({ ...o, expression: list.ordering[o.field] }));
  let ordering = known(requested); // unknown fields are ignored, as DRF does
  if (ordering.length === 0) ordering = known(list.defaultOrdering);
  return {
    page: query.page ?? 1,
    pageSize: Math.min(query.page_size ?? DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
    search: (query.search ?? '').trim(),
    ordering,
  };
}

/** `term` with LIKE's wildcards escaped, wrapped for "contains". */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Every whitespace-separated term must match at least one search field (DRF's SearchFilter). */
export function searchCondition<DB, TB extends keyof DB>(
  eb: ExpressionBuilder<DB, TB>,
  search: string,
  list: ListSearchAndSort,
): Expression<SqlBool> {
  const terms = search.split(/\s+/).filter(Boolean);
  if (list.searchFolded) {
    return eb.and(
      terms.map((term) =>
        eb.or((list.search ?? []).map((field) => sql<SqlBool>`${sql.raw(field)} LIKE immutable_unaccent(lower(${containsPattern(term)}))`)),
      ),
    );
  }
  const fold = (e: string) => (list.accentInsensitive ? `immutable_unaccent(${e})` : e);
  return eb.and(
    terms.map((term) => {
      const pattern = containsPattern(term);
      const value = list.accentInsensitive ? sql`immutable_unaccent(${pattern})` : sql`${pattern}`;
      return eb.or((list.search ?? []).map((field) => sql<SqlBool>`${sql.raw(fold(field))} ILIKE ${value}`));
    }),
  );
}

/** Keeps the rows matching the search, if the list declares search fields. */
export function applySearch<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  params: ListPageRequest,
  list: ListSearchAndSort,
): SelectQueryBuilder<DB, TB, O> {
  if (!params.search || !list.search?.length) return query;
  return query.where((eb) => searchCondition(eb as ExpressionBuilder<DB, TB>, params.search, list));
}

/**
 * Sorts as asked, with the id as the tie-breaker so that pages never overlap.
 * `reversed` gives the exact opposite order (nulls placement included), for
 * reading the last pages from the end.
 */
export function applyOrdering<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  params: ListPageRequest,
  list: ListSearchAndSort,
  idColumn: string,
  reversed = false,
): SelectQueryBuilder<DB, TB, O> {
  let sorted = query;
  for (const { field, expression, descending } of params.ordering) {
    const down = descending !== reversed;
    // NULLS LAST on the way up or down; its mirror image when reversed
    const nulls = list.nullsLast?.includes(field) ? (reversed ? ' NULLS FIRST' : ' NULLS LAST') : '';
    sorted = sorted.orderBy(sql.raw(`${expression} ${down ? 'DESC' : 'ASC'}${nulls}`));
  }
  const idDown = (params.ordering[0]?.descending ?? false) !== reversed;
  return sorted.orderBy(sql.raw(`${idColumn} ${idDown ? 'DESC' : 'ASC'}`));
}

/** Runs a list: the count of every matching row and one sorted page of them. */
export async function runList<DB, TB extends keyof DB, O, R>(
  base: SelectQueryBuilder<DB, TB, O>,
  params: ListPageRequest,
  list: ListSearchAndSort,
  idColumn: string,
  toResult: (row: O) => R | Promise<R>,
  /** the database, for lists whose counts are cached per table version (`countVersionOf`) */
  counting?: { db: Kysely<Database> } & CountOptions,
): Promise<ListResponse<R>> {
  const query = applySearch(base, params, list);
  const countQuery = query.clearSelect().clearOrderBy().select(sql<number>`count(*)::int`.as('count'));
  const runCount = async () => Number(((await countQuery.executeTakeFirst()) as { count?: number } | undefined)?.count ?? 0);
  const count =
    list.countVersionOf && counting
      ? await cachedCount(counting.db, list.countVersionOf, countQuery, runCount, counting)
      : await runCount();
  const offset = (params.page - 1) * params.pageSize;
  if (offset >= count) return { count, results: [] };
  // past the middle, read from the end: the last page of a million rows costs what the first does
  const fromEnd = offset > count / 2;
  const rows = fromEnd
    ? (
        await applyOrdering(query, params, list, idColumn, true)
          .limit(Math.min(params.pageSize, count - offset))
          .offset(Math.max(0, count - offset - params.pageSize))
          .execute()
      ).reverse()
    : await applyOrdering(query, params, list, idColumn).limit(params.pageSize).offset(offset).execute();
  const results = await Promise.all(rows.map((row) => toResult(row)));
  return { count, results };
}
