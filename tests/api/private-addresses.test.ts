// The addresses a user types in a platform connection — a People Data Labs or LLM base URL —
// may not make the server reach its own network unless the operator allows it
// (ALLOW_PRIVATE_FEEDS, off here): the retrieval fails at once saying so, and nothing reaches the
// address. (Profile feeds: tests/api/profile-feed.test.ts.)
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi, type TestUser } from './harness';
import { expectStatus } from './expect';
import type { PlatformConnection } from '../../types/api';
import { createSource, retrieveAndWait } from './retrieval-support';

let api: TestApi;
let owner: TestUser;
let server: http.Server;
let hits = 0;
let port = 0;

beforeAll(async () => {
  server = http.createServer((_request, response) => {
    hits++;
    response.writeHead(500).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  api = await startTestApi({ allowPrivateFeeds: false });
  owner = await api.user({ email: 'owner@private-addresses.test' });
});
afterAll(async () => {
  await api?.close();
  await new Promise((resolve) => server?.close(resolve));
});

async function connection(category_type: string, connection_parameters: Record<string, string>): Promise<PlatformConnection> {
  return expectStatus<PlatformConnection>(
    await api.call(owner.token, {
      method: 'POST',
      url: '/api/v1/platform-connections/',
      payload: { category_type, connection_parameters },
    }),
    201,
  );
}

describe("a base URL on the server's own network", () => {
  it.each([
    ['an IP literal', () => `http://127.0.0.1:${port}/v5`],
    ['a name that resolves to the loopback', () => `http://localhost:${port}/v5`],
  ])('People Data Labs at %s: FAILURE at once, saying why and how the operator may allow it', async (_, url) => {
    const pdl = await connection('people_data_labs', { api_key: 'key-1234', base_url: url() });
    const source = await createSource(
      api,
      owner,
      { mode: 'search', query: "SELECT * FROM person WHERE job_title = 'cto'", connection: String(pdl.id) },
      'PDL at home',
      'people_data_labs',
    );
    const execution = await retrieveAndWait(api, owner, source.id);
    expect(execution.status).toBe('FAILURE');
    expect(execution.result).toMatchObject({ exc_type: 'AddressRefused' });
    expect(execution.result!.exc_message[0]).toMatch(
      /^The People Data Labs API address .*(127\.0\.0\.1|::1).* is a loopback, link-local or private address: refused .*ALLOW_PRIVATE_FEEDS=1/,
    );
    expect(hits).toBe(0);
  });

  it('an LLM endpoint: the retrieval fails before annotating anyone; nothing is written', async () => {
    const llm = await connection('openai_compatible', { base_url: `http://localhost:${port}/v1`, api_key: 'k', model: 'm' });
    const source = await createSource(api, owner, { people: '3', annotation_connection: String(llm.id) }, 'LLM at home');
    const execution = await retrieveAndWait(api, owner, source.id);
    expect(execution.status).toBe('FAILURE');
    expect(execution.result).toMatchObject({ exc_type: 'AddressRefused' });
    expect(execution.result!.exc_message[0]).toMatch(/^The LLM endpoint's address localhost \((127\.0\.0\.1|::1)\) is a loopback/);
    expect(execution.progress.processed).toBe(0);
    expect(hits).toBe(0);
  });
});
