// A local fake of People Data Labs' API (node:http) speaking its protocol — X-Api-Key, Person
// Search paged with scroll_token, Person Enrichment, their error bodies — for the connector's
// tests (vitest's and the e2e specs'); pdl-waits.ts records the connector's waits.
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export const KEY = 'pdl-test-key-0123456789abcdef';
export const BROKE_KEY = 'pdl-key-without-credits-42';

export type Person = Record<string, unknown>;

/** Person `i` of a population, as PDL answers one (titlecase asked: names capitalised). */
export function pdlPerson(population: string, i: number): Person {
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
      {
        company: {
          name: 'Big Corp',
          size: '10001+',
          founded: 1990,
          industry: 'banking',
          linkedin_url: 'linkedin.com/company/big-corp',
          location: { name: 'Frankfurt, Hessen, Germany' },
        },
        title: { name: 'Analyst' },
        start_date: '2012-01',
        end_date: '2016-06',
        is_primary: false,
      },
      {
        company: {
          name: `Startup ${i % 7}`,
          size: '1-10',
          founded: 2020,
          industry: 'computer software',
          linkedin_url: `linkedin.com/company/startup-${i % 7}`,
          location: { name: 'Berlin, Berlin, Germany' },
        },
        title: { name: 'Founder' },
        start_date: '2020-02',
        end_date: null,
        is_primary: true,
      },
    ],
    education: [
      {
        school: { name: 'TU Berlin', location: { name: 'Berlin, Berlin, Germany' } },
        degrees: ['Masters'],
        majors: ['Computer Science'],
        start_date: '2008',
        end_date: '2012',
      },
    ],
    skills: ['Python', 'Fundraising'],
    interests: ['Climbing'],
    languages: [
      { name: 'German', proficiency: 5 },
      { name: 'English', proficiency: 4 },
    ],
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

export interface FakePdl {
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
  /** called when a forced hang is served (a test lengthens the client's timeout for the requests after it) */
  onHang?: () => void;
  /** forced answers for the search request at this page index (from 0) of a search, once */
  forcedAtPage: Map<number, Forced[]>;
  close(): Promise<void>;
}

export const pdlError = (status: number, type: string, message: string) => ({ status, error: { type, message } });

export async function startFakePdl(): Promise<FakePdl> {
  const sockets = new Set<Socket>();
  const fake: Omit<FakePdl, 'baseUrl' | 'close'> = {
    populations: new Map(),
    known: new Map(),
    searches: [],
    enrichments: [],
    forced: [],
    forcedAtPage: new Map(),
  };
  /** scroll tokens given: token → the query and the offset it continues at */
  const scrolls = new Map<string, { query: string; offset: number }>();
  let nextToken = 1;

  const send = (res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
  const answer = (res: http.ServerResponse, forced: Forced) => {
    if (forced === 'hang') return fake.onHang?.(); // never answered; destroyed at close
    send(
      res,
      forced.status,
      forced.body ?? pdlError(forced.status, forced.status === 429 ? 'rate_limit_error' : 'api_error', `forced ${forced.status}`),
      forced.headers,
    );
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
          return send(res, 400, pdlError(400, 'invalid_request_error', 'Request body is not valid JSON'));
        }
        fake.searches.push({ apiKey, body });
        const forced = fake.forced.shift();
        if (forced) return answer(res, forced);
        if (apiKey === BROKE_KEY)
          return send(res, 402, pdlError(402, 'payment_required', 'You have hit your account maximum for search (all matches used)'));
        if (apiKey !== KEY) return send(res, 401, pdlError(401, 'authentication_error', 'Request contained a missing or invalid key'));
        if (!body.sql === !body.query)
          return send(res, 400, pdlError(400, 'invalid_request_error', 'Request must contain either the sql or the query parameter'));
        if (!Number.isInteger(body.size) || body.size < 1 || body.size > 100)
          return send(res, 400, pdlError(400, 'invalid_request_error', 'size must be between 1 and 100'));
        const query = body.sql ?? JSON.stringify(body.query);
        const people = fake.populations.get(query);
        if (!people) return send(res, 400, pdlError(400, 'invalid_request_error', `Unknown field in query: ${String(query).slice(0, 60)}`));
        let offset = 0;
        if (body.scroll_token !== undefined) {
          const scroll = scrolls.get(body.scroll_token);
          if (!scroll || scroll.query !== query)
            return send(res, 400, pdlError(400, 'invalid_request_error', 'Invalid scroll_token for this query'));
          offset = scroll.offset;
        }
        const page = Math.floor(offset / 100);
        const atPage = fake.forcedAtPage.get(page)?.shift();
        if (atPage) return answer(res, atPage);
        if (people.length === 0) return send(res, 404, pdlError(404, 'not_found', 'No records were found matching your request'));
        const data = people.slice(offset, offset + body.size);
        const more = offset + data.length < people.length;
        const token = more ? `${nextToken++}$${(offset + data.length) * 1.5}` : null;
        if (token) scrolls.set(token, { query, offset: offset + data.length });
        return send(
          res,
          200,
          { status: 200, data, scroll_token: token, total: people.length },
          { 'x-call-credits-spent': String(data.length), 'x-call-credits-type': 'search' },
        );
      }
      if (url.pathname === '/v5/person/enrich' && req.method === 'GET') {
        const query = Object.fromEntries(url.searchParams);
        fake.enrichments.push({ apiKey, query });
        const forced = fake.forced.shift();
        if (forced) return answer(res, forced);
        if (apiKey !== KEY) return send(res, 401, pdlError(401, 'authentication_error', 'Request contained a missing or invalid key'));
        if (!query.profile && !query.email)
          return send(res, 400, pdlError(400, 'invalid_request_error', 'Request needs at least one of profile, email, …'));
        const person = fake.known.get(query.profile ?? query.email);
        if (person === undefined) return send(res, 404, pdlError(404, 'not_found', 'No records were found matching your request'));
        return send(res, 200, { status: 200, likelihood: 9, data: person });
      }
      send(res, 404, pdlError(404, 'not_found', 'No such endpoint'));
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

/** A population of `n` people the fake finds by its own SQL text; the query. */
export function population(pdl: FakePdl, name: string, n: number, extra: Person[] = []): string {
  const query = `SELECT * FROM person WHERE job_title='founder' AND location_country='germany' AND tag='${name}'`;
  pdl.populations.set(query, [...Array.from({ length: n }, (_, i) => pdlPerson(name, i)), ...extra]);
  return query;
}
