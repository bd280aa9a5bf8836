// The building blocks of every wire schema (TypeBox: JSON Schema with its TypeScript type).
// The server validates, serializes and documents (OpenAPI) with these schemas; the app
// imports only the types derived from them (types/api.ts), so no schema has a twin.
import { Type, type Static, type TSchema } from 'typebox';

/** `T` or null, as `type: [T, 'null']` (one branch-free check for the serializer, unlike anyOf). */
export function Nullable<T extends TSchema & { type: string }>(schema: T) {
  return Type.Unsafe<Static<T> | null>({ ...schema, type: [schema.type, 'null'] });
}

/** ids are PostgreSQL integers: a larger number is refused here rather than failing in the database */
export const Id = Type.Integer({ minimum: 1, maximum: 2147483647 });
export const IdList = Type.Array(Id, { maxItems: 10000 });
/** ISO 8601 timestamp in UTC */
export const DateTime = Type.String({ format: 'date-time' });
export const Email = Type.String({ format: 'email', minLength: 1, maxLength: 254 });
export const Password = Type.String({ minLength: 1, maxLength: 128 });

/** at least one character that is not white space (names are stored trimmed) */
export const NOT_BLANK = '\\S';
export const RequiredText = (maxLength = 255) => Type.String({ minLength: 1, maxLength, pattern: NOT_BLANK });

export const IdParams = Type.Object({ id: Id });

/** A data source as other entities name it. */
export const DataSourceRefSchema = Type.Object({ id: Type.Integer(), name: Type.String() });

export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE = 1_000_000_000;

/** `{count, results}` around an item schema. */
export const ListOf = <T extends TSchema>(item: T) => Type.Object({ count: Type.Integer(), results: Type.Array(item) });

/** Every error the API answers: `{"errors": [...]}`; 400s about fields add `fields`. */
export const ErrorBodySchema = Type.Object({
  errors: Type.Array(Type.String()),
  fields: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
});

/** A plain acknowledgement for action calls. */
export const DetailSchema = Type.Object({ detail: Type.String() });

/** The error answers a route may give, for the OpenAPI description. */
export function errors(...codes: number[]): Record<number, typeof ErrorBodySchema> {
  return Object.fromEntries(codes.map((code) => [code, ErrorBodySchema]));
}

/** 204 No Content */
export const NoContent = Type.Null();
