// The connectors that call out — People Data Labs and an LLM (OpenAI-compatible API) — through
// the server as `npm start` runs it (the bundle): the API suites run them from the sources, where
// a bundling difference cannot show (the bundle once turned `import('undici')` into a namespace
// without `Agent` and `fetch`, and every request failed before connecting while every test
// passed). Both fakes listen on the loopback; the app under test allows it (ALLOW_PRIVATE_FEEDS=1
// in global-setup.ts).
import { expect, test } from './fixtures/test';
import { api, createActiveUser, signInToken } from './fixtures/accounts';
import { signIn } from './fixtures/ui';
import { KEY, population, startFakePdl, type FakePdl } from '../support/fake-pdl';
import { startFakeOpenAi, type FakeOpenAi } from '../support/fake-openai';
import type { DataSource, PlatformConnection } from '../../types/api';

let pdl: FakePdl;
let llm: FakeOpenAi;
test.beforeAll(async () => {
  pdl = await startFakePdl();
  llm = await startFakeOpenAi('llm-key', 'fake-e2e');
});
test.afterAll(async () => {
  await pdl?.close();
  await llm?.close();
});

test('a People Data Labs source annotated by an LLM: retrieved by the built server, its people annotated by the model', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const user = await createActiveUser('connectors');
  const token = await signInToken(user);
  const connection = (category_type: string, connection_parameters: Record<string, string>) =>
    api<PlatformConnection>('/platform-connections/', { method: 'POST', token, body: { category_type, connection_parameters } });
  const pdlConnection = await connection('people_data_labs', { api_key: KEY, base_url: pdl.baseUrl });
  const llmConnection = await connection('openai_compatible', { base_url: llm.url, api_key: 'llm-key', model: 'fake-e2e' });
  const query = population(pdl, `e2e${Date.now().toString(36)}`, 3);
  const source = await api<DataSource>('/data-sources/', {
    method: 'POST',
    token,
    body: {
      name: 'PDL founders, LLM-annotated',
      source_type: 'people_data_labs',
      additional_data: { query, max_profiles: '10', connection: String(pdlConnection.id), annotation_connection: String(llmConnection.id) },
      schedule: null,
    },
  });

  await signIn(page, user);
  await page.goto(`/data-sources/${source.id}`);
  await page.getByRole('button', { name: 'Retrieve Data' }).click();
  await expect(page).toHaveURL(/\/executions\/\d+$/);
  await expect(page.getByText('SUCCESS', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('3 of 3')).toBeVisible();
  expect(pdl.searches.map((s) => s.body.sql)).toContain(query);
  expect(llm.requests.map((r) => r.person).sort()).toEqual(
    ['Person0', 'Person1', 'Person2'].map((first) => `${first} ${query.match(/tag='(.+)'/)?.[1]}`).sort(),
  );

  await page.goto(`/profiles?data_sources=${source.id}`);
  await expect(page.getByText('There are 3 profiles')).toBeVisible();
  await page.getByRole('link', { name: 'Person0' }).click();
  await expect(page).toHaveURL(/\/profiles\/\d+$/);
  // the fake model's summary, not the offline heuristics'
  await expect(page.getByText(/Fake summary of Person0 /)).toBeVisible();
});
