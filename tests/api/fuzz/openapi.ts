// The OpenAPI document as the fuzzer reads it: every operation with its
// parameters, its JSON body schema and its documented answers. Nothing here
// knows about a particular route: a new operation in the document is a new
// operation to fuzz.

/** A JSON schema as @fastify/swagger writes it (OpenAPI 3.0: `nullable`, local `$ref`s). */
export type Schema = Record<string, any>;

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  schema: Schema;
}

export interface ResponseDoc {
  /** media type → schema (undefined: documented without a schema) */
  content: Record<string, Schema | undefined>;
}

export interface Operation {
  /** "GET /api/v1/users/{id}" */
  id: string;
  method: string;
  /** the templated path, `{name}` for path parameters */
  path: string;
  parameters: Parameter[];
  /** the request body; `schema` is the application/json one, when there is one */
  body?: { required: boolean; mediaTypes: string[]; schema?: Schema };
  /** status code (or "default", "2XX") → what it answers */
  responses: Record<string, ResponseDoc>;
  /** needs `Authorization: Token …` by the document (operation-level security, else the document's) */
  secured: boolean;
  /** media types the operation documents anywhere (request or answers) */
  mediaTypes: Set<string>;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

/** A local JSON pointer (`#/components/schemas/User`) into the document. */
function pointer(doc: Schema, ref: string): Schema {
  if (!ref.startsWith('#/')) throw new Error(`only local $refs are supported, got ${ref}`);
  let node: any = doc;
  for (const raw of ref.slice(2).split('/')) {
    const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    node = node?.[key];
    if (node === undefined) throw new Error(`unresolvable $ref ${ref}`);
  }
  return node;
}

/**
 * Follows `$ref`s at the top of a schema (siblings of a `$ref` win over the target, as
 * in OpenAPI 3.1). Nested `$ref`s stay: the generators resolve as they descend, so a
 * recursive schema is no problem.
 */
export function resolver(doc: Schema) {
  return function resolve(schema: Schema | undefined): Schema {
    let current: Schema = schema ?? {};
    for (let hops = 0; typeof current.$ref === 'string'; hops += 1) {
      if (hops > 32) throw new Error(`$ref cycle at ${current.$ref}`);
      const { $ref, ...siblings } = current;
      current = { ...pointer(doc, $ref), ...siblings };
    }
    return current;
  };
}

export type Resolve = ReturnType<typeof resolver>;

/** Every operation of the document, in its order. */
export function operationsOf(doc: Schema): Operation[] {
  const resolve = resolver(doc);
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries<Schema>(doc.paths ?? {})) {
    const shared: Schema[] = item.parameters ?? [];
    for (const method of METHODS) {
      const op: Schema | undefined = item[method];
      if (!op) continue;
      const byKey = new Map<string, Parameter>();
      for (const raw of [...shared, ...(op.parameters ?? [])]) {
        const p = resolve(raw);
        byKey.set(`${p.in}:${p.name}`, {
          name: p.name,
          in: p.in,
          required: Boolean(p.required) || p.in === 'path',
          schema: p.schema ?? {},
        });
      }
      const mediaTypes = new Set<string>();
      let body: Operation['body'];
      if (op.requestBody) {
        const requestBody = resolve(op.requestBody);
        const content: Record<string, Schema> = requestBody.content ?? {};
        for (const type of Object.keys(content)) mediaTypes.add(type);
        const json = Object.keys(content).find((type) => /^application\/(.+\+)?json/.test(type));
        body = {
          required: Boolean(requestBody.required),
          mediaTypes: Object.keys(content),
          schema: json ? (content[json].schema ?? {}) : undefined,
        };
      }
      const responses: Record<string, ResponseDoc> = {};
      for (const [status, raw] of Object.entries<Schema>(op.responses ?? {})) {
        const response = resolve(raw);
        const content: Record<string, Schema | undefined> = {};
        for (const [type, media] of Object.entries<Schema>(response.content ?? {})) {
          content[type] = media.schema;
          mediaTypes.add(type);
        }
        responses[status] = { content };
      }
      for (const type of op.produces ?? []) mediaTypes.add(type);
      const security: unknown[] = op.security ?? doc.security ?? [];
      operations.push({
        id: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        parameters: [...byKey.values()],
        body,
        responses,
        secured: security.length > 0 && !security.some((s) => Object.keys(s as object).length === 0),
        mediaTypes,
      });
    }
  }
  return operations;
}

/** The documented answer for a status: exact code, then "4XX"-style ranges, then "default". */
export function documentedResponse(op: Operation, status: number): ResponseDoc | undefined {
  return (
    op.responses[String(status)] ?? op.responses[`${String(status)[0]}XX`] ?? op.responses[`${String(status)[0]}xx`] ?? op.responses.default
  );
}

/**
 * Where list operations keep their rows: `/api/v1/profiles/{id}/connections` and
 * `/api/v1/profiles/{id}` both name rows of `/api/v1/profiles`.
 */
export function collectionOf(path: string): string {
  const cut = path.indexOf('{');
  return (cut < 0 ? path : path.slice(0, cut)).replace(/\/+$/, '');
}

/** Every property name the document's schemas mention: the words sort orders and filters are made of. */
export function propertyNames(doc: Schema): string[] {
  const names = new Set<string>();
  const seen = new Set<object>();
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    const record = node as Schema;
    if (record.properties && typeof record.properties === 'object') for (const key of Object.keys(record.properties)) names.add(key);
    if (typeof record.name === 'string' && typeof record.in === 'string') names.add(record.name);
    for (const value of Object.values(record)) walk(value);
  };
  walk(doc.paths);
  walk(doc.components);
  return [...names].sort();
}
