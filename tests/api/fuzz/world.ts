// The API the fuzzer talks to: the harness's database and users, a small world
// in which every role owns things and cannot see others' (private data sources,
// other users' lists and searches), the four callers, and a fingerprint of the
// application tables to prove that a refused write changed nothing.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { buildApp } from '../../../server/app';
import { issueToken } from '../../../server/accounts/tokens';
import { hashSecret } from '../../../server/accounts/secrets';
import type { Database } from '../../../server/db/schema';
import { startTestApi, type TestApi } from '../harness';
import { buildProfileWorld } from '../fixtures/profiles';
import { ResponseChecker } from './check';
import { collectionOf, operationsOf, propertyNames, resolver, type Operation, type Schema } from './openapi';
import type { FuzzRequest, RequestContext, Role } from './requests';

type SignedIn = Exclude<Role, 'anonymous'>;
interface Caller {
  id: number;
  email: string;
  token: string;
  /** the flags that make the role */
  flags: { is_staff: boolean; is_crowdsourcing: boolean };
}

/**
 * Columns a request may change without changing anything: every authenticated request
 * slides its token's expiry and stamps its use (at most once a minute, server/accounts/tokens.ts),
 * refused or not. The rest of auth_token (a revocation, a new token) counts.
 * Throttle counts (in memory on PGlite, in the `throttle` table on PostgreSQL) change with every
 * counted attempt, refused or not: that table is left out whole. pg-boss keeps its jobs in a schema of its own.
 */
const VOLATILE_COLUMNS: Record<string, string[]> = {
  auth_token: ['last_used_at', 'expires_at'],
  throttle: ['key', 'hits', 'refused', 'expires_at'],
};

export interface OperationStats {
  requests: number;
  statuses: Record<string, number>;
}

export interface FuzzWorld {
  app: FastifyInstance;
  db: Kysely<Database>;
  doc: Schema;
  operations: Operation[];
  context: RequestContext;
  stats: Map<string, OperationStats>;
  /** per application table, its row count and an md5 of its rows (volatile columns left out) */
  fingerprint(): Promise<Map<string, string>>;
  /** sends one request and answers what is wrong with what happened (an empty list: nothing) */
  exercise(op: Operation, request: FuzzRequest): Promise<{ response: LightMyRequestResponse; problems: string[] }>;
  /** the request as a line to paste in a terminal, and the answer, for failure messages */
  describe(request: FuzzRequest, response?: LightMyRequestResponse): string;
  close(): Promise<void>;
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Per application table: row count and an md5 of its rows (volatile columns left out), in one query. */
async function fingerprinter(db: Kysely<Database>): Promise<() => Promise<Map<string, string>>> {
  const columns = await sql<{ table_name: string; column_name: string }>`
    SELECT c.table_name, c.column_name
    FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE'
    ORDER BY c.table_name, c.ordinal_position`.execute(db);
  const byTable = new Map<string, string[]>();
  for (const { table_name, column_name } of columns.rows) {
    if (VOLATILE_COLUMNS[table_name]?.includes(column_name)) continue;
    byTable.set(table_name, [...(byTable.get(table_name) ?? []), column_name]);
  }
  const query = [...byTable]
    .map(
      ([table, cols]) =>
        `SELECT '${table.replace(/'/g, "''")}' AS name, count(*)::int AS n, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS h ` +
        `FROM (SELECT ${cols.map(quote).join(', ')} FROM ${quote(table)}) x`,
    )
    .join(' UNION ALL ');
  return async () => {
    const result = await sql<{ name: string; n: number; h: string }>`${sql.raw(query)}`.execute(db);
    return new Map(result.rows.map((r) => [r.name, `${r.n}:${r.h}`]));
  };
}

/** A few things of everyone's: lists, searches, ratings and comments, visible to some roles and not to others. */
async function seedOwnedThings(db: Kysely<Database>, owners: Record<string, number>, profileIds: number[]): Promise<void> {
  for (const [key, ownerId] of Object.entries(owners)) {
    for (const [n, name] of [`${key}'s shortlist`, `${key} 100% _private_`].entries()) {
      const list = await db.insertInto('profile_list').values({ name, owner_id: ownerId }).returning('id').executeTakeFirstOrThrow();
      const members = profileIds.filter((_, i) => (i + n + key.length) % 3 === 0);
      if (members.length)
        await db
          .insertInto('profile_list_profile')
          .values(members.map((profile_id) => ({ profile_list_id: list.id, profile_id })))
          .execute();
      await db
        .insertInto('saved_search')
        .values({
          name: `${name} search`,
          url: `search=${encodeURIComponent(key)}&ordering=-created_at`,
          entity: 'Profile',
          owner_id: ownerId,
        })
        .execute();
      // a rule over the list, and a notification it raised for its owner (the engine is not run here)
      const rule = await db
        .insertInto('rule')
        .values({
          name: `${name} rule`,
          notification_type: n === 0 ? 'Email' : 'Slack',
          priority: n === 0 ? 'High' : 'Low',
          model_name: 'Profile',
          attribute: 'location',
          operator: n === 0 ? 'changed' : 'contains',
          value: n === 0 ? '*' : 'Berlin',
          owner_id: ownerId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db.insertInto('rule_profile_list').values({ rule_id: rule.id, profile_list_id: list.id }).execute();
      await db
        .insertInto('notification')
        .values({
          body: `${key}'s person moved to "Berlin" 100% _now_`,
          subject: 'A person moved',
          notification_status: n === 0 ? 'SENT' : 'FAILED',
          notification_type: 'Email',
          priority: 'High',
          recipient: `${key}@fuzz.test`,
          recipient_id: ownerId,
          rule_id: rule.id,
          rule_owner_id: ownerId,
          profile_id: profileIds[n] ?? null,
        })
        .execute();
    }
    const rated = profileIds.filter((_, i) => (i + key.length) % 4 === 0);
    if (rated.length) {
      await db
        .insertInto('profile_user_rating')
        .values(rated.map((profile_id, i) => ({ profile_id, user_id: ownerId, rating: (i * 1.25) % 10 })))
        .execute();
      await db
        .insertInto('profile_comment')
        .values(rated.map((profile_id) => ({ profile_id, user_id: ownerId, comment: `${key} thinks "so" 50% _maybe_` })))
        .execute();
    }
  }
}

export async function startFuzzWorld(): Promise<FuzzWorld> {
  const api: TestApi = await startTestApi();
  // The same app without background workers: a default-entities job run between two
  // fingerprints would look like a refused request's change (the queue itself still
  // takes jobs, in its own schema). Same config, same database.
  await api.app.close();
  const app = await buildApp({ config: api.config, handle: api.handle, workers: false, logger: false });
  await app.ready();
  const db = api.handle.db;

  const world = await buildProfileWorld(api);
  const scout = await api.user({ is_crowdsourcing: true, email: 'scout@fuzz.test', first_name: 'Scout', last_name: "O'Hara" });
  await api.user({ is_active: false, email: 'pending@fuzz.test' });
  await api.user({ is_staff: true, email: 'second.staff@fuzz.test' });
  // the scout shares an organization with the stranger: colleagues' lists and sources are visible to them
  const elsewhere = await db.selectFrom('organization').select('id').where('name', '=', 'Elsewhere').executeTakeFirst();
  if (elsewhere) await db.insertInto('organization_user').values({ organization_id: elsewhere.id, user_id: scout.id }).execute();
  await seedOwnedThings(
    db,
    {
      staff: world.users.staff.id,
      alice: world.users.alice.id,
      colleague: world.users.colleague.id,
      stranger: world.users.stranger.id,
      scout: scout.id,
    },
    Object.values(world.profiles),
  );

  const callers: Record<SignedIn, Caller> = {
    staff: { ...world.users.staff, flags: { is_staff: true, is_crowdsourcing: false } },
    normal: { ...world.users.alice, flags: { is_staff: false, is_crowdsourcing: false } },
    crowdsourcing: { ...scout, flags: { is_staff: false, is_crowdsourcing: true } },
  };

  const docResponse = await app.inject({ method: 'GET', url: '/api/docs/json' });
  if (docResponse.statusCode !== 200)
    throw new Error(`GET /api/docs/json answered ${docResponse.statusCode}: ${docResponse.body.slice(0, 500)}`);
  const doc = docResponse.json() as Schema;
  const operations = operationsOf(doc);

  // ids that exist: what each list answers the staff, and every id column of every table
  const idsByCollection = new Map<string, Set<number>>();
  for (const op of operations) {
    if (op.method !== 'GET' || op.parameters.some((p) => p.in === 'path' && p.required)) continue;
    const query = op.parameters.some((p) => p.in === 'query' && p.name === 'page_size') ? '?page_size=100' : '';
    const response = await app.inject({
      method: 'GET',
      url: `${op.path}${query}`,
      headers: { authorization: `Token ${callers.staff.token}` },
    });
    if (response.statusCode !== 200 || !/json/.test(String(response.headers['content-type']))) continue;
    const body = response.json();
    const rows: unknown[] = Array.isArray(body) ? body : Array.isArray(body?.results) ? body.results : [];
    const ids = rows.map((r) => (r as { id?: unknown })?.id).filter((id): id is number => Number.isInteger(id));
    if (ids.length) idsByCollection.set(collectionOf(op.path), new Set(ids));
  }
  const idTables = await sql<{ table_name: string }>`
    SELECT table_name FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'id' AND data_type IN ('integer', 'bigint')`.execute(
    db,
  );
  const allIds = new Set<number>([...idsByCollection.values()].flatMap((s) => [...s]));
  for (const { table_name } of idTables.rows) {
    const rows = await sql<{ id: number }>`SELECT id FROM ${sql.table(table_name)} ORDER BY id LIMIT 200`.execute(db);
    for (const row of rows.rows) allIds.add(Number(row.id));
  }
  const emails = (await db.selectFrom('app_user').select('email').orderBy('id').execute()).map((u) => u.email);

  const context: RequestContext = {
    resolve: resolver(doc),
    ids: [...allIds].sort((a, b) => a - b),
    emails,
    passwords: [...new Set([world.users.alice.password, scout.password])],
    // what people type into forms: the document's field names (sort orders), e-mails, the users' password
    words: [...propertyNames(doc), ...emails, world.users.alice.password, 'Profile', 'Scouts'],
    idsOf: (collection) => [...(idsByCollection.get(collection) ?? [])].sort((a, b) => a - b),
  };

  const fingerprint = await fingerprinter(db);
  const checker = new ResponseChecker(doc);
  const stats = new Map<string, OperationStats>(operations.map((op) => [op.id, { requests: 0, statuses: {} }]));

  /** The callers' sessions and flags, put back after a call that changed them (sign-out, de-activate, crowdsourcing off…). */
  async function restoreCallers(): Promise<void> {
    for (const caller of Object.values(callers)) {
      const row = await sql<{ is_active: boolean; is_staff: boolean; is_crowdsourcing: boolean; live: boolean }>`
        SELECT u.is_active, u.is_staff, u.is_crowdsourcing,
          EXISTS (SELECT 1 FROM auth_token t WHERE t.user_id = u.id AND t.token_hash = ${hashSecret(caller.token)}
                  AND t.revoked_at IS NULL AND t.expires_at > now()) AS live
        FROM app_user u WHERE u.id = ${caller.id}`.execute(db);
      const state = row.rows[0];
      if (!state) throw new Error(`the fuzzer's user ${caller.email} is gone`);
      if (!state.is_active || state.is_staff !== caller.flags.is_staff || state.is_crowdsourcing !== caller.flags.is_crowdsourcing) {
        await db
          .updateTable('app_user')
          .set({ is_active: true, ...caller.flags })
          .where('id', '=', caller.id)
          .execute();
      }
      if (!state.live) caller.token = await issueToken(db, caller.id);
    }
  }

  function describe(request: FuzzRequest, response?: LightMyRequestResponse): string {
    const clip = (text: string, max = 600) => (text.length > max ? `${text.slice(0, max)}… (${text.length} characters)` : text);
    const auth =
      request.role === 'anonymous'
        ? request.authorization !== undefined
          ? ` -H ${JSON.stringify(`Authorization: ${clip(request.authorization, 80)}`)}`
          : ''
        : ` -H 'Authorization: Token <${request.role}>'`;
    const headers = Object.entries(request.headers)
      .map(([k, v]) => ` -H ${JSON.stringify(`${k}: ${v}`)}`)
      .join('');
    const body = request.payload !== undefined ? ` --data ${JSON.stringify(clip(request.payload))}` : '';
    const lines = [`[${request.role}] curl -X ${request.method} '${clip(request.url, 2000)}'${auth}${headers}${body}`];
    if (response) lines.push(`→ ${response.statusCode} ${response.headers['content-type'] ?? ''} ${clip(response.body)}`);
    return lines.join('\n');
  }

  async function exercise(op: Operation, request: FuzzRequest) {
    const write = request.method !== 'GET' && request.method !== 'HEAD';
    const before = write ? await fingerprint() : undefined;
    const token = request.role === 'anonymous' ? undefined : callers[request.role].token;
    const authorization = token ? `Token ${token}` : request.authorization;
    const response = await app.inject({
      method: request.method as 'GET',
      url: request.url,
      headers: { ...request.headers, ...(authorization !== undefined ? { authorization } : {}) },
      ...(request.payload !== undefined ? { payload: request.payload } : {}),
    });
    const counts = stats.get(op.id)!;
    counts.requests += 1;
    counts.statuses[response.statusCode] = (counts.statuses[response.statusCode] ?? 0) + 1;

    const problems = checker.problems(op, request, response);
    const status = response.statusCode;
    if (before && status >= 400 && status < 500) {
      const after = await fingerprint();
      const changed = [...new Set([...before.keys(), ...after.keys()])].filter((table) => before.get(table) !== after.get(table));
      if (changed.length) problems.push(`a refused write (${status}) changed the table(s) ${changed.join(', ')}`);
    }
    if (write && status < 400) await restoreCallers();
    return { response, problems };
  }

  return {
    app,
    db,
    doc,
    operations,
    context,
    stats,
    fingerprint,
    exercise,
    describe,
    async close() {
      await app.close();
      await api.handle.close();
    },
  };
}
