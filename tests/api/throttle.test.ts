// Throttling of the sensitive auth calls (CONVENTIONS "API": 429 with Retry-After),
// on an app with small limits: 5 attempts per IP per minute and per route,
// 3 per account (e-mail) per 15 minutes. Counted in memory on PGlite, in the database on
// PostgreSQL (throttle-store.test.ts; across processes: throttle-processes.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { startTestApi, type TestApi } from './harness';
import { expectErrors, expectStatus } from './expect';

const PER_IP = 5;
const PER_ACCOUNT = 3;

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ throttle: { perIpPerMinute: PER_IP, perAccountPer15Minutes: PER_ACCOUNT } });
});
afterAll(async () => api?.close());

let addresses = 0;
/** a client address no other attempt used */
const freshIp = () => `10.0.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`;

const post = (url: string, payload: object, ip = freshIp(), token?: string) =>
  api.call(token, { method: 'POST', url, payload, remoteAddress: ip });

function expectThrottled(response: LightMyRequestResponse, windowSeconds: number): void {
  expectErrors(response, 429);
  const retryAfter = Number(response.headers['retry-after']);
  expect(Number.isInteger(retryAfter), `Retry-After: ${response.headers['retry-after']}`).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  expect(response.json()).toEqual({ errors: [`Too many attempts. Try again in ${retryAfter} seconds.`] });
}

describe('per client address', () => {
  it('sign-in: the attempt after the limit answers 429, with or without the trailing slash; other addresses go on', async () => {
    const ip = freshIp();
    for (let i = 0; i < PER_IP; i++) {
      const url = i % 2 ? '/api/v1/auth/sign-in' : '/api/v1/auth/sign-in/';
      expectErrors(await post(url, { email: `ip-${i}@example.test`, password: 'wrong password' }, ip), 400);
    }
    expectThrottled(await post('/api/v1/auth/sign-in', { email: 'ip-x@example.test', password: 'wrong password' }, ip), 60);
    expectThrottled(await post('/api/v1/auth/sign-in/', { email: 'ip-y@example.test', password: 'wrong password' }, ip), 60);

    const user = await api.user();
    expectStatus(await post('/api/v1/auth/sign-in/', { email: user.email, password: user.password }), 200);
    // the limit is per call: this address may still register
    expectStatus(
      await post(
        '/api/v1/auth/registration/',
        { first_name: 'A', last_name: 'B', email: 'ip-reg@example.test', password: 'long enough' },
        ip,
      ),
      201,
    );
  });

  it('registration', async () => {
    const ip = freshIp();
    const register = (n: number) =>
      post('/api/v1/auth/registration/', { first_name: 'A', last_name: 'B', email: `reg-${n}@example.test`, password: 'long enough' }, ip);
    for (let i = 0; i < PER_IP; i++) expectStatus(await register(i), 201);
    expectThrottled(await register(PER_IP), 60);
  });
});

describe('per account', () => {
  it('sign-in: failures for one e-mail block it, even with the right password, from any address', async () => {
    const user = await api.user();
    for (let i = 0; i < PER_ACCOUNT; i++)
      expectErrors(await post('/api/v1/auth/sign-in/', { email: user.email, password: `wrong ${i}` }), 400);
    expectThrottled(await post('/api/v1/auth/sign-in/', { email: user.email.toUpperCase(), password: user.password }), 15 * 60);
    const other = await api.user();
    expectStatus(await post('/api/v1/auth/sign-in/', { email: other.email, password: other.password }), 200);
  });

  it('an attempt refused for the account counts against neither the account nor the address', async () => {
    const ip = freshIp();
    const locked = await api.user();
    for (let i = 0; i < PER_ACCOUNT; i++)
      expectErrors(await post('/api/v1/auth/sign-in/', { email: locked.email, password: `wrong ${i}` }, ip), 400);
    for (let i = 0; i < 2; i++)
      expectThrottled(await post('/api/v1/auth/sign-in/', { email: locked.email, password: locked.password }, ip), 15 * 60);
    // the address has made PER_ACCOUNT counted attempts: PER_IP - PER_ACCOUNT more pass, then it waits
    const other = await api.user();
    for (let i = PER_ACCOUNT; i < PER_IP; i++)
      expectStatus(await post('/api/v1/auth/sign-in/', { email: other.email, password: other.password }, ip), 200);
    expectThrottled(await post('/api/v1/auth/sign-in/', { email: other.email, password: other.password }, ip), 60);
  });

  it('sign-in: successes do not count against the account', async () => {
    const user = await api.user();
    for (let i = 0; i < PER_ACCOUNT + 1; i++) {
      expectStatus(await post('/api/v1/auth/sign-in/', { email: user.email, password: user.password }), 200);
    }
  });

  it('activation: guessing codes for one e-mail is cut short', async () => {
    const user = await api.user({ is_active: false });
    for (let i = 0; i < PER_ACCOUNT; i++)
      expectErrors(await post('/api/v1/auth/activation/', { email: user.email, code: `guess-${i}` }), 400);
    expectThrottled(await post('/api/v1/auth/activation/', { email: user.email, code: 'guess-x' }), 15 * 60);
  });

  it('request-reset: the same for a known and an unknown e-mail (no enumeration)', async () => {
    const user = await api.user();
    for (const email of [user.email, 'nobody-here@example.test']) {
      for (let i = 0; i < PER_ACCOUNT; i++) expectStatus(await post('/api/v1/passwords/request-reset/', { email }), 200);
      expectThrottled(await post('/api/v1/passwords/request-reset/', { email }), 15 * 60);
    }
  });

  it('reset: guessing codes for one e-mail is cut short', async () => {
    const user = await api.user();
    for (let i = 0; i < PER_ACCOUNT; i++) {
      expectErrors(await post('/api/v1/passwords/reset/', { email: user.email, code: `guess-${i}`, new_password: 'long enough' }), 400);
    }
    expectThrottled(await post('/api/v1/passwords/reset/', { email: user.email, code: 'guess-x', new_password: 'long enough' }), 15 * 60);
  });

  it('change: wrong old passwords are cut short, then even the right one waits', async () => {
    const user = await api.user();
    for (let i = 0; i < PER_ACCOUNT; i++) {
      expectErrors(
        await post('/api/v1/passwords/change/', { old_password: `wrong ${i}`, new_password: 'long enough' }, freshIp(), user.token),
        400,
        ['old_password'],
      );
    }
    expectThrottled(
      await post('/api/v1/passwords/change/', { old_password: user.password, new_password: 'long enough' }, freshIp(), user.token),
      15 * 60,
    );
    expectStatus(await post('/api/v1/auth/sign-in/', { email: user.email, password: user.password }), 200); // unchanged
  });
});
