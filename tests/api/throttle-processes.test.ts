// Limits that hold across processes (issue 19, part 2): two servers built as `npm start` runs them,
// on two ports against one fresh PostgreSQL database, count every attempt in the database — spread
// over both, attempts hit the limit at the same total as on one process, and attempts made at the
// same moment on both cannot all slip under it. The sessions of one account, signed in on either,
// are listed and ended from the other. PostgreSQL only: the embedded database serves one process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyPostgres } from '../../server/db/empty-postgres';
import { freePort, startBuiltServer, type RunningProcess } from '../support/processes';
import { testDb } from './harness';
import type { Session } from '../../types/api';

const PER_IP = 6;
const PER_ACCOUNT = 4;
const ADMIN = { email: 'admin@example.test', password: 'admin password 1' };

interface Server {
  process: RunningProcess;
  url: string;
}

const servers: Server[] = [];

async function startServer(databaseUrl: string): Promise<Server> {
  const port = await freePort();
  const process = await startBuiltServer({
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    WEB_PROCESSES: '1',
    WORKERS: '0',
    DEMO_DATA: '0',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SECRET_KEY: 'test secret key',
    STATIC_DIR: '/nonexistent/no-built-app',
    THROTTLE_PER_IP: String(PER_IP),
    THROTTLE_PER_ACCOUNT: String(PER_ACCOUNT),
    LOG_LEVEL: 'info',
  });
  const server = { process, url: `http://127.0.0.1:${port}` };
  servers.push(server);
  await process.waitForLog((line) => /^ready on /.test(line.msg));
  return server;
}

async function post(server: Server, path: string, body: object, headers: Record<string, string> = {}) {
  const response = await fetch(`${server.url}/api/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: await response.json() };
}

/** a 429 as CONVENTIONS has it: the message with the wait, and that wait in Retry-After */
function expectThrottled(answer: Awaited<ReturnType<typeof post>>, windowSeconds: number) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(429);
  const wait = Number(answer.retryAfter);
  expect(Number.isInteger(wait) && wait > 0 && wait <= windowSeconds, `Retry-After: ${answer.retryAfter}`).toBe(true);
  expect(answer.body).toEqual({ errors: [`Too many attempts. Try again in ${wait} seconds.`] });
}

describe.runIf(testDb === 'postgres')('two server processes on one PostgreSQL', () => {
  let a: Server;
  let b: Server;
  beforeAll(async () => {
    const databaseUrl = process.env.TEST_DATABASE_URL;
    if (!databaseUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    await emptyPostgres(databaseUrl);
    a = await startServer(databaseUrl); // migrates the fresh database
    b = await startServer(databaseUrl);
  }, 300_000);
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.process.stop()));
  });

  it('attempts from one address, spread over both, hit the per-address limit at the same total', async () => {
    const register = (server: Server, n: number) =>
      post(server, '/auth/registration/', { first_name: 'A', last_name: 'B', email: `spread-${n}@example.test`, password: 'long enough' });
    for (let n = 0; n < PER_IP; n++) expect((await register(n % 2 ? b : a, n)).status).toBe(201);
    expectThrottled(await register(a, PER_IP), 60);
    expectThrottled(await register(b, PER_IP + 1), 60);
  });

  it('attempts for one account, spread over both, hit the per-account limit at the same total', async () => {
    const ask = (server: Server) => post(server, '/passwords/request-reset/', { email: ADMIN.email });
    for (let n = 0; n < PER_ACCOUNT; n++) expect((await ask(n % 2 ? a : b)).status).toBe(200);
    expectThrottled(await ask(a), 15 * 60);
    expectThrottled(await ask(b), 15 * 60);
  });

  it('attempts made at the same moment on both processes: exactly the limit passes', async () => {
    const attempts = Array.from({ length: 20 }, (_, n) =>
      post(n % 2 ? a : b, '/auth/activation/', { email: `at-once-${n}@example.test`, code: 'guess' }),
    );
    const answers = await Promise.all(attempts);
    expect(answers.filter((answer) => answer.status === 400)).toHaveLength(PER_IP);
    const refused = answers.filter((answer) => answer.status === 429);
    expect(refused).toHaveLength(20 - PER_IP);
    for (const answer of refused) expectThrottled(answer, 60);
  });

  it('sessions signed in on either process are listed and ended from the other', async () => {
    const signIn = async (server: Server, userAgent: string) => {
      const answer = await post(server, '/auth/sign-in/', ADMIN, { 'user-agent': userAgent });
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.token as string;
    };
    const laptop = await signIn(a, 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36');
    const phone = await signIn(
      b,
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    );
    const sessions = await fetch(`${b.url}/api/v1/auth/sessions/`, { headers: { authorization: `Token ${phone}` } });
    expect(sessions.status).toBe(200);
    const { results } = (await sessions.json()) as { results: Session[] };
    expect(results.map(({ browser, os, current }) => ({ browser, os, current }))).toEqual(
      expect.arrayContaining([
        { browser: 'Safari', os: 'iPhone', current: true },
        { browser: 'Chrome', os: 'Linux', current: false },
      ]),
    );

    const ended = await fetch(`${b.url}/api/v1/auth/sessions/end-others/`, {
      method: 'POST',
      headers: { authorization: `Token ${phone}` },
    });
    expect(ended.status).toBe(200);
    expect((await fetch(`${a.url}/api/v1/users/me`, { headers: { authorization: `Token ${laptop}` } })).status).toBe(401);
    expect((await fetch(`${a.url}/api/v1/users/me`, { headers: { authorization: `Token ${phone}` } })).status).toBe(200);
  });
});
