// The state of a list screen as it lives in the address bar (SPEC §2: "List pages keep
// page, page_size, search and ordering in the address query string, with keys sorted").
// Pure functions, so that the round trip is tested without a browser.
import { PAGE_SIZE } from '../../constants';
import { buildQueryString, type QueryParams } from '../../../dataProvider/queryString';
import type { AddressStyle, FilterValues, ListQuery } from './types';

/** The largest page the API serves (CONVENTIONS: page_size at most 100). */
const MAX_PAGE_SIZE = 100;

function positiveInteger(raw: string | null, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  if (raw === null || !/^\d+$/.test(raw)) return fallback;
  const value = Number(raw);
  return value >= 1 ? Math.min(value, max) : fallback;
}

/** Reads a list's state from the query string; missing or malformed values take their defaults. */
export function readListQuery(params: URLSearchParams, style: AddressStyle = 'ordering', filterKeys: string[] = []): ListQuery {
  const filters: FilterValues = {};
  for (const key of filterKeys) {
    const values = params.getAll(key).filter((value) => value !== '');
    if (values.length > 0) filters[key] = values;
  }
  let ordering = params.get('ordering') ?? '';
  if (style === 'sortDirection') {
    const field = params.get('sort') ?? '';
    ordering = field && params.get('direction') === 'desc' ? `-${field}` : field;
  }
  return {
    page: positiveInteger(params.get('page'), 1),
    pageSize: style === 'ordering' ? positiveInteger(params.get('page_size'), PAGE_SIZE, MAX_PAGE_SIZE) : PAGE_SIZE,
    search: params.get('search') ?? '',
    ordering,
    filters,
  };
}

/** The query string of a list state, keys sorted: ordering=-email&page=2&page_size=10&search=ann. */
export function writeListQuery(query: ListQuery, style: AddressStyle = 'ordering'): URLSearchParams {
  const params: QueryParams = { ...query.filters, page: query.page, search: query.search };
  if (style === 'ordering') {
    params.page_size = query.pageSize;
    params.ordering = query.ordering;
  } else if (query.ordering) {
    const descending = query.ordering.startsWith('-');
    params.sort = descending ? query.ordering.slice(1) : query.ordering;
    params.direction = descending ? 'desc' : 'asc';
  }
  // The dataProvider's builder: the address and the API call sort their keys alike.
  return new URLSearchParams(buildQueryString(params));
}

/** The filter sent to dataProvider.getList: search, ordering and the extra keys, empty ones left out. */
export function apiFilterOf(query: ListQuery): Record<string, string | string[]> {
  const filter: Record<string, string | string[]> = {};
  if (query.search) filter.search = query.search;
  if (query.ordering) filter.ordering = query.ordering;
  for (const [key, values] of Object.entries(query.filters)) {
    filter[key] = values;
  }
  return filter;
}

/** The part of react-admin's list parameters (its store's `ListParams`) that the address holds. */
export interface AddressListParams {
  page: number;
  perPage: number;
  /** '' when the server's own order applies */
  sort: string;
  order: 'ASC' | 'DESC';
  filter: Record<string, string | string[]>;
}

/** The address's list state as react-admin's list parameters: search and the extra keys are filters. */
export function toListParams(query: ListQuery): AddressListParams {
  const filter: Record<string, string | string[]> = { ...query.filters };
  if (query.search) filter.search = query.search;
  const descending = query.ordering.startsWith('-');
  return {
    page: query.page,
    perPage: query.pageSize,
    sort: descending ? query.ordering.slice(1) : query.ordering,
    order: descending ? 'DESC' : 'ASC',
    filter,
  };
}

/** react-admin's list parameters as the address's list state; only `filterKeys` (and search) are kept. */
export function fromListParams(
  params: { page: number; perPage: number; sort?: { field?: string; order?: string }; filterValues?: Record<string, unknown> },
  filterKeys: string[],
): ListQuery {
  const filters: FilterValues = {};
  for (const key of filterKeys) {
    const value = params.filterValues?.[key];
    const values = (Array.isArray(value) ? value : [value]).filter((item) => item !== undefined && item !== null && item !== '');
    if (values.length > 0) filters[key] = values.map(String);
  }
  const field = params.sort?.field ?? '';
  const search = params.filterValues?.search;
  return {
    page: params.page,
    pageSize: params.perPage,
    search: typeof search === 'string' ? search : '',
    ordering: field && params.sort?.order === 'DESC' ? `-${field}` : field,
    filters,
  };
}
