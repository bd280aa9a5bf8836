// People Data Labs data sources end to end: a local fake of PDL's API (node:http, below) speaks
// its protocol — X-Api-Key, Person Search paged with scroll_token, Person Enrichment, their error
// bodies — and the platform connection's base_url points at it. Retrievals run through the API
// with the worker in this process: people searched and paged up to max_profiles, a malformed
// person failing alone, enrichment with a profile PDL does not know; 429 with Retry-After and
// 500s tried again inside the connector, a 5xx that stays retried by the queue resuming after its
// checkpoint, a request that never answers timing out; 401, 402 and 400 failing at once with the
// reason; someone else's connection refused. Waits are recorded, not slept (pdlOptions).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApi, type TestApi, type TestUser } from './harness';
import { expectErrors, expectStatus } from './expect';
import type { DataSource, Execution, ListResponse, PlatformConnection, Profile, ProfileSummary } from '../../types/api';
import { finished, retrieve, retrieveAndWait } from './retrieval-support';
import { pdlOptions, type PdlOptions } from '../../server/connectors/pdl/client';
import { BATCH_SIZE } from '../../server/jobs/retrieval';
import { peopleDataLabs } from '../../server/connectors/people-data-labs';
import { ConnectorError, type FetchContext, type SourceItem } from '../../server/connectors/types';

const KEY = 'pdl-test-key-0123456789abcdef';
const BROKE_KEY = 'pdl-key-without-credits-42';

// ---------------------------------------------------------------------------------------------
// The fake People Data Labs API

type Person = Record<string, unknown>;

/** Person `i` of a population, as PDL answers one (titlecase asked: names capitalised). */
function pdlPerson(population: string, i: number): Person {
  const slug = `${population}-person-${i}`;
  return {
    id: `${population}_${i}_0000`,
    full_name: `Person${i} ${population}`,
    first_name: `Person${i}`,
    last_name: population,
    linkedin_url: `linkedin.com/in/${slug}`,
    job_title: 'Founder',
    job_company_name: `Startup ${i % 7}`,
    location_name: 'Berlin, Berlin, Germany',
    work_email: true, // a free plan: contact fields only say whether they exist
    experience: [
      { company: { name: 'Big Corp', size: '10001+', founded: 1990, industry: 'banking', linkedin_url: 'linkedin.com/company/big-corp', location: { name: 'Frankfurt, Hessen, Germany' } }, title: { name: 'Analyst' }, start_date: '2012-01', end_date: '2016-06', is_primary: false },
      { company: { name: `Startup ${i % 7}`, size: '1-10', founded: 2020, industry: 'computer software', linkedin_url: `linkedin.com/company/startup-${i % 7}`, location: { name: 'Berlin, Berlin, Germany' } }, title: { name: 'Founder' }, start_date: '2020-02', end_date: null, is_primary: true },
    ],
    education: [{ school: { name: 'TU Berlin', location: { name: 'Berlin, Berlin, Germany' } }, degrees: ['Masters'], majors: ['Computer Science'], start_date: '2008', end_date: '2012' }],
    skills: ['Python', 'Fundraising'],
    interests: ['Climbing'],
    languages: [{ name: 'German', proficiency: 5 }, { name: 'English', proficiency: 4 }],
  };
}

interface SearchRequest {
  apiKey: string | undefined;
  body: Record<string, any>;
}
interface EnrichRequest {
  apiKey: string | undefined;
  query: Record<string, string>;
}
/** an answer forced on the next request, whatever it asks */
type Forced = { status: number; body?: unknown; headers?: Record<string, string> } | 'hang';

interface FakePdl {
  /** http://127.0.0.1:{port}/v5 */
  baseUrl: string;
  /** the people each SQL text finds */
  populations: Map<string, Person[]>;
  /** the people enrichment finds, by profile URL (as PDL writes it) or e-mail */
  known: Map<string, unknown>;
  searches: SearchRequest[];
  enrichments: EnrichRequest[];
  /** forced answers, taken one per request before the normal ones */
  forced: Forced[];
  /** forced answers for the search request at this page index (from 0) of a search, once */
  forcedAtPage: Map<number, Forced[]>;
  close(): Promise<void>;
}

const error = (status: number, type: string, message: string) => ({ status, error: { type, message } });

async function startFakePdl(): Promise<FakePdl> {
  const sockets = new Set<Socket>();
  const fake: Omit<FakePdl, 'baseUrl' | 'close'> = { populations: new Map(), known: new Map(), searches: [], enrichments: [], forced: [], forcedAtPage: new Map() };
  /** scroll tokens given: token → the query and the offset it continues at */
  const scrolls = new Map<string, { query: string; offset: number }>();
  let nextToken = 1;

  const send = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  const answer = (res: http.ServerResponse, forced: Forced) => {
    if (forced === 'hang') return; // never answered; destroyed at close
    send(res, forced.status, forced.body ?? error(forced.status, forced.status === 429 ? 'rate_limit_error' : 'api_error', `forced ${forced.status}`), forced.headers);
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const apiKey = req.headers['x-api-key'] as string | undefined;
      if (url.pathname === '/v5/person/search' && req.method === 'POST') {
        let body: Record<string, any>;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          return send(res, 400, error(400, 'invalid_request_error', 'Request body is not valid JSON'));
        }
        fake.searches.push({ apiKey, body });
        const forced = fake.forced.shift();
        if (forced) return answer(res, forced);
        if (apiKey === BROKE_KEY) return send(res, 402, error(402, 'payment_required', 'You have hit your account maximum for search (all matches used)'));
        if (apiKey !== KEY) return send(res, 401, error(401, 'authentication_error', 'Request contained a missing or invalid key'));
        if (!body.sql === !body.query) return send(res, 400, error(400, 'invalid_request_error', 'Request must contain either the sql or the query parameter'));
        if (!Number.isInteger(body.size) || body.size < 1 || body.size > 100) return send(res, 400, error(400, 'invalid_request_error', 'size must be between 1 and 100'));
        const query = body.sql ?? JSON.stringify(body.query);
        const people = fake.populations.get(query);
        if (!people) return send(res, 400, error(400, 'invalid_request_error', `Unknown field in query: ${String(query).slice(0, 60)}`));
        let offset = 0;
        if (body.scroll_token !== undefined) {
          const scroll = scrolls.get(body.scroll_token);
          if (!scroll || scroll.query !== query) return send(res, 400, error(400, 'invalid_request_error', 'Invalid scroll_token for this query'));
          offset = scroll.offset;
        }
        const page = Math.floor(offset / 100);
        const atPage = fake.forcedAtPage.get(page)?.shift();
        if (atPage) return answer(res, atPage);
        if (people.length === 0) return send(res, 404, error(404, 'not_found', 'No records were found matching your request'));
        const data = people.slice(offset, offset + body.size);
        const more = offset + data.length < people.length;
        const token = more ? `${nextToken++}$${(offset + data.length) * 1.5}` : null;
        if (token) scrolls.set(token, { query, offset: offset + data.length });
        return send(res, 200, { status: 200, data, scroll_token: token, total: people.length }, { 'x-call-credits-spent': String(data.length), 'x-call-credits-type': 'search' });
      }
      if (url.pathname === '/v5/person/enrich' && req.method === 'GET') {
        const query = Object.fromEntries(url.searchParams);
        fake.enrichments.push({ apiKey, query });
        const forced = fake.forced.shift();
        if (forced) return answer(res, forced);
        if (apiKey !== KEY) return send(res, 401, error(401, 'authentication_error', 'Request contained a missing or invalid key'));
        if (!query.profile && !query.email) return send(res, 400, error(400, 'invalid_request_error', 'Request needs at least one of profile, email, …'));
        const person = fake.known.get(query.profile ?? query.email);
        if (person === undefined) return send(res, 404, error(404, 'not_found', 'No records were found matching your request'));
        return send(res, 200, { status: 200, likelihood: 9, data: person });
      }
      send(res, 404, error(404, 'not_found', 'No such endpoint'));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    baseUrl: `http://127.0.0.1:${port}/v5`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  });
}

// ---------------------------------------------------------------------------------------------

let api: TestApi;
let pdl: FakePdl;
let owner: TestUser;
let colleague: TestUser;
let stranger: TestUser;
let connectionId: number;
/** every wait the connector asked for, in ms (nothing is slept) */
let waits: number[] = [];
const saved: PdlOptions = { ...pdlOptions };
const recordWait = async (ms: number) => {
  waits.push(ms);
};

beforeAll(async () => {
  pdl = await startFakePdl();
  // the fake PDL listens on the loopback: allowed here (tests/api/private-addresses.test.ts refuses it)
  api = await startTestApi({ allowPrivateFeeds: true, jobTiming: { heartbeatSeconds: 30, superviseSeconds: 30, retryDelaySeconds: 0 } });
  owner = await api.user({ email: 'owner@pdl.test' });
  colleague = await api.user({ email: 'colleague@pdl.test' });
  stranger = await api.user({ email: 'stranger@pdl.test' });
  const staff = await api.user({ is_staff: true });
  expectStatus(await api.call(staff.token, { method: 'POST', url: '/api/v1/organizations/', payload: { name: 'Scouts', users: [owner.id, colleague.id] } }), 201);
  connectionId = (await connection(owner, KEY)).id;
  pdlOptions.sleep = recordWait;
});
afterEach(() => {
  Object.assign(pdlOptions, saved, { sleep: recordWait });
  waits = [];
  pdl.forced.length = 0;
  pdl.forcedAtPage.clear();
});
afterAll(async () => {
  Object.assign(pdlOptions, saved);
  await api?.close();
  await pdl?.close();
});

async function connection(user: TestUser, api_key: string): Promise<PlatformConnection> {
  return expectStatus<PlatformConnection>(await api.call(user.token, { method: 'POST', url: '/api/v1/platform-connections/', payload: { category_type: 'people_data_labs', connection_parameters: { api_key, base_url: pdl.baseUrl } } }), 201);
}
async function source(additional_data: Record<string, string | string[]>, name: string, user = owner): Promise<DataSource> {
  return expectStatus<DataSource>(await api.call(user.token, { method: 'POST', url: '/api/v1/data-sources/', payload: { name, source_type: 'people_data_labs', additional_data: { connection: String(connectionId), ...additional_data }, schedule: null } }), 201);
}
const get = async <T>(user: TestUser, url: string) => expectStatus<T>(await api.call(user.token, { method: 'GET', url }), 200);
const profilesOf = (sourceId: number) => get<ListResponse<ProfileSummary>>(owner, `/api/v1/profiles?data_sources=${sourceId}&page_size=100&ordering=id`);
const heldBy = async (sourceId: number) => Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM profile WHERE data_source_ids @> ARRAY[${sourceId}::int]`.execute(api.handle.db)).rows[0].n);
/** a population of `n` people found by its own SQL text */
function population(name: string, n: number, extra: Person[] = []): string {
  const query = `SELECT * FROM person WHERE job_title='founder' AND location_country='germany' AND tag='${name}'`;
  pdl.populations.set(query, [...Array.from({ length: n }, (_, i) => pdlPerson(name, i)), ...extra]);
  return query;
}
const searchesOf = (query: string) => pdl.searches.filter((s) => s.body.sql === query);

describe('the data-source type', () => {
  it('is offered with its fields and the common schedules; the connection is required', async () => {
    const types = await get<Record<string, { label: string; additional_data: Record<string, { type: string; required: boolean }>; schedule_options: { value: string }[] }>>(owner, '/api/v1/data-sources/dimensions/');
    const pdlType = types.people_data_labs;
    expect(Object.keys(pdlType.additional_data)).toEqual(['mode', 'query', 'profiles', 'max_profiles', 'connection', 'annotation_connection']);
    expect(pdlType.additional_data.connection.required).toBe(true);
    expect(pdlType.additional_data.profiles.type).toBe('list');
    expect(pdlType.schedule_options.map((o) => o.value)).toEqual(['', '0 * * * *', '0 6 * * *', '0 6 * * 1', '0 6 1 * *']);
  });

  it('checks its fields, each problem naming its field', async () => {
    const create = (additional_data: Record<string, string | string[]>) => api.call(owner.token, { method: 'POST', url: '/api/v1/data-sources/', payload: { name: 'Bad', source_type: 'people_data_labs', additional_data, schedule: null } });
    expectErrors(await create({ query: 'SELECT * FROM person' }), 400, ['additional_data.connection']);
    expectErrors(await create({ connection: 'mine', mode: 'browse', max_profiles: '20000' }), 400, ['additional_data.connection', 'additional_data.mode', 'additional_data.max_profiles']);
    const body = expectErrors(await create({ connection: '1', query: 'founders in germany' }), 400, ['additional_data.query']);
    expect(body.errors.join()).toMatch(/SELECT \* FROM person WHERE/);
    expectErrors(await create({ connection: '1', mode: 'enrich' }), 400, ['additional_data.profiles']);
    expectErrors(await create({ connection: '1', mode: 'enrich', profiles: ['not a profile'] }), 400, ['additional_data.profiles']);
    await source({ mode: 'enrich', profiles: ['linkedin.com/in/someone', 'someone@example.com'] }, 'Good enrichment');
    await source({ query: '{"query": {"term": {"job_title": "founder"}}}', max_profiles: '10000' }, 'Good Elasticsearch search');
  });
});

describe('a search', () => {
  it('pages with scroll_token up to max_profiles; each person in the profiles list, mapped; a malformed one fails alone', async () => {
    const malformed = { ...pdlPerson('paged', 999), full_name: 'Broken Record', experience: 'founder of things' };
    const query = population('paged', 129, [malformed]); // 130 found, the malformed one last
    const src = await source({ query, max_profiles: '130' }, 'Founders in Germany');
    const execution = await retrieveAndWait(api, owner, src.id);
    expect(execution).toMatchObject({ status: 'SUCCESS', attempts: 1 });
    expect(execution.progress).toEqual({ total: 130, processed: 130, created: 129, updated: 0, unchanged: 0, failed: 1 });
    expect(execution.result?.exc_type).toBe('RecordErrors');
    expect(execution.result?.exc_message).toEqual(['1 of 130 records could not be read.', expect.stringMatching(/^record \d+: person "Broken Record" \(pdl:paged_999_0000\): experience: must be a list\.$/)]);

    const requests = searchesOf(query);
    expect(requests.map((r) => [r.body.size, r.body.scroll_token === undefined])).toEqual([[100, true], [30, false]]);
    expect(requests.every((r) => r.apiKey === KEY && r.body.titlecase === true)).toBe(true);

    expect((await profilesOf(src.id)).count).toBe(129);
    const { id } = await api.handle.db.selectFrom('profile').select('id').where('external_id', '=', 'https://www.linkedin.com/in/paged-person-3').executeTakeFirstOrThrow();
    const person = await get<Profile>(owner, `/api/v1/profiles/${id}`);
    expect(person).toMatchObject({ first_name: 'Person3', last_name: 'paged', headline: 'Founder at Startup 3', location: 'Berlin, Berlin, Germany', email: null, data_sources: [{ id: src.id, name: 'Founders in Germany' }] });
    expect(person.jobs.map((job) => [job.job_title, job.company?.name, job.end_date])).toEqual([['Founder', 'Startup 3', null], ['Analyst', 'Big Corp', '2016-06']]);
    expect(person.educations).toEqual([{ degree: 'Masters', field_of_study: 'Computer Science', start_date: '2008', end_date: '2012', school: { name: 'TU Berlin', location: 'Berlin, Berlin, Germany' } }]);
    expect(person.languages).toEqual([{ name: 'German', level: 'Native or bilingual proficiency' }, { name: 'English', level: 'Full professional proficiency' }]);
    expect(person.skills.map((s) => s.name)).toEqual(['Python', 'Fundraising']);
    const company = await api.handle.db.selectFrom('company').selectAll().where('external_id', '=', 'https://www.linkedin.com/company/startup-3/').executeTakeFirstOrThrow();
    expect(company).toMatchObject({ name: 'Startup 3', year_founded: 2020, company_size: '1-10', industry: 'computer software', location: 'Berlin, Berlin, Germany' });
  });

  it('stops at max_profiles (default 100) though PDL has more, and announces that many', async () => {
    const query = population('many', 250);
    const src = await source({ query }, 'More than wanted');
    const { id } = await retrieve(api, owner, src.id);
    const execution = await finished(api, owner, id);
    expect(execution).toMatchObject({ status: 'SUCCESS', result: null, progress: { total: 100, processed: 100, created: 100 } });
    expect(searchesOf(query).map((r) => r.body.size)).toEqual([100]);
  });

  it('an Elasticsearch query is sent as "query"; nothing found (PDL\'s 404) is a success with no one', async () => {
    const es = { bool: { must: [{ term: { job_title_role: 'nobody' } }] } };
    pdl.populations.set(JSON.stringify(es), []);
    const src = await source({ query: JSON.stringify({ query: es }) }, 'Nobody');
    const execution = await retrieveAndWait(api, owner, src.id);
    expect(execution).toMatchObject({ status: 'SUCCESS', result: null, progress: { processed: 0, created: 0 } });
    expect(pdl.searches.at(-1)!.body).toMatchObject({ query: es, size: 100 });
    expect(pdl.searches.at(-1)!.body.sql).toBeUndefined();
  });
});

describe('an enrichment', () => {
  it('one lookup per profile; one PDL does not know (404) and one that does not map fail alone; the rest are created', async () => {
    pdl.known.set('linkedin.com/in/enriched-one', pdlPerson('enriched', 1));
    pdl.known.set('ada@example.com', { ...pdlPerson('enriched', 2), linkedin_url: null, id: 'ada_0000' });
    pdl.known.set('https://www.linkedin.com/in/garbled', { id: 'garbled', full_name: 'Garbled', education: 'somewhere' });
    const src = await source({ mode: 'enrich', profiles: ['linkedin.com/in/enriched-one', 'https://www.linkedin.com/in/unknown-person', 'ada@example.com', 'https://www.linkedin.com/in/garbled'], max_profiles: '4' }, 'Enriched');
    const before = pdl.enrichments.length;
    const execution = await retrieveAndWait(api, owner, src.id);
    expect(execution).toMatchObject({ status: 'SUCCESS', attempts: 1, progress: { total: 4, processed: 4, created: 2, failed: 2 } });
    expect(execution.result?.exc_message).toEqual([
      '2 of 4 records could not be read.',
      expect.stringMatching(/^record \d+: https:\/\/www\.linkedin\.com\/in\/unknown-person: People Data Labs found no person matching it\.$/),
      expect.stringMatching(/^record \d+: person "Garbled" \(pdl:garbled\): education: must be a list\.$/),
    ]);
    expect(pdl.enrichments.slice(before).map((r) => [r.apiKey === KEY, r.query])).toEqual([
      [true, { profile: 'linkedin.com/in/enriched-one', titlecase: 'true' }],
      [true, { profile: 'https://www.linkedin.com/in/unknown-person', titlecase: 'true' }],
      [true, { email: 'ada@example.com', titlecase: 'true' }],
      [true, { profile: 'https://www.linkedin.com/in/garbled', titlecase: 'true' }],
    ]);
    const ids = (await profilesOf(src.id)).results.map((p) => p.external_id).sort();
    expect(ids).toEqual(['https://www.linkedin.com/in/enriched-person-1', 'pdl:ada_0000']);
  });
});

describe('failures PDL answers', () => {
  it('429 with Retry-After, then success: the wait asked for, one attempt of the job', async () => {
    const query = population('limited', 5);
    pdl.forced.push({ status: 429, headers: { 'retry-after': '2' } });
    const execution = await retrieveAndWait(api, owner, (await source({ query }, 'Rate limited')).id);
    expect(execution).toMatchObject({ status: 'SUCCESS', attempts: 1, result: null, progress: { created: 5 } });
    expect(waits).toEqual([2_000]);
    expect(searchesOf(query)).toHaveLength(2);
  });

  it('500 twice, then success: exponential backoff inside the connector', async () => {
    const query = population('flaky', 3);
    pdl.forced.push({ status: 500 }, { status: 502, body: '<html>bad gateway</html>' });
    const execution = await retrieveAndWait(api, owner, (await source({ query }, 'Flaky')).id);
    expect(execution).toMatchObject({ status: 'SUCCESS', attempts: 1, progress: { created: 3 } });
    expect(waits).toEqual([1_000, 2_000]);
  });

  it('a 5xx that stays is transient: the queue retries the job, which resumes after what the first attempt committed', async () => {
    // 600 people reach the ingestion before page 7 fails three times: at least one batch of them is committed
    expect(Math.max(BATCH_SIZE.pglite, BATCH_SIZE.postgres)).toBeLessThanOrEqual(600);
    const query = population('resumed', 700);
    pdl.forcedAtPage.set(6, [{ status: 503 }, { status: 503 }, { status: 503 }]);
    const src = await source({ query, max_profiles: '700' }, 'Resumed');
    const { id } = await retrieve(api, owner, src.id);
    const seen: string[] = [];
    const execution = await finished(api, owner, id, seen);
    expect(seen).toContain('RETRY');
    expect(execution).toMatchObject({ status: 'SUCCESS', attempts: 2, result: null });
    // nobody twice: what the first attempt committed was skipped by the second
    expect(execution.progress).toEqual({ total: 700, processed: 700, created: 700, updated: 0, unchanged: 0, failed: 0 });
    expect(await heldBy(src.id)).toBe(700);
    expect(searchesOf(query).map((r) => r.body.scroll_token === undefined).filter(Boolean)).toHaveLength(2); // each attempt started over
  });

  it('a request that never answers times out: transient, so the queue tries the job again', async () => {
    pdlOptions.timeoutMs = 100;
    pdlOptions.tries = 1;
    const query = population('silent', 2);
    pdl.forced.push('hang');
    const execution = await retrieveAndWait(api, owner, (await source({ query }, 'Silent once')).id);
    expect(execution).toMatchObject({ status: 'SUCCESS', attempts: 2, result: null, progress: { created: 2 } });
    expect(searchesOf(query)).toHaveLength(2);
  });

  it('401: the key refused, at once, saying so (and never showing the key)', async () => {
    const wrong = await connection(owner, 'a-wrong-key-123456');
    const query = population('refused', 2);
    const src = await source({ query, connection: String(wrong.id) }, 'Wrong key');
    const execution = await retrieveAndWait(api, owner, src.id);
    expect(execution).toMatchObject({ status: 'FAILURE', attempts: 1, result: { exc_type: 'PdlAuthError' } });
    expect(execution.result!.exc_message[0]).toBe('People Data Labs refused the API key (401): Request contained a missing or invalid key. Check the API key of the platform connection.');
    expect(JSON.stringify(execution)).not.toContain('a-wrong-key-123456');
    expect(waits).toEqual([]);
  });

  it('402: no credits left fails at once', async () => {
    const broke = await connection(owner, BROKE_KEY);
    const execution = await retrieveAndWait(api, owner, (await source({ query: population('broke', 2), connection: String(broke.id) }, 'No credits')).id);
    expect(execution).toMatchObject({ status: 'FAILURE', attempts: 1, result: { exc_type: 'PdlCreditsExhausted' } });
    expect(execution.result!.exc_message[0]).toMatch(/^People Data Labs answered 402: the account has no credits left: You have hit your account maximum/);
  });

  it('400: the query refused fails at once with PDL\'s message', async () => {
    const execution = await retrieveAndWait(api, owner, (await source({ query: "SELECT * FROM person WHERE shoe_size='44'" }, 'Bad query')).id);
    expect(execution).toMatchObject({ status: 'FAILURE', attempts: 1, result: { exc_type: 'PdlRequestError' } });
    expect(execution.result!.exc_message[0]).toBe("People Data Labs refused the request (400): Unknown field in query: SELECT * FROM person WHERE shoe_size='44'.");
  });
});

describe('whose connection', () => {
  it('a colleague\'s connection serves; a stranger\'s is refused with a clear message, nothing written', async () => {
    const theirs = await connection(colleague, KEY);
    const shared = await retrieveAndWait(api, owner, (await source({ query: population('shared', 2), connection: String(theirs.id) }, 'Colleague\'s key')).id);
    expect(shared).toMatchObject({ status: 'SUCCESS', progress: { created: 2 } });

    const strangers = await connection(stranger, KEY);
    const src = await source({ query: population('strangers', 2), connection: String(strangers.id) }, 'Stranger\'s key');
    const before = pdl.searches.length;
    const execution = await retrieveAndWait(api, owner, src.id);
    expect(execution).toMatchObject({ status: 'FAILURE', attempts: 1, progress: { processed: 0 }, result: { exc_type: 'PlatformConnectionMissing' } });
    expect(execution.result!.exc_message[0]).toBe(`Platform connection ${strangers.id} does not exist or is not shared with the data source's owner.`);
    expect(pdl.searches.length).toBe(before);
    expect(await heldBy(src.id)).toBe(0);
  });

  it('a connection of another category is refused', async () => {
    const header = expectStatus<PlatformConnection>(await api.call(owner.token, { method: 'POST', url: '/api/v1/platform-connections/', payload: { category_type: 'http_header', connection_parameters: { header_name: 'X-Api-Key', header_value: KEY } } }), 201);
    const execution = await retrieveAndWait(api, owner, (await source({ query: population('category', 1), connection: String(header.id) }, 'Wrong category')).id);
    expect(execution).toMatchObject({ status: 'FAILURE', result: { exc_type: 'PlatformConnectionMismatch' } });
  });
});

describe('the connector alone', () => {
  const lines: string[] = [];
  const log = Object.fromEntries(['trace', 'debug', 'info', 'warn', 'error', 'fatal'].map((level) => [level, (...args: unknown[]) => lines.push(JSON.stringify(args))])) as unknown as FetchContext['log'];
  const context = (additionalData: Record<string, string | string[]>, signal = new AbortController().signal, apiKey = KEY): FetchContext => ({
    dataSourceId: 1,
    additionalData,
    run: 0,
    skip: 0,
    signal,
    log,
    allowPrivateNetworks: true, // the fake listens on the loopback
    connection: async (id, category) => {
      expect([id, category]).toEqual(['7', 'people_data_labs']);
      return { api_key: apiKey, base_url: pdl.baseUrl };
    },
    announceTotal: () => {},
  });
  const drain = async (items: AsyncIterable<SourceItem>) => {
    const out: SourceItem[] = [];
    for await (const item of items) out.push(item);
    return out;
  };

  it('never writes the key in its log nor its errors', async () => {
    const query = population('quiet', 2);
    pdl.forced.push({ status: 500, body: error(500, 'api_error', `internal error for key ${KEY}`) });
    expect(await drain(peopleDataLabs.fetch(context({ query, connection: '7' })))).toHaveLength(2);
    const wrongKey = 'another-secret-key-987';
    const failure = await drain(peopleDataLabs.fetch(context({ query, connection: '7' }, undefined, wrongKey))).catch((e: Error) => e);
    expect(failure).toBeInstanceOf(Error);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain(KEY);
    expect(lines.join('\n')).toContain('internal error for key ***');
    expect(String((failure as Error).message)).not.toContain(wrongKey);
  });

  it('a request that never answers is given up after the time limit, tries and waits: a transient error saying so', async () => {
    pdlOptions.timeoutMs = 50;
    pdl.forced.push('hang', 'hang', 'hang');
    const failure = await drain(peopleDataLabs.fetch(context({ query: population('hanging', 1), connection: '7' }))).catch((e: Error) => e);
    expect(failure).toBeInstanceOf(ConnectorError);
    expect((failure as ConnectorError).options).toEqual({ transient: true, type: 'PdlUnavailable' });
    expect((failure as Error).message).toBe('People Data Labs did not answer within 0.05 s at /v5/person/search (tried 3 times).');
    expect(waits).toEqual([1_000, 2_000]);
  });

  it('a rate limit asking for longer than 30 s is not waited for here: transient at once, for the queue to retry later', async () => {
    pdl.forced.push({ status: 429, headers: { 'retry-after': '3600' } });
    const failure = await drain(peopleDataLabs.fetch(context({ query: population('patient', 1), connection: '7' }))).catch((e: Error) => e);
    expect(failure).toBeInstanceOf(ConnectorError);
    expect((failure as ConnectorError).options.transient).toBe(true);
    expect((failure as Error).message).toBe('People Data Labs answered 429 (forced 429), asking to wait 3600 s at /v5/person/search (tried once).');
    expect(waits).toEqual([]);
  });

  it('a wait between attempts ends when the retrieval is stopped', async () => {
    pdlOptions.maxWaitMs = 10 * 60_000;
    pdlOptions.backoffMs = () => 5 * 60_000;
    const abort = new AbortController();
    pdlOptions.sleep = (ms, signal) => {
      waits.push(ms);
      abort.abort(new Error('stopped'));
      return saved.sleep(ms, signal);
    };
    pdl.forced.push({ status: 503 });
    const failure = await drain(peopleDataLabs.fetch(context({ query: population('stopped', 1), connection: '7' }, abort.signal))).catch((e: Error) => e);
    expect(failure).toEqual(new Error('stopped'));
    expect(waits).toEqual([5 * 60_000]);
  });
});
