// What every answer must be, whatever was asked (CONVENTIONS "API"): never a
// 5xx; a 4xx is `{"errors": ["…"]}`; a 2xx is what the document says it is.
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { LightMyRequestResponse } from 'fastify';
import { documentedResponse, type Operation, type Schema } from './openapi';
import type { FuzzRequest } from './requests';

const DOC_ID = 'openapi-document';
const isJson = (mediaType: string) => /^application\/(.+\+)?json$/i.test(mediaType);
const mediaTypeOf = (response: LightMyRequestResponse) =>
  String(response.headers['content-type'] ?? '')
    .split(';')[0]
    .trim()
    .toLowerCase();

/** `#/components/…` → a reference into the document added to ajv under DOC_ID. */
function anchorRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(anchorRefs);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string' && value.startsWith('#/') ? `${DOC_ID}${value}` : anchorRefs(value),
    ]),
  );
}

export class ResponseChecker {
  private readonly ajv: Ajv;
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(doc: Schema) {
    // OpenAPI 3.0's `nullable` is understood by ajv; unknown keywords (example, xml…) are ignored
    this.ajv = addFormats(new Ajv({ strict: false, allErrors: true }));
    this.ajv.addSchema(anchorRefs({ components: doc.components ?? {} }) as Schema, DOC_ID);
  }

  private validator(key: string, schema: Schema): ValidateFunction {
    let validate = this.validators.get(key);
    if (!validate) {
      validate = this.ajv.compile(anchorRefs(schema) as Schema);
      this.validators.set(key, validate);
    }
    return validate;
  }

  /** What is wrong with this answer (nothing: an empty list). */
  problems(op: Operation, request: FuzzRequest, response: LightMyRequestResponse): string[] {
    const status = response.statusCode;
    if (status >= 500) return [`a ${status}: nothing a client sends may answer a server error`];
    if (status >= 400) return [...errorBodyProblems(response), ...emptyBodyProblems(op, request, response)];
    if (status >= 200 && status < 300) return this.successProblems(op, response);
    return [];
  }

  private successProblems(op: Operation, response: LightMyRequestResponse): string[] {
    const status = response.statusCode;
    const type = mediaTypeOf(response);
    const documented = documentedResponse(op, status);
    if (!documented) {
      // a download the operation describes only by its media type (GET /profiles/export's CSV)
      if (type && !isJson(type) && op.mediaTypes.has(type)) return [];
      return [`answered ${status} (${type || 'no content type'}), which the document does not list for this operation`];
    }
    const mediaTypes = Object.keys(documented.content);
    if (mediaTypes.length === 0 || status === 204) {
      return response.rawPayload.length === 0 ? [] : [`answered a body to a ${status} the document describes without one`];
    }
    const jsonType = mediaTypes.find(isJson);
    if (!jsonType || !isJson(type)) {
      return mediaTypes.includes(type) ? [] : [`answered ${type || 'no content type'}; the document says ${mediaTypes.join(' or ')}`];
    }
    let body: unknown;
    try {
      body = JSON.parse(response.body);
    } catch {
      return [`answered ${status} with a body that is not JSON`];
    }
    const schema = documented.content[jsonType];
    if (!schema) return [];
    const validate = this.validator(`${op.id} ${status} ${jsonType}`, schema);
    if (validate(body)) return [];
    const details = (validate.errors ?? [])
      .slice(0, 5)
      .map((e) => `${e.instancePath || '/'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`);
    return [`the ${status} body does not match the documented schema: ${details.join('; ')}`];
  }
}

/** `{"errors": ["…", …]}` with non-empty strings; `fields` (optional) maps names to lists of strings. */
export function errorBodyProblems(response: LightMyRequestResponse): string[] {
  const problems: string[] = [];
  const status = response.statusCode;
  if (!isJson(mediaTypeOf(response))) problems.push(`a ${status} answered ${mediaTypeOf(response) || 'no content type'}, not JSON`);
  let body: any;
  try {
    body = JSON.parse(response.body);
  } catch {
    return [...problems, `a ${status} whose body is not JSON`];
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return [...problems, `a ${status} whose body is not an object`];
  const errors = body.errors;
  if (!Array.isArray(errors) || errors.length === 0) problems.push(`a ${status} without a non-empty "errors" list`);
  else if (!errors.every((m: unknown) => typeof m === 'string' && m.length > 0))
    problems.push(`a ${status} whose "errors" are not all non-empty strings`);
  if ('fields' in body) {
    const fields = body.fields;
    const ok =
      fields &&
      typeof fields === 'object' &&
      !Array.isArray(fields) &&
      Object.values(fields).every((list) => Array.isArray(list) && list.every((m) => typeof m === 'string'));
    if (!ok) problems.push(`a ${status} whose "fields" is not an object of string lists`);
  }
  if (status === 429 && !response.headers['retry-after']) problems.push('a 429 without Retry-After');
  return problems;
}

function decodablePath(url: string): boolean {
  try {
    decodeURIComponent(url.split('?')[0]);
    return true;
  } catch {
    return false;
  }
}

/**
 * An operation that takes no body must take an empty one with a JSON content type as no
 * body at all (react-admin sends the header on every write): it may still refuse one of
 * the request's parameters (a 400 naming fields), but not the body.
 */
function emptyBodyProblems(op: Operation, request: FuzzRequest, response: LightMyRequestResponse): string[] {
  if (op.body || request.body !== 'empty-json') return [];
  if (response.statusCode !== 400 && response.statusCode !== 415) return [];
  // a path that is not percent-encoded UTF-8 is refused by the router before the body is read
  if (!decodablePath(request.url)) return [];
  let fields: Record<string, unknown> = {};
  try {
    fields = JSON.parse(response.body).fields ?? {};
  } catch {
    // the shape is errorBodyProblems' business
  }
  // a 400 naming fields is about the parameters sent; the body was empty
  if (fields && typeof fields === 'object' && Object.keys(fields).length > 0) return [];
  return [
    `refused an empty body with Content-Type: application/json (${response.statusCode}), though the operation takes no body: an empty body is no body`,
  ];
}
