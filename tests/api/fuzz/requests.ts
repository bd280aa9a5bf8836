// One request to one operation, from its OpenAPI description: path, query
// (repeated keys for arrays), headers, body and who sends it.
import { fc } from '@fast-check/vitest';
import type { Arbitrary } from 'fast-check';
import { collectionOf, type Operation, type Parameter, type Schema } from './openapi';
import {
  DANGEROUS_KEYS,
  NASTY_STRINGS,
  encode,
  hugeString,
  invalidValue,
  mutatedObject,
  queryText,
  validValue,
  type ValueContext,
} from './values';

export const ROLES = ['anonymous', 'crowdsourcing', 'normal', 'staff'] as const;
export type Role = (typeof ROLES)[number];

export interface FuzzRequest {
  role: Role;
  /** the Authorization header an anonymous caller sends, if any (a signed-in role sends its token) */
  authorization?: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  /** how the body was made: none, an empty body with a JSON content type, JSON, raw text, another media type */
  body: 'none' | 'empty-json' | 'json' | 'raw' | 'other-type';
}

export interface RequestContext extends ValueContext {
  /** ids of the rows a list operation at `collection` answers (e.g. `/api/v1/searches`) */
  idsOf(collection: string): number[];
}

const JSON_TYPE = 'application/json';

/** Path segments that are not ids (never empty nor `.`/`..`, which would name another route). */
const PATH_JUNK = [
  '0',
  '-1',
  '-0',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '99999999999999999999',
  '1e3',
  '1e400',
  '1.5',
  '01',
  '+1',
  ' 1',
  '1 ',
  '0x1A',
  'abc',
  'null',
  'NaN',
  'Infinity',
  'true',
  '__proto__',
  'constructor',
  'prototype',
  "1' OR '1'='1",
  '1;DROP TABLE app_user',
  '%',
  '_',
  '%25',
  'ü',
  '١',
  '𝕏',
  '\u0000',
  '1\u0000',
  '\uD800',
  'x'.repeat(150),
  '9'.repeat(120),
  '*',
  '1,2',
  '[1]',
  '{}',
];

/** Text that is not quite JSON, or is JSON nobody expects. Built once: some are large. */
const RAW_BODIES: readonly string[] = [
  '',
  ' ',
  '{',
  '}',
  '{"a":',
  'null',
  'true',
  '0',
  '-1',
  '"text"',
  '[]',
  '[{}]',
  '[1,2,3]',
  'NaN',
  '{a:1}',
  "{'a':1}",
  '{"a":1}{"b":2}',
  '{"a":1,}',
  '\uFEFF{}',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"__proto__":{"is_staff":true}}',
  '{"constructor":{"prototype":{"is_staff":true}}}',
  '{"name":"a","name":"b"}',
  '{"a":1e999}',
  '{"a":-0}',
  '{"a":0.1e-400}',
  '{"a":123456789012345678901234567890}',
  // nested far deeper than any schema: recursion in the server must not overflow
  `${'['.repeat(200_000)}${']'.repeat(200_000)}`,
  `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`,
  // over the 1 MiB body limit
  JSON.stringify({ name: 'x'.repeat(1_100_000), comment: 'x', email: 'a@example.test' }),
];

const OTHER_MEDIA_TYPES = [
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json; charset=latin1',
  'application/problem+json',
  'text/plain',
  'text/csv',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/octet-stream',
  'json',
  '',
];

/** Authorization headers of a caller without a valid token. */
const BAD_AUTHORIZATIONS = [
  'Token',
  'Token ',
  'Token abc',
  'token abc',
  'Bearer abc',
  'Basic dXNlcjpwYXNz',
  `Token ${'f'.repeat(64)}`,
  `Token ${'x'.repeat(10_000)}`,
  "Token ' OR 1=1 --",
  'Token a b',
  'Token %00',
  'Token __proto__',
  'Token null',
  'Token\tabc',
];

type Entry = [string, string];

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max)}…(${text.length} characters)` : text);

/** One line per request, for fast-check's report. */
function shortly(request: FuzzRequest): string {
  const type = request.headers['content-type'];
  const body = request.payload === undefined ? '' : ` ${type ?? 'no content type'} ${JSON.stringify(clip(request.payload, 300))}`;
  const auth = request.authorization === undefined ? '' : ` Authorization ${JSON.stringify(clip(request.authorization, 40))}`;
  return `[${request.role}] ${request.method} ${clip(request.url, 600)}${auth}${body}`;
}

/**
 * How much of a request is wrong: `valid` requests keep to the document everywhere (they
 * reach the handlers and their 2xx paths); `mixed` ones put something wrong anywhere.
 */
type Mode = 'valid' | 'mixed';

/** Values of one parameter as query text: one, or several for an array (repeated keys). */
function parameterTexts(p: Parameter, ctx: ValueContext, mode: Mode): Arbitrary<string[]> {
  const schema: Schema = ctx.resolve(p.schema);
  const isArray = schema.type === 'array' || (Array.isArray(schema.type) && schema.type.includes('array'));
  const junk = fc.oneof(invalidValue(schema, ctx).map(queryText), fc.constantFrom(...NASTY_STRINGS), hugeString);
  if (isArray) {
    const items = ctx.resolve(Array.isArray(schema.items) ? schema.items[0] : schema.items);
    const validItem = validValue(items, ctx, 0, p.name).map(queryText);
    if (mode === 'valid') return fc.array(validItem, { minLength: 1, maxLength: Math.max(1, Math.min(schema.maxItems ?? 4, 4)) });
    const item = fc.oneof({ weight: 4, arbitrary: validItem }, { weight: 1, arbitrary: junk });
    const arbs: Arbitrary<string[]>[] = [fc.array(item, { minLength: 1, maxLength: 4 })];
    if (typeof schema.maxItems === 'number' && schema.maxItems < 1000) {
      arbs.push(validValue(items, ctx).map((v) => Array.from({ length: schema.maxItems + 1 }, () => queryText(v))));
    }
    return fc.oneof({ weight: 8, arbitrary: arbs[0] }, { weight: 1, arbitrary: arbs[1] ?? arbs[0] });
  }
  const valid = validValue(schema, ctx, 0, p.name).map(queryText);
  if (mode === 'valid') return valid.map((v) => [v]);
  return fc.oneof(
    { weight: 6, arbitrary: valid.map((v) => [v]) },
    { weight: 3, arbitrary: junk.map((v) => [v]) },
    // the same key twice where one value belongs
    { weight: 1, arbitrary: fc.tuple(valid, fc.oneof(valid, junk)) },
  );
}

function pathValue(op: Operation, p: Parameter, ctx: RequestContext, mode: Mode): Arbitrary<string> {
  const own = ctx.idsOf(collectionOf(op.path));
  const local = { ...ctx, ids: own.length ? own : ctx.ids };
  const usable = (s: string) => s !== '' && s !== '.' && s !== '..';
  const valid = validValue(p.schema, local, 0, p.name).map(queryText).filter(usable);
  if (mode === 'valid') return valid;
  const invalid = fc.oneof(fc.constantFrom(...PATH_JUNK), invalidValue(p.schema, ctx).map(queryText).filter(usable));
  return fc.oneof({ weight: 5, arbitrary: valid }, { weight: 2, arbitrary: invalid });
}

function queryEntries(op: Operation, ctx: ValueContext, mode: Mode): Arbitrary<Entry[]> {
  const params = op.parameters.filter((p) => p.in === 'query');
  const perParameter = params.map((p) => {
    const texts = parameterTexts(p, ctx, mode).map((list) => list.map((t): Entry => [p.name, t]));
    return p.required ? texts : fc.option(texts, { freq: 2, nil: [] as Entry[] });
  });
  if (mode === 'valid') return fc.tuple(...perParameter).map((lists) => lists.flat());
  const extraKeys = fc.oneof(
    fc.constantFrom(...DANGEROUS_KEYS, 'page[]', 'a[b]', 'ordering[]', 'search[]', '%', ''),
    fc.string({ maxLength: 8 }),
    ...(ctx.words.length ? [fc.constantFrom(...ctx.words)] : []),
  );
  const extras = fc.array(fc.tuple(extraKeys, fc.oneof(fc.constantFrom(...NASTY_STRINGS), fc.string({ maxLength: 10 }))), { maxLength: 2 });
  return fc.tuple(fc.tuple(...perParameter), extras).map(([lists, more]) => [...lists.flat(), ...(more as Entry[])]);
}

function headerEntries(op: Operation, ctx: ValueContext, mode: Mode): Arbitrary<Entry[]> {
  const params = op.parameters.filter(
    (p) => p.in === 'header' && p.name.toLowerCase() !== 'authorization' && p.name.toLowerCase() !== 'content-type',
  );
  if (params.length === 0) return fc.constant([]);
  // header values are printable ASCII on the wire (the request would not be sent otherwise)
  const printable = (s: string) => (/^[\x20-\x7e]*$/.test(s) ? s : encode(s));
  return fc
    .tuple(
      ...params.map((p) => {
        const value = (
          mode === 'valid'
            ? validValue(p.schema, ctx, 0, p.name)
            : fc.oneof(validValue(p.schema, ctx, 0, p.name), invalidValue(p.schema, ctx))
        ).map((v): Entry | undefined => [p.name, printable(queryText(v))]);
        return p.required ? value : fc.option(value, { freq: 3, nil: undefined });
      }),
    )
    .map((list) => list.filter((e): e is Entry => e !== undefined));
}

interface Body {
  payload?: string;
  contentType?: string;
  body: FuzzRequest['body'];
}

const NO_BODY: Body = { body: 'none' };
const EMPTY_JSON: Body = { payload: '', contentType: JSON_TYPE, body: 'empty-json' };

/** JSON text of a value, `undefined` (a dropped field's value) written as no text at all. */
const jsonText = (value: unknown) => JSON.stringify(value) ?? '';

function bodyOf(op: Operation, ctx: ValueContext, mode: Mode): Arbitrary<Body> {
  const raw = fc
    .constantFrom(...RAW_BODIES)
    .map((payload): Body => ({ payload, contentType: JSON_TYPE, body: payload === '' ? 'empty-json' : 'raw' }));
  if (!op.body) {
    // an operation without a body: nothing, or what clients send anyway (an empty JSON body above all)
    const weight = op.method === 'GET' || op.method === 'HEAD' ? 1 : 4;
    return fc.oneof(
      { weight: 10, arbitrary: fc.constant(NO_BODY) },
      { weight, arbitrary: fc.constant(EMPTY_JSON) },
      {
        weight: 1,
        arbitrary: fc
          .constantFrom('{}', '{"a":1}', 'null', '[]')
          .map((payload): Body => ({ payload, contentType: JSON_TYPE, body: 'json' })),
      },
      { weight: 1, arbitrary: raw },
    );
  }
  const schema = op.body.schema;
  if (!schema) {
    // a body of another media type than JSON: send it something of that type, and JSON
    return fc.oneof(
      fc
        .tuple(fc.constantFrom(...op.body.mediaTypes), fc.string({ maxLength: 50 }))
        .map(([contentType, payload]): Body => ({ payload, contentType, body: 'other-type' })),
      raw,
      fc.constant(NO_BODY),
    );
  }
  if (mode === 'valid') return validValue(schema, ctx).map((v): Body => ({ payload: jsonText(v), contentType: JSON_TYPE, body: 'json' }));
  const resolved = ctx.resolve(schema);
  const isObject = resolved.type === 'object' || Boolean(resolved.properties);
  const value = fc.oneof(
    { weight: 5, arbitrary: validValue(schema, ctx) },
    { weight: isObject ? 4 : 0, arbitrary: isObject ? mutatedObject(schema, ctx) : fc.constant({}) },
    { weight: 2, arbitrary: invalidValue(schema, ctx) },
  );
  return fc.oneof(
    { weight: 14, arbitrary: value.map((v): Body => ({ payload: jsonText(v), contentType: JSON_TYPE, body: 'json' })) },
    {
      weight: 2,
      arbitrary: fc
        .tuple(value, fc.constantFrom(...OTHER_MEDIA_TYPES))
        .map(([v, contentType]): Body => ({ payload: jsonText(v), contentType, body: 'other-type' })),
    },
    { weight: 2, arbitrary: raw },
    { weight: 1, arbitrary: fc.constantFrom(NO_BODY, EMPTY_JSON) },
  );
}

/** Every request the fuzzer may send to `op`: half of them by the document, half with something wrong. */
export function requestArbitrary(op: Operation, ctx: RequestContext): Arbitrary<FuzzRequest> {
  return fc.oneof(requestsOf(op, ctx, 'valid'), requestsOf(op, ctx, 'mixed'));
}

function requestsOf(op: Operation, ctx: RequestContext, mode: Mode): Arbitrary<FuzzRequest> {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const path = fc.tuple(...pathParams.map((p) => pathValue(op, p, ctx, mode))).map((values) => {
    const byName = new Map(pathParams.map((p, i) => [p.name, values[i]]));
    return op.path.replace(/\{([^}]+)\}/g, (_, name: string) => encode(byName.get(name) ?? '1'));
  });
  // a query that does not even parse: stray percent signs, empty pairs
  const rawQuery =
    mode === 'valid'
      ? fc.constant(undefined)
      : fc.option(fc.constantFrom('%', '%zz', '%E0%A4%A', '&&', '=', '==&=', 'a=%00', ';', '%u0041', '+', '%2B%20'), {
          freq: 12,
          nil: undefined,
        });
  const who = fc.oneof(
    {
      weight: 3,
      arbitrary: fc
        .constantFrom(...ROLES.filter((r) => r !== 'anonymous'))
        .map((role) => ({ role, authorization: undefined as string | undefined })),
    },
    {
      weight: 1,
      arbitrary: fc
        .option(fc.constantFrom(...BAD_AUTHORIZATIONS), { freq: 2, nil: undefined })
        .map((authorization) => ({ role: 'anonymous' as Role, authorization })),
    },
  );
  return fc
    .record({
      who,
      path,
      query: queryEntries(op, ctx, mode),
      rawQuery,
      headers: headerEntries(op, ctx, mode),
      body: bodyOf(op, ctx, mode),
      slash: fc.boolean(),
    })
    .map(({ who, path, query, rawQuery, headers, body, slash }) => {
      // every path answers with and without its trailing slash (CONVENTIONS "API")
      const url = slash ? (path.endsWith('/') ? path : `${path}/`) : path.endsWith('/') ? path.slice(0, -1) : path;
      const pairs = query.map(([k, v]) => `${encode(k)}=${encode(v)}`);
      if (rawQuery) pairs.push(rawQuery);
      const requestHeaders: Record<string, string> = Object.fromEntries(headers);
      if (body.contentType !== undefined) requestHeaders['content-type'] = body.contentType;
      const request: FuzzRequest = {
        role: who.role,
        authorization: who.authorization,
        method: op.method,
        url: pairs.length ? `${url}?${pairs.join('&')}` : url,
        headers: requestHeaders,
        payload: body.payload,
        body: body.body,
      };
      // fast-check prints counterexamples: a megabyte body must not end up in the report
      return Object.defineProperty(request, fc.toStringMethod, { value: () => shortly(request) });
    });
}
