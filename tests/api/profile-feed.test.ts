// Profile feeds end to end (issue "Profile feed"): a local HTTP server speaks the real protocol
// (Content-Type, chunked bodies, gzip, an auth header, 500, 429, 404, redirects, a server that
// hangs) and a retrieval reads it through the worker in the test's process: people created,
// counted, failed rows with their reasons in the execution's result; transient failures retried,
// others not. Without ALLOW_PRIVATE_FEEDS the same server is refused, never reached.
import http from 'node:http';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi, type TestUser } from './harness';
import { expectErrors, expectStatus } from './expect';
import { createSource, retrieveAndWait } from './retrieval-support';
import type { Execution, ListResponse, PlatformConnection, Profile, ProfileSummary } from '../../types/api';

const SECRET = 'Bearer feed-secret-1234';
const person = (id: string, extra: object = {}) => ({
  external_id: `https://network.test/in/${id}`,
  first_name: id,
  last_name: 'Feed',
  ...extra,
});
const JSON_FEED =
  `[\n${JSON.stringify(person('ada', { skills: [{ name: 'Python', endorsements: 4 }], jobs: [{ job_title: 'CTO', start_date: '2021-01', end_date: null, company: { external_id: 'https://network.test/company/acme', name: 'Acme' } }] }))},\n` +
  `${JSON.stringify(person('bob'))},\n{"first_name": "No id"},\n{"external_id": "x", "first_name": tru},\n${JSON.stringify(person('cy'))}\n]\n`;
const NDJSON_FEED = `${JSON.stringify(person('dee'))}\n\n{"external_id": \n   \n${JSON.stringify(person('eve'))}\r\n`;
const CSV_FEED = [
  'external_id,first_name,last_name,headline,skills,languages,educations',
  `https://network.test/in/fay,Fay,"O""Brien","Founder, CEO\nand builder",Go; Rust,English; Irish,"[{""degree"": ""MSc"", ""school"": {""name"": ""TCD""}}]"`,
  'https://network.test/in/gus,Gus,Feed,,,,not json',
  'https://network.test/in/hal,Hal,Feed,,,,',
].join('\r\n');

interface Seen {
  path: string;
  auth?: string;
  accept?: string;
}
const seen: Seen[] = [];
const hits = new Map<string, number>();
let feedServer: http.Server;
let base: string;
/** the /resume feed breaks its first answer once this returns true (the retrieval committed a checkpoint) */
let committedEnough: () => Promise<boolean> = async () => true;
const RESUME_PEOPLE = 1_200;
const RESUME_BREAK = 1_100;
const resumeLines = Array.from({ length: RESUME_PEOPLE }, (_, i) => `${JSON.stringify(person(`r${i}`))}\n`);

/** Writes `text` in small pieces, one turn of the event loop apart (a chunked, streamed body). */
async function stream(response: http.ServerResponse, text: string, piece = 37): Promise<void> {
  for (let i = 0; i < text.length; i += piece) {
    response.write(text.slice(i, i + piece));
    await new Promise((resolve) => setImmediate(resolve));
  }
  response.end();
}

function route(request: http.IncomingMessage, response: http.ServerResponse): void | Promise<void> {
  const url = new URL(request.url!, 'http://feed.test');
  const count = (hits.get(url.pathname) ?? 0) + 1;
  hits.set(url.pathname, count);
  seen.push({ path: url.pathname, auth: request.headers.authorization, accept: request.headers['accept-encoding'] as string | undefined });
  switch (url.pathname) {
    case '/people.json':
      if (request.headers.authorization !== SECRET)
        return void response.writeHead(401, { 'content-type': 'text/plain' }).end('who are you?');
      response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
      return stream(response, JSON_FEED);
    case '/feed/latest': // no extension: the media type says NDJSON; gzip-encoded
      response.writeHead(200, { 'content-type': 'application/x-ndjson', 'content-encoding': 'gzip' });
      return void response.end(zlib.gzipSync(NDJSON_FEED));
    case '/export':
      response.writeHead(200, { 'content-type': 'text/csv' });
      return stream(response, CSV_FEED, 11);
    case '/flaky.ndjson':
      if (count === 1) return void response.writeHead(500).end('oops');
      response.writeHead(200, { 'content-type': 'application/x-ndjson' });
      return stream(response, `${JSON.stringify(person('ivy'))}\n`);
    case '/busy.ndjson':
      if (count === 1) return void response.writeHead(429, { 'retry-after': '1' }).end();
      response.writeHead(200, { 'content-type': 'application/x-ndjson' });
      return stream(response, `${JSON.stringify(person('jo'))}\n`);
    case '/moved':
      return void response.writeHead(301, { location: '/flaky.ndjson' }).end();
    case '/resume.ndjson':
      response.writeHead(200, { 'content-type': 'application/x-ndjson' });
      if (count > 1) return stream(response, resumeLines.join(''), 64 * 1024);
      return (async () => {
        response.write(resumeLines.slice(0, RESUME_BREAK).join(''));
        while (!(await committedEnough())) await new Promise((resolve) => setTimeout(resolve, 20));
        response.socket!.destroy(); // the connection breaks in the middle of the body
      })();
    case '/hang-headers':
      return; // never answers
    case '/hang-body':
      response.writeHead(200, { 'content-type': 'application/x-ndjson' });
      return void response.write(`${JSON.stringify(person('kim'))}\n`); // then nothing, never ending
    case '/unknown-format':
      return void response.writeHead(200, { 'content-type': 'text/plain' }).end('external_id\n');
    default:
      return void response.writeHead(404, { 'content-type': 'text/plain' }).end('not here');
  }
}

beforeAll(async () => {
  feedServer = http.createServer((request, response) => void route(request, response));
  await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  feedServer.closeAllConnections();
  await new Promise((resolve) => feedServer.close(resolve));
});

const get = async <T>(api: TestApi, user: TestUser, url: string) =>
  expectStatus<T>(await api.call(user.token, { method: 'GET', url }), 200);
const feed = (api: TestApi, user: TestUser, additional_data: Record<string, string>, name = 'Feed') =>
  createSource(api, user, additional_data, name, 'profile_feed');
const requestsTo = (path: string) => seen.filter((s) => s.path === path).length;

describe('profile feeds, private addresses allowed (the feed is on this machine)', () => {
  let api: TestApi;
  let owner: TestUser;
  let stranger: TestUser;
  let connection: PlatformConnection;
  const profilesOf = (sourceId: number) =>
    get<ListResponse<ProfileSummary>>(api, owner, `/api/v1/profiles?data_sources=${sourceId}&page_size=100&ordering=id`);

  beforeAll(async () => {
    api = await startTestApi({ allowPrivateFeeds: true, jobTiming: { heartbeatSeconds: 30, superviseSeconds: 30, retryDelaySeconds: 0 } });
    owner = await api.user({ email: 'owner@feeds.test' });
    stranger = await api.user({ email: 'stranger@feeds.test' });
    const payload = { category_type: 'http_header', connection_parameters: { header_name: 'Authorization', header_value: SECRET } };
    connection = expectStatus<PlatformConnection>(
      await api.call(owner.token, { method: 'POST', url: '/api/v1/platform-connections/', payload }),
      201,
    );
  });
  afterAll(async () => api?.close());

  it('is offered as a type, with its fields and the common schedules', async () => {
    const types = await get<
      Record<string, { label: string; additional_data: Record<string, { required: boolean }>; schedule_options: { value: string }[] }>
    >(api, owner, '/api/v1/data-sources/dimensions/');
    expect(Object.keys(types.profile_feed.additional_data)).toEqual([
      'url',
      'format',
      'auth_connection',
      'timeout_seconds',
      'annotation_connection',
    ]);
    expect(types.profile_feed.additional_data.url.required).toBe(true);
    expect(types.profile_feed.schedule_options[0].value).toBe('');
  });

  it('checks its fields, each problem naming its field', async () => {
    const create = (additional_data: Record<string, string>) =>
      api.call(owner.token, {
        method: 'POST',
        url: '/api/v1/data-sources/',
        payload: { name: 'Bad', source_type: 'profile_feed', additional_data, schedule: null },
      });
    expectErrors(await create({ format: 'json' }), 400, ['additional_data.url']);
    expectErrors(await create({ url: 'not a url', format: 'xml', auth_connection: 'abc', timeout_seconds: '0' }), 400, [
      'additional_data.url',
      'additional_data.format',
      'additional_data.auth_connection',
      'additional_data.timeout_seconds',
    ]);
    expectErrors(await create({ url: 'ftp://example.com/people.csv', timeout_seconds: '601' }), 400, [
      'additional_data.url',
      'additional_data.timeout_seconds',
    ]);
    const body = expectErrors(await create({ url: 'https://user:pass@example.com/people.csv' }), 400, ['additional_data.url']);
    expect(body.errors.join()).toMatch(/platform connection/);
    await feed(api, owner, { url: 'https://example.com/people.csv', format: 'CSV', auth_connection: '12', timeout_seconds: '600' }, 'Good');
  });

  it('a JSON feed streamed behind an auth header: its people created, its bad records counted with their reasons', async () => {
    const source = await feed(
      api,
      owner,
      { url: `${base}/people.json`, format: 'json', auth_connection: String(connection.id) },
      'JSON feed',
    );
    const execution = await retrieveAndWait(api, owner, source.id);
    expect(execution).toMatchObject({ status: 'SUCCESS', attempts: 1 });
    expect(execution.progress).toEqual({ total: 5, processed: 5, created: 3, updated: 0, unchanged: 0, failed: 2 });
    expect(execution.result).toEqual({
      exc_type: 'RecordErrors',
      exc_message: [
        '2 of 5 records could not be read.',
        expect.stringMatching(/^record 3: line 4: external_id: This field is required\.$/),
        expect.stringMatching(/^record 4: line 5: not valid JSON \(/),
      ],
    });
    expect(seen.filter((s) => s.path === '/people.json').map((s) => s.auth)).toEqual([SECRET]);
    const list = await profilesOf(source.id);
    expect(list.results.map((p) => p.first_name).sort()).toEqual(['ada', 'bob', 'cy']);
    const ada = await get<Profile>(api, owner, `/api/v1/profiles/${list.results.find((p) => p.first_name === 'ada')!.id}`);
    expect(ada).toMatchObject({
      external_id: 'https://network.test/in/ada',
      skills: [{ name: 'Python', endorsements: 4 }],
      jobs: [{ job_title: 'CTO', company: { name: 'Acme' } }],
    });
  });

  it('without the auth header the feed answers 401: the retrieval fails at once, saying so', async () => {
    const source = await feed(api, owner, { url: `${base}/people.json` }, 'No auth');
    const execution = await retrieveAndWait(api, owner, source.id);
    expect(execution).toMatchObject({ status: 'FAILURE', attempts: 1, result: { exc_type: 'FeedHttpError' } });
    expect(execution.result!.exc_message[0]).toMatch(/answered HTTP 401.*auth connection/);
  });

  it('a platform connection of another user (not a colleague) is refused, the feed never asked', async () => {
    const payload = {
      category_type: 'http_header',
      connection_parameters: { header_name: 'Authorization', header_value: 'Bearer not-yours' },
    };
    const theirs = expectStatus<PlatformConnection>(
      await api.call(stranger.token, { method: 'POST', url: '/api/v1/platform-connections/', payload }),
      201,
    );
    const before = requestsTo('/people.json');
    const source = await feed(api, owner, { url: `${base}/people.json`, auth_connection: String(theirs.id) }, 'Borrowed auth');
    const execution = await retrieveAndWait(api, owner, source.id);
    expect(execution).toMatchObject({ status: 'FAILURE', attempts: 1, result: { exc_type: 'PlatformConnectionMissing' } });
    expect(requestsTo('/people.json')).toBe(before);
  });

  it('NDJSON, gzip-encoded, its format told by the Content-Type: blank lines skipped, a bad line fails alone', async () => {
    const source = await feed(api, owner, { url: `${base}/feed/latest` }, 'NDJSON feed');
    const execution = await retrieveAndWait(api, owner, source.id);
    expect(execution.progress).toMatchObject({ processed: 3, created: 2, failed: 1 });
    expect(execution.result).toEqual({
      exc_type: 'RecordErrors',
      exc_message: ['1 of 3 records could not be read.', expect.stringMatching(/^record \d+: line 3: not valid JSON/)],
    });
    expect(seen.find((s) => s.path === '/feed/latest')!.accept).toMatch(/gzip/);
    expect((await profilesOf(source.id)).results.map((p) => p.first_name).sort()).toEqual(['dee', 'eve']);
  });

  it('CSV with quoted commas, quotes and line breaks, "a; b" lists and JSON lists in cells', async () => {
    const source = await feed(api, owner, { url: `${base}/export` }, 'CSV feed');
    const execution = await retrieveAndWait(api, owner, source.id);
    expect(execution.progress).toMatchObject({ processed: 3, created: 2, failed: 1 });
    expect(execution.result!.exc_message).toEqual([
      '1 of 3 records could not be read.',
      expect.stringMatching(/^record \d+: line 4: educations: must be a JSON list such as \[\{…\}\]\.$/),
    ]);
    const fay = (await profilesOf(source.id)).results.find((p) => p.first_name === 'Fay')!;
    expect(await get<Profile>(api, owner, `/api/v1/profiles/${fay.id}`)).toMatchObject({
      last_name: 'O"Brien',
      headline: 'Founder, CEO\nand builder',
      skills: [{ name: 'Go' }, { name: 'Rust' }],
      languages: [{ name: 'English' }, { name: 'Irish' }],
      educations: [{ degree: 'MSc', school: { name: 'TCD' } }],
    });
  });

  it('a 500 is transient: retried, the second attempt succeeds (after a redirect, followed)', async () => {
    const source = await feed(api, owner, { url: `${base}/moved` }, 'Flaky');
    const execution = await retrieveAndWait(api, owner, source.id);
    expect(execution).toMatchObject({ status: 'SUCCESS', attempts: 2, result: null, progress: { created: 1 } });
    expect(requestsTo('/flaky.ndjson')).toBe(2);
  });

  it('a 429 is transient too', async () => {
    const source = await feed(api, owner, { url: `${base}/busy.ndjson` }, 'Busy');
    const execution = await retrieveAndWait(api, owner, source.id);
    expect(execution).toMatchObject({ status: 'SUCCESS', attempts: 2, progress: { created: 1 } });
  });

  it('a 404 is not: the retrieval fails at once, naming the status', async () => {
    const source = await feed(api, owner, { url: `${base}/gone.csv` }, 'Gone');
    const execution = await retrieveAndWait(api, owner, source.id);
    expect(execution).toMatchObject({ status: 'FAILURE', attempts: 1, result: { exc_type: 'FeedHttpError' } });
    expect(execution.result!.exc_message[0]).toMatch(/answered HTTP 404 Not Found/);
  });

  it('a feed whose format cannot be told fails at once, asking for the format', async () => {
    const execution = await retrieveAndWait(api, owner, (await feed(api, owner, { url: `${base}/unknown-format` }, 'Unknown')).id);
    expect(execution).toMatchObject({ status: 'FAILURE', attempts: 1, result: { exc_type: 'FeedFormatError' } });
  });

  it('a connection broken mid-body is retried and resumes after the committed records, none read twice', async () => {
    const source = await feed(api, owner, { url: `${base}/resume.ndjson` }, 'Resumed');
    const checkpoint = async () =>
      (await api.handle.db.selectFrom('execution').select('checkpoint').where('data_source_id', '=', source.id).executeTakeFirst())
        ?.checkpoint ?? 0;
    committedEnough = async () => (await checkpoint()) >= 1_000;
    const execution = await retrieveAndWait(api, owner, source.id);
    expect(execution).toMatchObject({ status: 'SUCCESS', attempts: 2, result: null });
    expect(execution.progress).toMatchObject({ processed: RESUME_PEOPLE, created: RESUME_PEOPLE, updated: 0, unchanged: 0, failed: 0 });
    expect((await profilesOf(source.id)).count).toBe(RESUME_PEOPLE);
    expect(requestsTo('/resume.ndjson')).toBe(2);
  });

  it('a server that never answers times out; the timeout is transient, retried, then the retrieval fails', async () => {
    const source = await feed(api, owner, { url: `${base}/hang-headers`, format: 'ndjson', timeout_seconds: '1' }, 'Silent');
    const execution = await retrieveAndWait(api, owner, source.id);
    expect(execution).toMatchObject({ status: 'FAILURE', attempts: 4, result: { exc_type: 'FeedTimeout' } });
    expect(execution.result!.exc_message[0]).toMatch(/did not answer within 1 s/);
  }, 60_000);

  it('a body that stops in the middle times out the same way, nothing written twice', async () => {
    const source = await feed(api, owner, { url: `${base}/hang-body`, timeout_seconds: '1' }, 'Stalled');
    const execution = await retrieveAndWait(api, owner, source.id);
    expect(execution).toMatchObject({ status: 'FAILURE', attempts: 4, result: { exc_type: 'FeedTimeout' } });
    expect(execution.result!.exc_message[0]).toMatch(/sent nothing for 1 s/);
    expect((await profilesOf(source.id)).count).toBe(execution.progress.created);
  }, 60_000);
});

describe('profile feeds, private addresses refused (the default)', () => {
  let api: TestApi;
  let owner: TestUser;
  beforeAll(async () => {
    api = await startTestApi();
    owner = await api.user({ email: 'owner@refused.test' });
  });
  afterAll(async () => api?.close());

  it('a feed on a loopback address is refused without being asked, and not retried', async () => {
    const before = seen.length;
    for (const url of [
      `${base}/export`,
      `${base.replace('127.0.0.1', 'localhost')}/export`,
      `${base.replace('127.0.0.1', '[::ffff:127.0.0.1]')}/export`,
    ]) {
      const execution: Execution = await retrieveAndWait(api, owner, (await feed(api, owner, { url, format: 'csv' }, url)).id);
      expect(execution, url).toMatchObject({ status: 'FAILURE', attempts: 1, result: { exc_type: 'FeedAddressRefused' } });
      expect(execution.result!.exc_message[0]).toMatch(/ALLOW_PRIVATE_FEEDS/);
    }
    expect(seen.length).toBe(before);
  });
});
