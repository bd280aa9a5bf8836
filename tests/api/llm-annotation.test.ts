// LLM annotation end to end: a synthetic data source naming an "LLM (OpenAI-compatible API)"
// platform connection in additional_data.annotation_connection is retrieved by the worker in
// this process, which asks a local fake OpenAI server (tests/support/fake-openai.ts) about each
// person: well-formed answers land in the profiles with provenance llm:127.0.0.1:PORT / fake-1,
// a malformed answer and a 500 that stays fall back to the offline heuristics (provenance
// offline), a 429 is retried; a later run asks only about people whose record changed (or who
// fell back), and a staff correction survives it; a connection that is
// missing, someone else's or of another category fails the retrieval with a clear reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApi, type TestApi, type TestUser } from './harness';
import { expectErrors, expectStatus } from './expect';
import type { DataSourceDimensions, PlatformConnection, Profile } from '../../types/api';
import { createSource, retrieveAndWait } from './retrieval-support';
import { syntheticPerson } from '../../server/connectors/synthetic';
import { makeCompany } from '../../server/vocabulary/people';
import { annotateOffline } from '../../server/annotation/offline';
import { ANNOTATION_FIELDS } from '../../server/annotation/types';
import type { ImportProfile } from '../../server/connector-kit/import-format';
import { startFakeOpenAi, wellFormed, wellFormedAnnotation, type FakeOpenAi } from '../support/fake-openai';

let api: TestApi;
let fake: FakeOpenAi;
let staff: TestUser;
let owner: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  fake = await startFakeOpenAi('k', 'fake-1');
  api = await startTestApi({ allowPrivateFeeds: true }); // the fake model listens on the loopback
  staff = await api.user({ is_staff: true });
  owner = await api.user({ email: 'owner@llm-annotation.test' });
  stranger = await api.user({ email: 'stranger@llm-annotation.test' });
});
afterAll(async () => {
  await api?.close();
  await fake?.close();
});

const SEED = 60_601;
const PEOPLE = 6;
const pool = Array.from({ length: 60 }, (_, c) => {
  const { external_id, name, description, year_founded, location, industry, company_size } = makeCompany(SEED, c);
  return { external_id, name, description, year_founded, location, industry, company_size };
});
/** the people the source gives on its first run, as the worker reads them */
const people: ImportProfile[] = Array.from({ length: PEOPLE }, (_, i) =>
  syntheticPerson({ people: PEOPLE, seed: SEED, share: 0, countries: [] }, pool, i, 0),
);
const nameOf = (person: ImportProfile) => `${person.first_name} ${person.last_name}`.trim();
const [malformed, rateLimited, failing] = people.map(nameOf);

async function connection(
  user: TestUser,
  category_type: string,
  connection_parameters: Record<string, string>,
): Promise<PlatformConnection> {
  return expectStatus<PlatformConnection>(
    await api.call(user.token, { method: 'POST', url: '/api/v1/platform-connections/', payload: { category_type, connection_parameters } }),
    201,
  );
}
const get = async <T>(user: TestUser, url: string) => expectStatus<T>(await api.call(user.token, { method: 'GET', url }), 200);
async function profileOf(person: ImportProfile): Promise<Profile> {
  const { id } = await api.handle.db
    .selectFrom('profile')
    .select('id')
    .where('external_id', '=', person.external_id)
    .executeTakeFirstOrThrow();
  return get<Profile>(owner, `/api/v1/profiles/${id}`);
}
const annotationOf = (profile: Profile) => Object.fromEntries(ANNOTATION_FIELDS.map((field) => [field, profile[field as keyof Profile]]));

describe('a synthetic source annotated by an LLM connection', () => {
  let llmName: string;
  let sourceId: number;
  beforeAll(async () => {
    expect(new Set(people.map(nameOf)).size).toBe(PEOPLE); // the fake tells people apart by name
    llmName = `llm:127.0.0.1:${fake.port}`;
    fake.reply = ({ person, attempt }) => {
      if (person === malformed) return { content: '{"age_value": "unknown"' };
      if (person === rateLimited && attempt === 1)
        return { status: 429, message: 'Rate limit reached', headers: { 'retry-after-ms': '1' } };
      if (person === failing) return { status: 500, message: 'The server had an error', headers: { 'retry-after-ms': '1' } };
      return { content: wellFormed(person) };
    };
    const llm = await connection(owner, 'openai_compatible', { base_url: fake.url, api_key: 'k', model: 'fake-1' });
    expect(llm.connection_parameters.api_key).not.toBe('k'); // answered masked
    sourceId = (
      await createSource(
        api,
        owner,
        { people: String(PEOPLE), seed: String(SEED), change_share: '0', annotation_connection: String(llm.id) },
        'Annotated by an LLM',
      )
    ).id;
  });

  it('the type offers the field; a value that is not an id is refused', async () => {
    const dimensions = await get<DataSourceDimensions>(owner, '/api/v1/data-sources/dimensions/');
    expect(dimensions.synthetic.additional_data.annotation_connection).toMatchObject({
      label: 'LLM annotation (platform connection)',
      type: 'connection',
      category: 'openai_compatible',
      required: false,
    });
    expectErrors(
      await api.call(owner.token, {
        method: 'POST',
        url: '/api/v1/data-sources/',
        payload: { name: 'Bad', source_type: 'synthetic', additional_data: { people: '2', annotation_connection: 'gpt' }, schedule: null },
      }),
      400,
      ['additional_data.annotation_connection'],
    );
  });

  it("the profiles carry the model's annotations with its provenance; the malformed answer and the lasting 500 fall back to offline", async () => {
    const execution = await retrieveAndWait(api, owner, sourceId);
    expect(execution).toMatchObject({ status: 'SUCCESS', result: null });
    expect(execution.progress).toMatchObject({ processed: PEOPLE, created: PEOPLE, failed: 0 });
    for (const person of people) {
      const profile = await profileOf(person);
      const name = nameOf(person);
      if (name === malformed || name === failing) {
        expect(annotationOf(profile)).toEqual(annotateOffline(person));
        for (const field of ANNOTATION_FIELDS)
          expect(profile.annotation_provenance[field]).toMatchObject({ annotator: 'offline-heuristics', model: 'heuristics-v1' });
      } else {
        expect(annotationOf(profile)).toEqual(wellFormedAnnotation(name));
        for (const field of ANNOTATION_FIELDS)
          expect(profile.annotation_provenance[field]).toMatchObject({ annotator: llmName, model: 'fake-1' });
      }
    }
    const attempts = (name: string) => fake.requests.filter((r) => r.person === name).length;
    expect(attempts(rateLimited)).toBe(2);
    expect(attempts(failing)).toBe(4); // the first and 3 retries
    expect(attempts(malformed)).toBe(1);
    expect(
      fake.requests.every((r) => r.authorization === 'Bearer k' && r.model === 'fake-1' && r.body.response_format?.type === 'json_schema'),
    ).toBe(true);
  });

  it('the next run asks only about people whose record changed or who fell back; a staff correction is kept when the model answers otherwise', async () => {
    const corrected = people[3];
    const before = await profileOf(corrected);
    expectStatus<Profile>(
      await api.call(staff.token, { method: 'PATCH', url: `/api/v1/profiles/${before.id}/annotation/`, payload: { tech_rating: 1.1 } }),
      200,
    );
    fake.reply = ({ person }) => ({ content: { ...wellFormed(person), tech_rating: 4, summary: `Second opinion on ${person}.` } });
    const asked = () => new Set(fake.requests.map((r) => r.person));

    // nobody changed: only the two who fell back to offline last time are asked again
    fake.requests.length = 0;
    expect(await retrieveAndWait(api, owner, sourceId)).toMatchObject({ status: 'SUCCESS', progress: { processed: PEOPLE, created: 0 } });
    expect(asked()).toEqual(new Set([malformed, failing]));
    const recovered = await profileOf(people[0]);
    expect(recovered).toMatchObject({ tech_rating: 4, summary: `Second opinion on ${malformed}.` });
    expect(recovered.annotation_provenance.tech_rating).toMatchObject({ annotator: llmName, model: 'fake-1' });
    expect((await profileOf(corrected)).summary).toBe(before.summary); // not asked: the first opinion stands

    // everyone changes job or location: everyone is asked, the correction stays
    await sql`UPDATE data_source SET additional_data = additional_data || '{"change_share": "100"}'::jsonb WHERE id = ${sourceId}`.execute(
      api.handle.db,
    );
    fake.requests.length = 0;
    expect(await retrieveAndWait(api, owner, sourceId)).toMatchObject({
      status: 'SUCCESS',
      progress: { processed: PEOPLE, updated: PEOPLE },
    });
    expect(asked()).toEqual(new Set(people.map(nameOf)));
    const after = await profileOf(corrected);
    expect(after.tech_rating).toBe(1.1);
    expect(after.annotation_provenance.tech_rating).toMatchObject({ annotator: 'staff', corrected_by: staff.email });
    expect(after.summary).toBe(`Second opinion on ${nameOf(corrected)}.`);
    expect(after.annotation_provenance.summary).toMatchObject({ annotator: llmName, model: 'fake-1' });
  });
});

describe('a connection the retrieval cannot use', () => {
  const failure = async (annotation_connection: string, name: string) => {
    const source = await createSource(api, owner, { people: '2', seed: '60602', annotation_connection }, name);
    const execution = await retrieveAndWait(api, owner, source.id);
    expect(execution.status).toBe('FAILURE');
    expect(execution.progress.processed).toBe(0);
    const held = await api.handle.db
      .selectFrom('profile')
      .select('id')
      .where(sql<boolean>`data_source_ids @> ARRAY[${source.id}::int]`)
      .execute();
    expect(held).toEqual([]);
    return execution.result!;
  };

  it("missing, someone else's, or of another category: the retrieval fails saying so, nothing is written", async () => {
    expect(await failure('999999', 'Missing connection')).toMatchObject({ exc_type: 'PlatformConnectionMissing' });
    const theirs = await connection(stranger, 'openai_compatible', { base_url: fake.url, api_key: 'k', model: 'fake-1' });
    expect(await failure(String(theirs.id), "Someone else's connection")).toMatchObject({ exc_type: 'PlatformConnectionMissing' });
    const header = await connection(owner, 'http_header', { header_name: 'Authorization', header_value: 'Bearer abc' });
    expect(await failure(String(header.id), 'Wrong category')).toMatchObject({ exc_type: 'PlatformConnectionMismatch' });
  });
});
