// @vitest-environment node
// The profile feed's pieces, alone: the streaming readers of JSON, NDJSON and CSV fed text cut
// at arbitrary points (checked against JSON.parse and a plain CSV writer with fast-check), the
// reading of records into the import format, and the address guard with every range it refuses.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { JsonArrayReader, type TextRecord } from '../../../server/connectors/feed/json-array';
import { CsvReader, NdjsonReader, type CsvRecord } from '../../../server/connectors/feed/line-formats';
import { feedRecords, guessFormat, itemOf, type FeedFormat } from '../../../server/connectors/feed/records';
import { anyAddress, checkFeedUrl, guardedLookup, isPrivateAddress, publicOnly } from '../../../server/connector-kit/address-guard';
import { openFeed, retryAfterSeconds } from '../../../server/connectors/feed/http-feed';
import { ConnectorError } from '../../../server/connector-kit/connector-error';

/** `text` cut at the given points (any numbers: taken modulo the length, sorted). */
function cut(text: string, points: number[]): string[] {
  const at = [...new Set(points.map((p) => (text.length ? p % (text.length + 1) : 0)))].sort((a, b) => a - b);
  const chunks: string[] = [];
  let from = 0;
  for (const p of at) {
    chunks.push(text.slice(from, p));
    from = p;
  }
  chunks.push(text.slice(from));
  return chunks;
}

type Reader<R> = { push(chunk: string): R[]; end(): R[] };
const readAll = <R>(reader: Reader<R>, chunks: string[]) => [...chunks.flatMap((chunk) => reader.push(chunk)), ...reader.end()];
const texts = (records: TextRecord[]) => records.map((record) => ('text' in record ? record.text : `error: ${record.error}`));
const feedError = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ConnectorError);
    expect((error as ConnectorError).name).toBe('FeedFormatError');
    return (error as Error).message;
  }
  throw new Error('expected a FeedFormatError');
};

describe('JSON feeds, streamed', () => {
  it('give the same records as JSON.parse, however the text is cut (a top-level array)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.jsonValue(), { maxLength: 12 }),
        fc.constantFrom(undefined, 2, '\t'),
        fc.array(fc.nat(), { maxLength: 12 }),
        (values, space, points) => {
          const text = JSON.stringify(values, null, space);
          const records = texts(readAll(new JsonArrayReader(), cut(text, points)));
          expect(records.map((record) => JSON.parse(record))).toEqual(JSON.parse(text));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('give the "profiles" of an object, its other keys skipped, however the text is cut', () => {
    fc.assert(
      fc.property(
        fc.array(fc.object(), { maxLength: 8 }),
        fc.jsonValue(),
        fc.jsonValue(),
        fc.array(fc.nat(), { maxLength: 12 }),
        (profiles, before, after, points) => {
          const text = JSON.stringify({ 'a "key", with [brackets]': before, profiles, after }, null, 1);
          const records = texts(readAll(new JsonArrayReader(), cut(text, points)));
          expect(records.map((record) => JSON.parse(record))).toEqual(JSON.parse(text).profiles);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('name the line each record starts on; a malformed record fails alone', () => {
    const text = '[\n  {"external_id": "a"},\n  {"external_id": tru},\n  {"external_id": "c",\n   "first_name": "Ada"}, 7\n]\n';
    const records = readAll(new JsonArrayReader(), cut(text, [3, 17, 30]));
    expect(records.map((r) => r.line)).toEqual([2, 3, 4, 5]);
    const items = records.map(itemOf);
    expect(items[0]).toMatchObject({ profile: { external_id: 'a' } });
    expect(items[1]).toEqual({ error: expect.stringMatching(/^line 3: not valid JSON \(/) });
    expect(items[2]).toMatchObject({ profile: { external_id: 'c', first_name: 'Ada' } });
    expect(items[3]).toEqual({ error: 'line 5: the record is not an object.' });
  });

  it('fail the feed when its structure breaks, is empty, is cut short or lacks "profiles"', () => {
    expect(feedError(() => readAll(new JsonArrayReader(), ['[{"a": 1} {"b": 2}]']))).toMatch(/^line 1: unexpected "\{"/);
    expect(feedError(() => readAll(new JsonArrayReader(), ['  \n ']))).toMatch(/empty/);
    expect(feedError(() => readAll(new JsonArrayReader(), ['"just text"']))).toMatch(/JSON array of profiles/);
    expect(feedError(() => readAll(new JsonArrayReader(), ['[{"a": 1}, {"b": ']))).toMatch(/ends inside the record that starts on line 1/);
    expect(feedError(() => readAll(new JsonArrayReader(), ['[{"a": 1}\n']))).toMatch(/^line 2: the feed ends before the end of its array/);
    expect(feedError(() => readAll(new JsonArrayReader(), ['{"people": []}']))).toMatch(/no "profiles" list/);
    expect(feedError(() => readAll(new JsonArrayReader(), ['{"profiles": 3}']))).toMatch(/"profiles" must be a list/);
    expect(feedError(() => readAll(new JsonArrayReader(), ['[] x']))).toMatch(/after the end of the feed/);
    expect(texts(readAll(new JsonArrayReader(), ['\uFEFF[]']))).toEqual([]);
  });
});

describe('NDJSON feeds, streamed', () => {
  it('give one record a line, blank lines and CRLF ignored, however the text is cut', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.jsonValue().map((v) => JSON.stringify(v)),
            fc.constantFrom('', '   ', '\r'),
          ),
          { maxLength: 15 },
        ),
        fc.constantFrom('\n', '\r\n'),
        fc.array(fc.nat(), { maxLength: 10 }),
        (lines, eol, points) => {
          const text = lines.join(eol);
          const expected = lines.map((line, i) => ({ line: i + 1, text: line.trim() })).filter((record) => record.text);
          expect(readAll(new NdjsonReader(), cut(text, points))).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('a bad line fails alone, named by its line', () => {
    const text = '{"external_id": "a"}\n\n{"external_id": \n{"first_name": "No id"}\n{"external_id": "d"}';
    const items = readAll(new NdjsonReader(), [text]).map(itemOf);
    expect(items).toEqual([
      { profile: expect.objectContaining({ external_id: 'a' }) },
      { error: expect.stringMatching(/^line 3: not valid JSON/) },
      { error: 'line 4: external_id: This field is required.' },
      { profile: expect.objectContaining({ external_id: 'd' }) },
    ]);
  });
});

/** A plain RFC 4180 writer: quotes a value holding a comma, a quote or a line break. */
const csvLine = (cells: string[]) =>
  cells.map((cell) => (/[",\r\n]/.test(cell) || cell === '' ? `"${cell.replaceAll('"', '""')}"` : cell)).join(',');

describe('CSV feeds, streamed', () => {
  it('read back what a writer quoted (commas, doubled quotes, line breaks), however the text is cut', () => {
    const cell = fc.string({ unit: fc.constantFrom('a', 'b', ' ', ',', '"', '\n', '\r\n', 'é', '😀'), maxLength: 8 });
    fc.assert(
      fc.property(
        fc.array(fc.array(cell, { minLength: 2, maxLength: 4 }), { maxLength: 8 }),
        fc.constantFrom('\n', '\r\n'),
        fc.boolean(),
        fc.array(fc.nat(), { maxLength: 10 }),
        (rows, eol, last, points) => {
          const text = rows.map(csvLine).join(eol) + (last ? eol : '');
          const read = readAll(new CsvReader(), cut(text, points)) as CsvRecord[];
          expect(read.map((record) => ('cells' in record ? record.cells : record.error))).toEqual(rows);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('name the line a record starts on, past quoted line breaks; a broken record fails alone', () => {
    const text = 'external_id,headline\r\n"a","two\r\nlines"\r\n\r\nb,"bad"quote\r\nc,"ok"\r\nd,"never closed';
    const read = readAll(new CsvReader(), cut(text, [5, 25, 40]));
    expect(read).toEqual([
      { line: 1, cells: ['external_id', 'headline'] },
      { line: 2, cells: ['a', 'two\r\nlines'] },
      { line: 5, error: 'a quoted value must be followed by a comma or the end of the line.' },
      { line: 6, cells: ['c', 'ok'] },
      { line: 7, error: 'the feed ends inside a quoted value.' },
    ]);
  });

  it('map the header to the import format: JSON lists in cells, "a; b" names for skills, courses and languages', async () => {
    const jobs = JSON.stringify([
      { job_title: 'CTO', start_date: '2020-01', end_date: null, company: { external_id: 'https://example.com/c/1', name: 'Acme, Inc.' } },
    ]);
    const text = [
      'External_ID,first_name,last_name,skills,languages,jobs,unknown column',
      `p1,Ada,"Lovelace, Countess",Python; SQL ;,English;French,${csvLine([jobs])},ignored`,
      'p2,Bob,,"[{""name"": ""Go"", ""endorsements"": 3}]",,,',
      'p3,Cy,,,,not a list,',
      'p4,Short,row',
      'p5,Dee,,,,[broken,',
    ].join('\n');
    const items = [];
    for await (const record of feedRecords(
      'csv',
      (async function* () {
        yield* cut(text, [10, 99, 150]);
      })(),
    ))
      items.push(itemOf(record));
    expect(items[0]).toMatchObject({
      profile: {
        external_id: 'p1',
        last_name: 'Lovelace, Countess',
        skills: [
          { name: 'Python', endorsements: null },
          { name: 'SQL', endorsements: null },
        ],
        languages: [{ name: 'English' }, { name: 'French' }],
        jobs: [{ job_title: 'CTO', company: { name: 'Acme, Inc.' } }],
      },
    });
    expect(items[1]).toMatchObject({ profile: { external_id: 'p2', last_name: '', skills: [{ name: 'Go', endorsements: 3 }], jobs: [] } });
    expect(items.slice(2)).toEqual([
      { error: 'line 4: jobs: must be a JSON list such as [{…}].' },
      { error: "line 5: 3 values for the header's 7 columns." },
      { error: expect.stringMatching(/^line 6: jobs: not a valid JSON list/) },
    ]);
  });

  it('a header without external_id or repeating a column fails the feed', async () => {
    const read = async (text: string) => {
      for await (const record of feedRecords(
        'csv',
        (async function* () {
          yield text;
        })(),
      ))
        void record;
    };
    await expect(read('id,first_name\n1,Ada\n')).rejects.toThrow(/no external_id column/);
    await expect(read('external_id,jobs,JOBS\n')).rejects.toThrow(/repeats jobs/);
    await expect(read('')).resolves.toBeUndefined();
  });
});

describe('the format of a feed that does not say', () => {
  const guess = (type: string, url: string): FeedFormat | undefined => guessFormat(type, new URL(url));
  it("comes from a specific Content-Type, then the extension, then JSON's media type", () => {
    expect(guess('application/x-ndjson; charset=utf-8', 'https://x.test/feed.json')).toBe('ndjson');
    expect(guess('text/csv', 'https://x.test/feed')).toBe('csv');
    expect(guess('application/json', 'https://x.test/people.jsonl')).toBe('ndjson');
    expect(guess('application/octet-stream', 'https://x.test/people.CSV')).toBe('csv');
    expect(guess('application/json', 'https://x.test/people')).toBe('json');
    expect(guess('text/plain', 'https://x.test/people')).toBeUndefined();
  });
});

describe('the address guard', () => {
  const refused = [
    '0.0.0.0',
    '0.1.2.3',
    '10.0.0.0',
    '10.255.255.255',
    '100.64.0.1',
    '127.0.0.1',
    '127.255.255.254',
    '169.254.0.1',
    '169.254.169.254',
    '172.16.0.0',
    '172.20.10.1',
    '172.31.255.255',
    '192.168.0.1',
    '192.168.255.255',
    '192.0.2.1',
    '198.18.0.1',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    '0:0:0:0:0:0:0:1',
    'fc00::1',
    'fd12:3456::1',
    'fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
    'fe80::1',
    'fe80::1%eth0',
    'febf::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.1.2.3',
    '::ffff:192.168.1.1',
    '::ffff:169.254.169.254',
    '::ffff:0.0.0.0',
    '64:ff9b::a00:1',
    '2002:c0a8:101::1',
    '::127.0.0.1',
  ];
  const allowed = [
    '1.1.1.1',
    '8.8.8.8',
    '9.255.255.255',
    '11.0.0.0',
    '100.63.255.255',
    '172.15.255.255',
    '172.32.0.0',
    '192.167.255.255',
    '192.169.0.0',
    '169.253.255.255',
    '2606:4700:4700::1111',
    '2a00:1450:4001::200e',
    '::ffff:8.8.8.8',
    '2002:808:808::1',
    '2001:4860:4860::8888',
  ];

  it.each(refused)('refuses %s', (address) => expect(isPrivateAddress(address)).toBe(true));
  it.each(allowed)('allows %s', (address) => expect(isPrivateAddress(address)).toBe(false));

  it('refuses other schemes and private literals however they are written, unless allowed', () => {
    const check =
      (url: string, allow = publicOnly) =>
      () =>
        checkFeedUrl(new URL(url), allow);
    for (const url of [
      'http://127.0.0.1/',
      'http://[::1]:8080/',
      'http://2130706433/',
      'http://0x7f.1/',
      'http://0/',
      'https://[::ffff:169.254.169.254]/',
      'http://10.1/',
      'http://[fe80::1]/',
    ]) {
      expect(check(url), url).toThrow(/loopback, link-local or private address/);
    }
    expect(check('file:///etc/passwd', anyAddress)).toThrow(/http:\/\/ or https:\/\//);
    expect(check('ftp://example.com/x')).toThrow(/http:\/\/ or https:\/\//);
    expect(check('http://127.0.0.1/', anyAddress)).not.toThrow();
    expect(check('https://example.com/feed.json')).not.toThrow();
  });

  it('checks every address a host name resolves to, answering either lookup shape', async () => {
    const lookup = (allow: typeof publicOnly, all: boolean) =>
      new Promise<unknown>((resolve, reject) =>
        guardedLookup(allow)('localhost', { all }, (error, address) => (error ? reject(error) : resolve(address))),
      );
    await expect(lookup(publicOnly, true)).rejects.toThrow(/localhost \((127\.0\.0\.1|::1)\).*refused/);
    await expect(lookup(publicOnly, false)).rejects.toMatchObject({ name: 'FeedAddressRefused' });
    expect(await lookup(anyAddress, true)).toEqual(
      expect.arrayContaining([expect.objectContaining({ address: expect.stringMatching(/^(127\.0\.0\.1|::1)$/) })]),
    );
    expect(await lookup(anyAddress, false)).toMatch(/^(127\.0\.0\.1|::1)$/);
  });
});

describe('fetching a feed', () => {
  const seen: { port: number; path: string; auth?: string }[] = [];
  const servers: http.Server[] = [];
  const ports: number[] = [];
  beforeAll(async () => {
    for (let s = 0; s < 2; s++) {
      const server = http.createServer((request, response) => {
        const port = (server.address() as AddressInfo).port;
        seen.push({ port, path: request.url!, auth: request.headers['x-api-key'] as string | undefined });
        const [, to] = /^\/to\/(.*)$/.exec(request.url!) ?? [];
        if (to) return void response.writeHead(302, { location: decodeURIComponent(to) }).end();
        response.writeHead(200, { 'content-type': 'application/x-ndjson' }).end('{"external_id": "x"}\n');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      servers.push(server);
      ports.push((server.address() as AddressInfo).port);
    }
  });
  afterAll(() => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))));

  /** only the test servers' address: every other private address stays refused */
  const onlyLoopback = (address: string) => address === '127.0.0.1' || !isPrivateAddress(address);
  const open = (url: string) =>
    openFeed(url, { timeoutMs: 5_000, signal: new AbortController().signal, allow: onlyLoopback, auth: { name: 'x-api-key', value: 'k' } });

  it('refuses a redirect to a private address, without connecting to it', async () => {
    for (const target of ['http://169.254.169.254/latest/meta-data/', 'http://10.0.0.1/feed', 'http://[::1]/feed', 'gopher://127.0.0.1/']) {
      const url = `http://127.0.0.1:${ports[0]}/to/${encodeURIComponent(target)}`;
      await expect(open(url)).rejects.toMatchObject({ name: 'FeedAddressRefused' });
    }
  });

  it('follows redirects, sending the auth header to the first origin only', async () => {
    seen.length = 0;
    const elsewhere = `http://127.0.0.1:${ports[1]}/feed.ndjson`;
    const feed = await open(`http://127.0.0.1:${ports[0]}/to/${encodeURIComponent(`/to/${encodeURIComponent(elsewhere)}`)}`);
    let body = '';
    for await (const chunk of feed.body) body += chunk;
    expect(body).toBe('{"external_id": "x"}\n');
    expect(feed.url.href).toBe(elsewhere);
    expect(seen.map(({ port, auth }) => [port, auth])).toEqual([
      [ports[0], 'k'],
      [ports[0], 'k'],
      [ports[1], undefined],
    ]);
  });

  it('stops after 5 redirects', async () => {
    let url = `http://127.0.0.1:${ports[0]}/feed`;
    for (let i = 0; i < 6; i++) url = `/to/${encodeURIComponent(url)}`;
    await expect(open(`http://127.0.0.1:${ports[0]}${url}`)).rejects.toThrow(/more than 5 times/);
  });

  it('reads Retry-After in seconds or as a date', () => {
    expect(retryAfterSeconds('120')).toBe(120);
    expect(retryAfterSeconds(new Date(Date.UTC(2026, 0, 1, 0, 1)).toUTCString(), Date.UTC(2026, 0, 1))).toBe(60);
    expect(retryAfterSeconds('soon')).toBeUndefined();
  });
});
