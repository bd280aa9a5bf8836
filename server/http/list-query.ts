import { Type, type Static, type TObject, type TProperties } from 'typebox';
import { DEFAULT_PAGE_SIZE, MAX_PAGE } from '../../types/schema';

/** The parameters every list takes (CONVENTIONS "API" → Lists); page_size above 100 is clamped, not refused. */
export const listParams = {
  // bounded so that the row offset stays an exact integer the database accepts
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, default: DEFAULT_PAGE_SIZE })),
  search: Type.Optional(Type.String({ maxLength: 200 })),
  ordering: Type.Optional(Type.String({ maxLength: 500 })),
};

/** The querystring schema of a list: the shared parameters plus the list's own filters. */
export function ListQuerySchema(): TObject<typeof listParams>;
export function ListQuerySchema<T extends TProperties>(
  filters: T,
): TObject<{ [K in keyof (typeof listParams & T)]: (typeof listParams & T)[K] }>;
export function ListQuerySchema(filters: TProperties = {}) {
  return Type.Object({ ...listParams, ...filters });
}

export type ListQuery = Static<TObject<typeof listParams>>;
