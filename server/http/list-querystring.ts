// The querystring every list of the API takes (CONVENTIONS "API" → Lists), as a TypeBox schema that
// validates and documents it; a list's own filters are added to it. What the values mean in SQL is
// server/db/list-page.ts.
import { Type, type Static, type TObject, type TProperties } from 'typebox';
import { DEFAULT_PAGE_SIZE, MAX_PAGE } from '../../types/schema';

/** The parameters every list takes (CONVENTIONS "API" → Lists); page_size above 100 is clamped, not refused. */
export const LIST_QUERYSTRING_PARAMS = {
  // bounded so that the row offset stays an exact integer the database accepts
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, default: DEFAULT_PAGE_SIZE })),
  search: Type.Optional(Type.String({ maxLength: 200 })),
  ordering: Type.Optional(Type.String({ maxLength: 500 })),
};

/** The querystring schema of a list: the shared parameters plus the list's own filters. */
export function listQuerystringSchema(): TObject<typeof LIST_QUERYSTRING_PARAMS>;
export function listQuerystringSchema<T extends TProperties>(
  filters: T,
): TObject<{ [K in keyof (typeof LIST_QUERYSTRING_PARAMS & T)]: (typeof LIST_QUERYSTRING_PARAMS & T)[K] }>;
export function listQuerystringSchema(filters: TProperties = {}) {
  return Type.Object({ ...LIST_QUERYSTRING_PARAMS, ...filters });
}

export type ListQuerystring = Static<TObject<typeof LIST_QUERYSTRING_PARAMS>>;
