// People Data Labs data sources end to end, against the local fake of PDL's API
// (tests/support/fake-pdl.ts) that the platform connection's base_url points at. Retrievals run
// through the API with the worker in this process: people searched and paged up to max_profiles,
// a malformed person failing alone, enrichment with a profile PDL does not know; 429 with
// Retry-After and 500s tried again inside the connector, a 5xx that stays retried by the queue
// resuming after its checkpoint, a request that never answers timing out; 401, 402 and 400
// failing at once with the reason; someone else's connection refused. Waits are recorded, not
// slept. The connector alone: people-data-labs-connector.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApi, type TestApi, type TestUser } from './harness';
import { expectErrors, expectStatus } from './expect';
import type { DataSource, ListResponse, PlatformConnection, Profile, ProfileSummary } from '../../types/api';
import { finished, retrieve, retrieveAndWait } from './retrieval-support';
import { pdlOptions } from '../../server/connectors/pdl/client';
import { BATCH_SIZE } from '../../server/jobs/retrieval';
import { BROKE_KEY, KEY, pdlPerson, population, startFakePdl, type FakePdl } from '../support/fake-pdl';
import { recordPdlWaits } from '../support/pdl-waits';

let api: TestApi;
let pdl: FakePdl;
let owner: TestUser;
let colleague: TestUser;
let stranger: TestUser;
let connectionId: number;
/** every wait the connector asked for, in ms (nothing is slept) */
const { waits } = recordPdlWaits(() => pdl);

beforeAll(async () => {
  pdl = await startFakePdl();
  // the fake PDL listens on the loopback: allowed here (tests/api/private-addresses.test.ts refuses it)
  api = await startTestApi({ allowPrivateFeeds: true, jobTiming: { heartbeatSeconds: 30, superviseSeconds: 30, retryDelaySeconds: 0 } });
  owner = await api.user({ email: 'owner@pdl.test' });
  colleague = await api.user({ email: 'colleague@pdl.test' });
  stranger = await api.user({ email: 'stranger@pdl.test' });
  const staff = await api.user({ is_staff: true });
  expectStatus(
    await api.call(staff.token, {
      method: 'POST',
      url: '/api/v1/organizations/',
      payload: { name: 'Scouts', users: [owner.id, colleague.id] },
    }),
    201,
  );
  connectionId = (await connection(owner, KEY)).id;
});
afterAll(async () => {
  await api?.close();
  await pdl?.close();
});

async function connection(user: TestUser, api_key: string): Promise<PlatformConnection> {
  return expectStatus<PlatformConnection>(
    await api.call(user.token, {
      method: 'POST',
      url: '/api/v1/platform-connections/',
      payload: { category_type: 'people_data_labs', connection_parameters: { api_key, base_url: pdl.baseUrl } },
    }),
    201,
  );
}
async function source(additional_data: Record<string, string | string[]>, name: string, user = owner): Promise<DataSource> {
  return expectStatus<DataSource>(
    await api.call(user.token, {
      method: 'POST',
      url: '/api/v1/data-sources/',
      payload: {
        name,
        source_type: 'people_data_labs',
        additional_data: { connection: String(connectionId), ...additional_data },
        schedule: null,
      },
    }),
    201,
  );
}
const get = async <T>(user: TestUser, url: string) => expectStatus<T>(await api.call(user.token, { method: 'GET', url }), 200);
const profilesOf = (sourceId: number) =>
  get<ListResponse<ProfileSummary>>(owner, `/api/v1/profiles?data_sources=${sourceId}&page_size=100&ordering=id`);
const heldBy = async (sourceId: number) =>
  Number(
    (
      await sql<{ n: number }>`SELECT count(*)::int AS n FROM profile WHERE data_source_ids @> ARRAY[${sourceId}::int]`.execute(
        api.handle.db,
      )
    ).rows[0].n,
  );
const searchesOf = (query: string) => pdl.searches.filter((s) => s.body.sql === query);

describe('the data-source type', () => {
  it('is offered with its fields and the common schedules; the connection is required', async () => {
    const types = await get<
      Record<
        string,
        { label: string; additional_data: Record<string, { type: string; required: boolean }>; schedule_options: { value: string }[] }
      >
    >(owner, '/api/v1/data-sources/dimensions/');
    const pdlType = types.people_data_labs;
    expect(Object.keys(pdlType.additional_data)).toEqual([
      'mode',
      'query',
      'profiles',
      'max_profiles',
      'connection',
      'annotation_connection',
    ]);
    expect(pdlType.additional_data.connection.required).toBe(true);
    expect(pdlType.additional_data.profiles.type).toBe('list');
    expect(pdlType.schedule_options.map((o) => o.value)).toEqual(['', '0 * * * *', '0 6 * * *', '0 6 * * 1', '0 6 1 * *']);
  });

  it('checks its fields, each problem naming its field', async () => {
    const create = (additional_data: Record<string, string | string[]>) =>
      api.call(owner.token, {
        method: 'POST',
        url: '/api/v1/data-sources/',
        payload: { name: 'Bad', source_type: 'people_data_labs', additional_data, schedule: null },
      });
    expectErrors(await create({ query: 'SELECT * FROM person' }), 400, ['additional_data.connection']);
    expectErrors(await create({ connection: 'mine', mode: 'browse', max_profiles: '20000' }), 400, [
      'additional_data.connection',
      'additional_data.mode',
      'additional_data.max_profiles',
    ]);
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
    const query = population(pdl, 'paged', 129, [malformed]); // 130 found, the malformed one last
    const src = await source({ query, max_profiles: '130' }, 'Founders in Germany');
    const execution = await retrieveAndWait(api, owner, src.id);
    expect(execution).toMatchObject({ status: 'SUCCESS', attempts: 1 });
    expect(execution.progress).toEqual({ total: 130, processed: 130, created: 129, updated: 0, unchanged: 0, failed: 1 });
    expect(execution.result?.exc_type).toBe('RecordErrors');
    expect(execution.result?.exc_message).toEqual([
      '1 of 130 records could not be read.',
      expect.stringMatching(/^record \d+: person "Broken Record" \(pdl:paged_999_0000\): experience: must be a list\.$/),
    ]);

    const requests = searchesOf(query);
    expect(requests.map((r) => [r.body.size, r.body.scroll_token === undefined])).toEqual([
      [100, true],
      [30, false],
    ]);
    expect(requests.every((r) => r.apiKey === KEY && r.body.titlecase === true)).toBe(true);

    expect((await profilesOf(src.id)).count).toBe(129);
    const { id } = await api.handle.db
      .selectFrom('profile')
      .select('id')
      .where('external_id', '=', 'https://www.linkedin.com/in/paged-person-3')
      .executeTakeFirstOrThrow();
    const person = await get<Profile>(owner, `/api/v1/profiles/${id}`);
    expect(person).toMatchObject({
      first_name: 'Person3',
      last_name: 'paged',
      headline: 'Founder at Startup 3',
      location: 'Berlin, Berlin, Germany',
      email: null,
      data_sources: [{ id: src.id, name: 'Founders in Germany' }],
    });
    expect(person.jobs.map((job) => [job.job_title, job.company?.name, job.end_date])).toEqual([
      ['Founder', 'Startup 3', null],
      ['Analyst', 'Big Corp', '2016-06'],
    ]);
    expect(person.educations).toEqual([
      {
        degree: 'Masters',
        field_of_study: 'Computer Science',
        start_date: '2008',
        end_date: '2012',
        school: { name: 'TU Berlin', location: 'Berlin, Berlin, Germany' },
      },
    ]);
    expect(person.languages).toEqual([
      { name: 'German', level: 'Native or bilingual proficiency' },
      { name: 'English', level: 'Full professional proficiency' },
    ]);
    expect(person.skills.map((s) => s.name)).toEqual(['Python', 'Fundraising']);
    const company = await api.handle.db
      .selectFrom('company')
      .selectAll()
      .where('external_id', '=', 'https://www.linkedin.com/company/startup-3/')
      .executeTakeFirstOrThrow();
    expect(company).toMatchObject({
      name: 'Startup 3',
      year_founded: 2020,
      company_size: '1-10',
      industry: 'computer software',
      location: 'Berlin, Berlin, Germany',
    });
  });

  it('stops at max_profiles (default 100) though PDL has more, and announces that many', async () => {
    const query = population(pdl, 'many', 250);
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
    const src = await source(
      {
        mode: 'enrich',
        profiles: [
          'linkedin.com/in/enriched-one',
          'https://www.linkedin.com/in/unknown-person',
          'ada@example.com',
          'https://www.linkedin.com/in/garbled',
        ],
        max_profiles: '4',
      },
      'Enriched',
    );
    const before = pdl.enrichments.length;
    const execution = await retrieveAndWait(api, owner, src.id);
    expect(execution).toMatchObject({ status: 'SUCCESS', attempts: 1, progress: { total: 4, processed: 4, created: 2, failed: 2 } });
    expect(execution.result?.exc_message).toEqual([
      '2 of 4 records could not be read.',
      expect.stringMatching(
        /^record \d+: https:\/\/www\.linkedin\.com\/in\/unknown-person: People Data Labs found no person matching it\.$/,
      ),
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
    const query = population(pdl, 'limited', 5);
    pdl.forced.push({ status: 429, headers: { 'retry-after': '2' } });
    const execution = await retrieveAndWait(api, owner, (await source({ query }, 'Rate limited')).id);
    expect(execution).toMatchObject({ status: 'SUCCESS', attempts: 1, result: null, progress: { created: 5 } });
    expect(waits).toEqual([2_000]);
    expect(searchesOf(query)).toHaveLength(2);
  });

  it('500 twice, then success: exponential backoff inside the connector', async () => {
    const query = population(pdl, 'flaky', 3);
    pdl.forced.push({ status: 500 }, { status: 502, body: '<html>bad gateway</html>' });
    const execution = await retrieveAndWait(api, owner, (await source({ query }, 'Flaky')).id);
    expect(execution).toMatchObject({ status: 'SUCCESS', attempts: 1, progress: { created: 3 } });
    expect(waits).toEqual([1_000, 2_000]);
  });

  it('a 5xx that stays is transient: the queue retries the job, which resumes after what the first attempt committed', async () => {
    // 600 people reach the ingestion before page 7 fails three times: at least one batch of them is committed
    expect(Math.max(BATCH_SIZE.pglite, BATCH_SIZE.postgres)).toBeLessThanOrEqual(600);
    const query = population(pdl, 'resumed', 700);
    pdl.forcedAtPage.set(6, [{ status: 503 }, { status: 503 }, { status: 503 }]);
    const src = await source({ query, max_profiles: '700' }, 'Resumed');
    const { id } = await retrieve(api, owner, src.id);
    // the second attempt is the queue's retry (with JOB_RETRY_DELAY_SECONDS=0 the RETRY status lasts
    // milliseconds: polling for it raced the worker, so the attempts say it)
    const execution = await finished(api, owner, id);
    expect(execution).toMatchObject({ status: 'SUCCESS', attempts: 2, result: null });
    // nobody twice: what the first attempt committed was skipped by the second
    expect(execution.progress).toEqual({ total: 700, processed: 700, created: 700, updated: 0, unchanged: 0, failed: 0 });
    expect(await heldBy(src.id)).toBe(700);
    expect(
      searchesOf(query)
        .map((r) => r.body.scroll_token === undefined)
        .filter(Boolean),
    ).toHaveLength(2); // each attempt started over
  });

  it('a request that never answers times out: transient, so the queue tries the job again', async () => {
    const { timeoutMs, tries } = pdlOptions;
    pdlOptions.timeoutMs = 100;
    pdlOptions.tries = 1;
    // only the hung request has the short timeout: the retry's must not race a stall of the loaded machine
    pdl.onHang = () => {
      pdlOptions.timeoutMs = timeoutMs;
    };
    try {
      const query = population(pdl, 'silent', 2);
      pdl.forced.push('hang');
      const execution = await retrieveAndWait(api, owner, (await source({ query }, 'Silent once')).id);
      expect(execution).toMatchObject({ status: 'SUCCESS', attempts: 2, result: null, progress: { created: 2 } });
      expect(searchesOf(query)).toHaveLength(2);
    } finally {
      Object.assign(pdlOptions, { timeoutMs, tries });
      pdl.onHang = undefined;
    }
  });

  it('401: the key refused, at once, saying so (and never showing the key)', async () => {
    const wrong = await connection(owner, 'a-wrong-key-123456');
    const query = population(pdl, 'refused', 2);
    const src = await source({ query, connection: String(wrong.id) }, 'Wrong key');
    const execution = await retrieveAndWait(api, owner, src.id);
    expect(execution).toMatchObject({ status: 'FAILURE', attempts: 1, result: { exc_type: 'PdlAuthError' } });
    expect(execution.result!.exc_message[0]).toBe(
      'People Data Labs refused the API key (401): Request contained a missing or invalid key. Check the API key of the platform connection.',
    );
    expect(JSON.stringify(execution)).not.toContain('a-wrong-key-123456');
    expect(waits).toEqual([]);
  });

  it('402: no credits left fails at once', async () => {
    const broke = await connection(owner, BROKE_KEY);
    const execution = await retrieveAndWait(
      api,
      owner,
      (await source({ query: population(pdl, 'broke', 2), connection: String(broke.id) }, 'No credits')).id,
    );
    expect(execution).toMatchObject({ status: 'FAILURE', attempts: 1, result: { exc_type: 'PdlCreditsExhausted' } });
    expect(execution.result!.exc_message[0]).toMatch(
      /^People Data Labs answered 402: the account has no credits left: You have hit your account maximum/,
    );
  });

  it("400: the query refused fails at once with PDL's message", async () => {
    const execution = await retrieveAndWait(
      api,
      owner,
      (await source({ query: "SELECT * FROM person WHERE shoe_size='44'" }, 'Bad query')).id,
    );
    expect(execution).toMatchObject({ status: 'FAILURE', attempts: 1, result: { exc_type: 'PdlRequestError' } });
    expect(execution.result!.exc_message[0]).toBe(
      "People Data Labs refused the request (400): Unknown field in query: SELECT * FROM person WHERE shoe_size='44'.",
    );
  });
});

describe('whose connection', () => {
  it("a colleague's connection serves; a stranger's is refused with a clear message, nothing written", async () => {
    const theirs = await connection(colleague, KEY);
    const shared = await retrieveAndWait(
      api,
      owner,
      (await source({ query: population(pdl, 'shared', 2), connection: String(theirs.id) }, "Colleague's key")).id,
    );
    expect(shared).toMatchObject({ status: 'SUCCESS', progress: { created: 2 } });

    const strangers = await connection(stranger, KEY);
    const src = await source({ query: population(pdl, 'strangers', 2), connection: String(strangers.id) }, "Stranger's key");
    const before = pdl.searches.length;
    const execution = await retrieveAndWait(api, owner, src.id);
    expect(execution).toMatchObject({
      status: 'FAILURE',
      attempts: 1,
      progress: { processed: 0 },
      result: { exc_type: 'PlatformConnectionMissing' },
    });
    expect(execution.result!.exc_message[0]).toBe(
      `Platform connection ${strangers.id} does not exist or is not shared with the data source's owner.`,
    );
    expect(pdl.searches.length).toBe(before);
    expect(await heldBy(src.id)).toBe(0);
  });

  it('a connection of another category is refused', async () => {
    const header = expectStatus<PlatformConnection>(
      await api.call(owner.token, {
        method: 'POST',
        url: '/api/v1/platform-connections/',
        payload: { category_type: 'http_header', connection_parameters: { header_name: 'X-Api-Key', header_value: KEY } },
      }),
      201,
    );
    const execution = await retrieveAndWait(
      api,
      owner,
      (await source({ query: population(pdl, 'category', 1), connection: String(header.id) }, 'Wrong category')).id,
    );
    expect(execution).toMatchObject({ status: 'FAILURE', result: { exc_type: 'PlatformConnectionMismatch' } });
  });
});
