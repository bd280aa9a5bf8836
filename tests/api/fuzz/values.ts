// Values from JSON schemas: ones the schema accepts (so that requests reach the
// handlers and their 2xx paths) and ones it should refuse (wrong types, out of
// range, too long, missing and extra fields), both salted with the strings that
// break things: empty, huge, NUL-bearing, unicode, SQL and LIKE metacharacters,
// prototype keys.
import { fc } from '@fast-check/vitest';
import type { Arbitrary } from 'fast-check';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { Resolve, Schema } from './openapi';

export interface ValueContext {
  resolve: Resolve;
  /** ids of rows that exist, in any table */
  ids: number[];
  /** strings worth trying where any string goes: the document's property names, the users' e-mails, their password */
  words: string[];
  /** e-mail addresses of existing users */
  emails: string[];
  /** passwords of existing users */
  passwords: string[];
}

const MAX_SAFE = Number.MAX_SAFE_INTEGER;
const INT32_MAX = 2 ** 31 - 1;

/** Strings that have broken web applications before. */
export const NASTY_STRINGS: readonly string[] = [
  '',
  ' ',
  '   ',
  '\t\n',
  '\r\n',
  '\u0000',
  'a\u0000b',
  '%00',
  "'",
  "''",
  "' OR '1'='1",
  "'; DROP TABLE app_user; --",
  '") OR 1=1 --',
  '1; SELECT pg_sleep(0)',
  '$$',
  "E'\\x00'",
  '\\',
  "\\'",
  '\\\\',
  '%',
  '_',
  '%%',
  '%_%',
  '\\%',
  '\\_',
  'a%b_c',
  '*',
  '[a-z]',
  '[^]',
  '.*',
  '(?:',
  '$1',
  '~*',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
  '__defineGetter__',
  'isPrototypeOf',
  '-__proto__',
  '__proto__,constructor',
  '-constructor,-toString',
  'id,-__proto__',
  ',',
  ',,-,',
  '-',
  '--',
  'null',
  'undefined',
  'true',
  'false',
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '1e309',
  '1e-309',
  '0x10',
  '0b1',
  '0o7',
  ' 1 ',
  '1,2',
  '1.5',
  '-1',
  '0',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '99999999999999999999',
  '١٢٣',
  'Zürich',
  'José Müller',
  'ǅungla',
  'İstanbul',
  'ß',
  'ﬀ',
  'Ω≈ç√∫',
  '𝕏𝔂𝔃',
  '👩‍💻🚀',
  'e\u0301',
  '\u202Eevil',
  '\uFEFFbom',
  '\u200B',
  '\uD800',
  '\uDFFF',
  'a\uDBFFb',
  '<script>alert(1)</script>',
  '{{7*7}}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe: the literal text is the point
  '${7*7}',
  '../../etc/passwd',
  'a\r\nX-Injected: 1',
  'http://[::1]:0/',
  'mailto:a@b',
  '?a=b&c=d',
  '#x',
];

/** Long strings: around every limit a column or a schema may have. */
const HUGE_LENGTHS = [256, 1001, 4001, 10_001, 100_000];
export const hugeString: Arbitrary<string> = fc
  .tuple(fc.constantFrom(...HUGE_LENGTHS), fc.constantFrom('x', 'ü', '%', '\\', "'", '𝕏', ' '))
  .map(([length, unit]) => unit.repeat(length));

/** Keys a body or a query should never be able to use against the server. */
export const DANGEROUS_KEYS: readonly string[] = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
  '',
  ' ',
  '\u0000',
  'id',
  'owner_id',
  'user_id',
  'is_staff',
  'is_superuser',
  'is_active',
  'password_hash',
  'token',
  'created_at',
  '$where',
  'a.b',
  'a[b]',
  'ü',
];

/** Values of the wrong JSON type for almost any field. */
const WRONG_TYPES: readonly unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  1e308,
  -1e308,
  2 ** 53 + 2,
  '',
  'abc',
  '1',
  [],
  [1, 2],
  {},
  { a: 1 },
  [null],
];

const lengthOf = (s: string) => [...s].length;

const formatAjv = addFormats(new Ajv({ strict: false, allErrors: false }));
const stringCheckers = new WeakMap<Schema, ValidateFunction>();

/** Whether a string satisfies a string schema (length in code points, pattern, format), as the server's ajv decides. */
function stringFits(schema: Schema, value: string): boolean {
  let check = stringCheckers.get(schema);
  if (!check) {
    const { nullable: _nullable, default: _default, enum: values, ...rest } = schema;
    check = formatAjv.compile({ ...rest, type: 'string', ...(values ? { enum: values } : {}) });
    stringCheckers.set(schema, check);
  }
  return check(value);
}

/** Integers in [lo, hi], beyond the 32 bits fc.integer covers. */
function intIn(lo: number, hi: number): Arbitrary<number> {
  if (lo > hi) return fc.constant(lo);
  if (lo >= -INT32_MAX - 1 && hi <= INT32_MAX) return fc.integer({ min: lo, max: hi });
  return fc.bigInt({ min: BigInt(lo), max: BigInt(hi) }).map(Number);
}

function typesOf(schema: Schema): string[] {
  const types: string[] = Array.isArray(schema.type) ? [...schema.type] : schema.type ? [schema.type] : [];
  if (schema.nullable === true && !types.includes('null')) types.push('null');
  return types;
}

function bounds(schema: Schema, integer: boolean): { lo: number; hi: number } {
  let lo = typeof schema.minimum === 'number' ? schema.minimum : -Infinity;
  let hi = typeof schema.maximum === 'number' ? schema.maximum : Infinity;
  // OpenAPI 3.0 writes exclusive bounds as booleans, 3.1 (and ajv) as numbers
  if (typeof schema.exclusiveMinimum === 'number') lo = Math.max(lo, schema.exclusiveMinimum + (integer ? 1 : Number.EPSILON * 16));
  else if (schema.exclusiveMinimum === true) lo += integer ? 1 : 1e-9;
  if (typeof schema.exclusiveMaximum === 'number') hi = Math.min(hi, schema.exclusiveMaximum - (integer ? 1 : Number.EPSILON * 16));
  else if (schema.exclusiveMaximum === true) hi -= integer ? 1 : 1e-9;
  if (integer) {
    lo = Math.ceil(lo);
    hi = Math.floor(hi);
  }
  return { lo, hi };
}

/** Makes a candidate fit the schema's lengths and pattern; a known fitting value when it cannot. */
function fitter(schema: Schema, fallbacks: string[]): (value: string) => string {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Infinity;
  const fallback = fallbacks.find((s) => stringFits(schema, s));
  return (value) => {
    let s = lengthOf(value) > max ? [...value].slice(0, max).join('') : value;
    if (lengthOf(s) < min) s += 'x'.repeat(min - lengthOf(s));
    if (stringFits(schema, s)) return s;
    return fallback ?? s;
  };
}

function validString(schema: Schema, ctx: ValueContext, name?: string): Arbitrary<string> {
  const max = Math.min(schema.maxLength ?? 40, 40);
  const plain = [
    fc.string({ maxLength: max }),
    fc.string({ unit: 'grapheme', maxLength: Math.min(max, 12) }),
    fc.string({ unit: 'binary', maxLength: Math.min(max, 12) }),
    fc.lorem({ maxCount: 3 }),
    fc.constantFrom(...NASTY_STRINGS),
  ];
  if (ctx.words.length) plain.push(fc.constantFrom(...ctx.words));
  if (ctx.words.length) {
    // sort orders and filters: "-name,created_at"
    plain.push(
      fc
        .array(fc.tuple(fc.boolean(), fc.constantFrom(...ctx.words, '__proto__', 'constructor', 'toString')), {
          minLength: 1,
          maxLength: 3,
        })
        .map((parts) => parts.map(([down, word]) => `${down ? '-' : ''}${word}`).join(',')),
    );
  }
  let candidates: Arbitrary<string>[];
  switch (schema.format) {
    case 'email':
      candidates = [fc.emailAddress(), ...(ctx.emails.length ? [fc.constantFrom(...ctx.emails)] : [])];
      candidates.push(...(ctx.emails.length ? [fc.constantFrom(...ctx.emails).map((e) => e.toUpperCase())] : []));
      break;
    case 'date-time':
      candidates = [
        fc
          .date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })
          .map((d) => d.toISOString()),
      ];
      break;
    case 'date':
      candidates = [
        fc
          .date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })
          .map((d) => d.toISOString().slice(0, 10)),
      ];
      break;
    case 'uri':
    case 'url':
      candidates = [fc.webUrl()];
      break;
    case 'uuid':
      candidates = [fc.uuid()];
      break;
    default:
      candidates = schema.pattern && !/^\\S$/.test(schema.pattern) ? [fc.stringMatching(new RegExp(schema.pattern, 'u')), ...plain] : plain;
  }
  const fallbacks = [
    'x',
    'abc',
    'Profile',
    'a@example.test',
    '2026-01-01T00:00:00.000Z',
    '2026-01-01',
    'https://example.test/',
    '1',
    'x'.repeat(schema.minLength ?? 1),
  ];
  const fit = fitter(schema, fallbacks);
  // a field named like an e-mail or a password gets the users' own more often than not: sign-in must succeed now and then
  const hinted: string[] = [];
  if (name && /e-?mail/i.test(name)) hinted.push(...ctx.emails);
  if (name && /password/i.test(name)) hinted.push(...ctx.passwords);
  const general = fc.oneof(...candidates).map(fit);
  return hinted.length
    ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...hinted).map(fit) }, { weight: 2, arbitrary: general })
    : general;
}

function validInteger(schema: Schema, ctx: ValueContext): Arbitrary<number> {
  const { lo, hi } = bounds(schema, true);
  const inside = (n: number) => n >= lo && n <= hi;
  const from = Math.max(lo, -MAX_SAFE);
  const to = Math.min(hi, MAX_SAFE);
  const options: Arbitrary<number>[] = [
    intIn(Math.max(from, Number.isFinite(lo) ? lo : -20), Math.min(to, Number.isFinite(lo) ? lo + 30 : 30)),
    intIn(from, to),
  ];
  const edges = [lo, hi, lo + 1, hi - 1, 0, 1, 10, 100, INT32_MAX, MAX_SAFE].filter((n) => Number.isFinite(n) && inside(n));
  if (edges.length) options.push(fc.constantFrom(...edges));
  const ids = ctx.ids.filter(inside);
  // ids of rows that exist: twice as likely, so that writes find their targets
  if (ids.length) options.push(fc.constantFrom(...ids), fc.constantFrom(...ids));
  let arb = fc.oneof(...options);
  if (typeof schema.multipleOf === 'number') {
    const step = schema.multipleOf;
    arb = arb.map((n) => Math.round(n / step) * step).filter(inside);
  }
  return arb;
}

function validNumber(schema: Schema, ctx: ValueContext): Arbitrary<number> {
  const { lo, hi } = bounds(schema, false);
  const inside = (n: number) => n >= lo && n <= hi;
  const options: Arbitrary<number>[] = [
    fc
      .double({ min: Math.max(lo, -1e12), max: Math.min(hi, 1e12), noNaN: true, noDefaultInfinity: true })
      .map((n) => (Object.is(n, -0) ? 0 : n)),
    // two decimals, as ratings and money are written
    intIn(Math.ceil(Math.max(lo, -1e10) * 100), Math.floor(Math.min(hi, 1e10) * 100)).map((n) => n / 100),
  ];
  const edges = [lo, hi, 0, 0.01, 0.5, 1, 9.99].filter((n) => Number.isFinite(n) && inside(n));
  if (edges.length) options.push(fc.constantFrom(...edges));
  let arb = fc.oneof(...options).filter(inside);
  if (typeof schema.multipleOf === 'number') {
    const step = schema.multipleOf;
    arb = arb.map((n) => Number((Math.round(n / step) * step).toFixed(10))).filter(inside);
  }
  void ctx;
  return arb;
}

function mergeAllOf(schema: Schema, ctx: ValueContext): Schema {
  if (!Array.isArray(schema.allOf)) return schema;
  const { allOf, ...rest } = schema;
  const merged: Schema = { ...rest };
  for (const part of allOf.map((p: Schema) => mergeAllOf(ctx.resolve(p), ctx))) {
    for (const [key, value] of Object.entries(part)) {
      if (key === 'properties') merged.properties = { ...merged.properties, ...(value as object) };
      else if (key === 'required') merged.required = [...new Set([...(merged.required ?? []), ...(value as string[])])];
      else merged[key] ??= value;
    }
  }
  return merged;
}

/** A value the schema accepts (nearly always: formats and patterns are best effort). */
export function validValue(raw: Schema | undefined, ctx: ValueContext, depth = 0, name?: string): Arbitrary<unknown> {
  const schema = mergeAllOf(ctx.resolve(raw), ctx);
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum) && schema.enum.length) return fc.constantFrom(...schema.enum);
  const branches: Schema[] | undefined = schema.oneOf ?? schema.anyOf;
  if (Array.isArray(branches) && branches.length) {
    const { oneOf: _o, anyOf: _a, ...rest } = schema;
    return fc.oneof(...branches.map((b) => validValue({ ...rest, ...ctx.resolve(b) }, ctx, depth, name)));
  }
  const types = typesOf(schema);
  const nonNull = types.filter((t) => t !== 'null');
  const byType = (type: string): Arbitrary<unknown> => {
    switch (type) {
      case 'string':
        return validString(schema, ctx, name);
      case 'integer':
        return validInteger(schema, ctx);
      case 'number':
        return validNumber(schema, ctx);
      case 'boolean':
        return fc.boolean();
      case 'array':
        return validArray(schema, ctx, depth);
      case 'object':
        return validObject(schema, ctx, depth);
      default:
        return fc.constant(null);
    }
  };
  if (nonNull.length === 0) {
    if (types.includes('null')) return fc.constant(null);
    if (schema.properties) return validObject(schema, ctx, depth);
    if (schema.items) return validArray(schema, ctx, depth);
    return depth > 3 ? fc.constant(null) : fc.jsonValue({ maxDepth: 2 });
  }
  const arb = fc.oneof(...nonNull.map(byType));
  return types.includes('null') ? fc.oneof({ weight: 4, arbitrary: arb }, { weight: 1, arbitrary: fc.constant(null) }) : arb;
}

function validArray(schema: Schema, ctx: ValueContext, depth: number): Arbitrary<unknown[]> {
  const minLength = schema.minItems ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxItems ?? 5, depth > 2 ? minLength : 5));
  const items = validValue(Array.isArray(schema.items) ? schema.items[0] : schema.items, ctx, depth + 1);
  const arb = fc.array(items, { minLength, maxLength });
  return schema.uniqueItems
    ? arb.map((list) => [...new Map(list.map((v) => [JSON.stringify(v), v])).values()]).filter((l) => l.length >= minLength)
    : arb;
}

function validObject(schema: Schema, ctx: ValueContext, depth: number): Arbitrary<Record<string, unknown>> {
  const properties: Record<string, Schema> = schema.properties ?? {};
  const required: string[] = schema.required ?? [];
  const model: Record<string, Arbitrary<unknown>> = {};
  for (const key of new Set([...Object.keys(properties), ...required])) model[key] = validValue(properties[key], ctx, depth + 1, key);
  const record = fc.record(model, { requiredKeys: required.filter((k) => k in model) });
  const extra = schema.additionalProperties;
  if (extra && typeof extra === 'object' && depth < 3) {
    return fc
      .tuple(record, fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), validValue(extra, ctx, depth + 1), { maxKeys: 3 }))
      .map(([known, more]) => ({ ...more, ...known }));
  }
  return record;
}

/** Sets a key as an own, enumerable property, `__proto__` included (JSON.stringify then writes it). */
export function setOwn(target: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  return target;
}

/** Something to put under a dangerous key: the objects prototype pollution hopes for. */
const pollution: Arbitrary<unknown> = fc.oneof(
  fc.constant({ is_staff: true, polluted: 1 }),
  fc.constant({ prototype: { is_staff: true } }),
  fc.jsonValue({ maxDepth: 1 }),
);

/** A value the schema should refuse (or at least one that tries hard). */
export function invalidValue(raw: Schema | undefined, ctx: ValueContext, depth = 0): Arbitrary<unknown> {
  const schema = mergeAllOf(ctx.resolve(raw), ctx);
  const types = typesOf(schema);
  const options: Arbitrary<unknown>[] = [fc.constantFrom(...WRONG_TYPES)];
  if (types.includes('string') || types.length === 0) {
    options.push(fc.constantFrom(...NASTY_STRINGS), hugeString);
    if (typeof schema.maxLength === 'number')
      options.push(fc.constant('x'.repeat(schema.maxLength + 1)), fc.constant('ü'.repeat(schema.maxLength + 1)));
    if (typeof schema.minLength === 'number' && schema.minLength > 0) options.push(fc.constant('x'.repeat(schema.minLength - 1)));
    if (schema.format === 'email')
      options.push(
        fc.constantFrom(
          'not-an-email',
          'a@',
          '@b.test',
          'a@b',
          'a b@c.test',
          'a@@b.test',
          '"a"@b.test',
          'ü@ü.test',
          `${'a'.repeat(250)}@example.test`,
        ),
      );
    if (schema.format === 'date-time' || schema.format === 'date')
      options.push(
        fc.constantFrom('2026-13-45T99:99:99Z', 'yesterday', '2026-01-01', '2026-02-30T00:00:00Z', '0000-00-00T00:00:00Z', '1e12'),
      );
  }
  if (Array.isArray(schema.enum) && schema.enum.length) {
    options.push(
      fc.constantFrom(
        ...schema.enum.map((v: unknown) => (typeof v === 'string' ? `${v.toLowerCase()}_` : `${String(v)}x`)),
        'NotInTheList',
        '',
      ),
    );
  }
  if (types.includes('integer') || types.includes('number')) {
    const { lo, hi } = bounds(schema, types.includes('integer') && !types.includes('number'));
    const numbers = [
      lo - 1,
      hi + 1,
      lo - 0.5,
      1.5,
      0.001,
      1.005,
      -1,
      0,
      -0,
      INT32_MAX + 1,
      -INT32_MAX - 2,
      2 ** 53,
      2 ** 53 + 2,
      1e20,
      1e308,
      -1e308,
      5e-324,
    ].filter((n) => Number.isFinite(n));
    options.push(fc.constantFrom(...numbers), fc.constantFrom('1', '1.5', '1e3', 'NaN', ''));
  }
  if (types.includes('boolean')) options.push(fc.constantFrom('true', 'false', 0, 1, 'yes', 'on'));
  if (types.includes('array') && depth < 3) {
    const items = Array.isArray(schema.items) ? schema.items[0] : schema.items;
    options.push(
      fc.array(invalidValue(items, ctx, depth + 1), { minLength: 1, maxLength: 3 }),
      fc.constant([[1]]),
      invalidValue(items, ctx, depth + 1),
    );
    if (typeof schema.maxItems === 'number') {
      options.push(validValue(items, ctx, depth + 1).map((v) => Array.from({ length: schema.maxItems + 1 }, () => v)));
    }
  }
  if ((types.includes('object') || schema.properties) && depth < 3) options.push(mutatedObject(schema, ctx, depth));
  return fc.oneof(...options);
}

type Mutation =
  | { kind: 'drop'; key: string }
  | { kind: 'set'; key: string; value: unknown }
  | { kind: 'extra'; key: string; value: unknown };

/** A valid object with one to three things wrong: a required field missing, a field of the wrong kind, a field too many. */
export function mutatedObject(raw: Schema, ctx: ValueContext, depth = 0): Arbitrary<unknown> {
  const schema = mergeAllOf(ctx.resolve(raw), ctx);
  const properties: Record<string, Schema> = schema.properties ?? {};
  const required: string[] = (schema.required ?? []).filter((k: string) => k in properties);
  const mutations: Arbitrary<Mutation>[] = [
    fc
      .tuple(
        fc.oneof(
          fc.constantFrom(...DANGEROUS_KEYS),
          fc.string({ maxLength: 10 }),
          ...(ctx.words.length ? [fc.constantFrom(...ctx.words)] : []),
        ),
        pollution,
      )
      .map(([key, value]) => ({ kind: 'extra', key, value })),
  ];
  if (required.length) mutations.push(fc.constantFrom(...required).map((key) => ({ kind: 'drop', key })));
  for (const [key, property] of Object.entries(properties)) {
    mutations.push(invalidValue(property, ctx, depth + 1).map((value) => ({ kind: 'set', key, value })));
  }
  return fc.tuple(validObject(schema, ctx, depth), fc.array(fc.oneof(...mutations), { minLength: 1, maxLength: 3 })).map(([base, list]) => {
    const result: Record<string, unknown> = { ...base };
    for (const m of list) {
      if (m.kind === 'drop') delete result[m.key];
      else setOwn(result, m.key, m.value);
    }
    return result;
  });
}

/** The value as a query string writes it. */
export function queryText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  if (value === null || value === undefined) return '';
  return JSON.stringify(value);
}

/**
 * encodeURIComponent that also sends lone surrogates (as the bytes WTF-8 gives
 * them, which are not UTF-8: the server must cope) instead of throwing.
 */
export function encode(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length && text.charCodeAt(i + 1) >= 0xdc00 && text.charCodeAt(i + 1) <= 0xdfff) {
      out += encodeURIComponent(text.slice(i, i + 2));
      i += 1;
    } else if (code >= 0xd800 && code <= 0xdfff) {
      out += `%${(0xe0 | (code >> 12)).toString(16).toUpperCase()}%${(0x80 | ((code >> 6) & 0x3f)).toString(16).toUpperCase()}%${(0x80 | (code & 0x3f)).toString(16).toUpperCase()}`;
    } else out += encodeURIComponent(text[i]);
  }
  return out;
}
