// A saved search's query (saved_search.url: the profiles screen's query string) read back as the
// profiles list reads its request — the same filters, search and ordering (server/db/
// profile-filters.ts) — so that a watched search matches exactly who its 'Open in Profiles' shows.
import type { SelectQueryBuilder } from 'kysely';
import { Value } from 'typebox/value';
import type { TSchema } from 'typebox';
import type { Database } from '../db/schema';
import { applySearch, listPageRequest, type ListPageRequest } from '../db/list-page';
import { applyProfileFilters, profileFilterSchema, profileList, rangeProblems, type ProfileFilters } from '../db/profile-filters';

export interface SavedQuery {
  filters: ProfileFilters;
  /** its search and ordering (the list's own: unknown sort fields fall back to newest first) */
  page: ListPageRequest;
}

/**
 * The query a saved search holds, or why it cannot be run: a value the profiles list would refuse
 * with a 400 (a data source id that is not a number, a rating out of 0–10, a range low > high).
 * Such a query matches nobody rather than everybody (dropping the bad filter would widen it).
 */
export function readSavedQuery(url: string): SavedQuery | { problem: string } {
  const params = new URLSearchParams(url);
  const filters: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(profileFilterSchema) as [string, TSchema & { type?: string }][]) {
    const values = params.getAll(key).filter((value) => value !== '');
    if (values.length === 0) continue;
    const value = Value.Convert(schema, schema.type === 'array' ? values : values[0]);
    if (!Value.Check(schema, value)) return { problem: `${key}: ${values.join(', ')}` };
    filters[key] = value;
  }
  const ranges = Object.keys(rangeProblems(filters as ProfileFilters));
  if (ranges.length) return { problem: `${ranges.join(', ')}: low above high` };
  // the profiles screen keeps its order as sort + direction; the API's own 'ordering' also counts
  const sort = params.get('sort');
  const ordering = sort ? `${params.get('direction') === 'desc' ? '-' : ''}${sort}` : (params.get('ordering') ?? undefined);
  const search = params.get('search') ?? undefined;
  return { filters: filters as ProfileFilters, page: listPageRequest({ search, ordering }, profileList) };
}

/** `query` over `profile` kept to the saved query's people that a reader of `readable` data sources sees. */
export function applySavedQuery<O>(
  query: SelectQueryBuilder<Database, 'profile', O>,
  saved: SavedQuery,
  readable: number[] | null,
): SelectQueryBuilder<Database, 'profile', O> {
  return applySearch(applyProfileFilters(query, saved.filters, readable), saved.page, profileList);
}
