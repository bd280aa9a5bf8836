/** JSON-schema pieces every route reuses. */

export const email = { type: 'string', format: 'email', minLength: 1, maxLength: 254 } as const;
/** at least one character that is not white space (names are stored trimmed) */
export const NOT_BLANK = '\\S';
export const requiredText = (maxLength = 255) => ({ type: 'string', minLength: 1, maxLength, pattern: NOT_BLANK }) as const;
export const optionalText = (maxLength = 255) => ({ type: 'string', maxLength }) as const;
export const password = { type: 'string', minLength: 1, maxLength: 128 } as const;
/** ids are PostgreSQL integers: a larger number is refused here rather than failing in the database */
export const id = { type: 'integer', minimum: 1, maximum: 2147483647 } as const;
export const idList = { type: 'array', items: id, maxItems: 10000 } as const;
export const dateTime = { type: 'string', format: 'date-time' } as const;

export const idParams = { type: 'object', required: ['id'], properties: { id } } as const;

export function object(properties: Record<string, object>, required: string[] = Object.keys(properties)) {
  return { type: 'object', required, properties } as const;
}

export const detailResponse = object({ detail: { type: 'string' } });
export const errorResponse = {
  type: 'object',
  properties: {
    errors: { type: 'array', items: { type: 'string' } },
    fields: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
  },
} as const;

/** `{count, results}` around an item schema. */
export function listResponse(item: object) {
  return object({ count: { type: 'integer' }, results: { type: 'array', items: item } });
}

/** The error answers a route may give, for the OpenAPI description. */
export function errors(...codes: number[]) {
  return Object.fromEntries(codes.map((code) => [code, errorResponse]));
}
