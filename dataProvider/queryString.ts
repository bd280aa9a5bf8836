// List parameters → query string, with the keys sorted (SPEC §2 Access: list pages keep
// their state in the address with sorted keys; the API gets the very same string).

export type QueryValue = string | number | boolean | null | undefined | Array<string | number | boolean>;
export type QueryParams = Record<string, QueryValue>;

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

/**
 * `{ page: 2, gender: ['male', 'female'], search: '' }` → 'gender=male&gender=female&page=2'.
 * Keys are sorted; array values become repeated keys in their given order; undefined,
 * null and empty-string values (and empty arrays) are left out.
 */
export function buildQueryString(params: QueryParams): string {
  const query = new URLSearchParams();
  for (const key of Object.keys(params).sort()) {
    const value = params[key];
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (!isEmpty(item)) query.append(key, String(item));
    }
  }
  return query.toString();
}

export interface ListQueryInput {
  pagination?: { page: number; perPage: number };
  sort?: { field?: string; order?: string };
  filter?: Record<string, unknown>;
}

/** 'DESC' → '-field', anything else → 'field'; no field → undefined. */
export function toOrdering(sort: ListQueryInput['sort']): string | undefined {
  if (!sort?.field) return undefined;
  return sort.order === 'DESC' ? `-${sort.field}` : sort.field;
}

/**
 * react-admin's getList parameters → the API's list parameters: page, page_size,
 * ordering, and every filter key passed through (a caller's own `ordering` filter wins).
 */
export function listQueryParams({ pagination, sort, filter = {} }: ListQueryInput): QueryParams {
  const params: QueryParams = {};
  if (pagination) {
    params.page = pagination.page;
    params.page_size = pagination.perPage;
  }
  params.ordering = toOrdering(sort);
  for (const [key, value] of Object.entries(filter)) {
    if (key === 'ordering' && isEmpty(value)) continue;
    params[key] = value as QueryValue;
  }
  return params;
}
