// Password reset by e-mail and password change (SPEC §7, CONVENTIONS "Emails").
import { describe, expect, it } from 'vitest';
import { mailingTestApi, type TestUser } from './harness';
import { expectErrors, expectStatus } from './expect';
import { mailLink } from '../support/mime';

const env = mailingTestApi();
const post = env.post.bind(env);
const requestReset = (email: string) => post('/api/v1/passwords/request-reset/', { email });
const reset = (email: string, code: string, new_password: string) => post('/api/v1/passwords/reset/', { email, code, new_password });
const change = (token: string | undefined, old_password: string, new_password: string) =>
  post('/api/v1/passwords/change/', { old_password, new_password }, token);
const signIn = (email: string, password: string) => post('/api/v1/auth/sign-in/', { email, password });
const me = (token: string) => env.api.call(token, { method: 'GET', url: '/api/v1/users/me' });

async function resetCode(user: TestUser): Promise<string> {
  expectStatus(await requestReset(user.email), 200);
  const link = mailLink(await env.smtp.waitFor((m) => m.to === user.email), '/reset-password');
  expect(`${link.origin}${link.pathname}`).toBe('http://app.test/reset-password');
  expect(link.searchParams.get('email')).toBe(user.email);
  return link.searchParams.get('code')!;
}

describe('request-reset', () => {
  it('answers the same status and body for a known and an unknown e-mail, and mails the known one only', async () => {
    const user = await env.api.user({ email: 'known+reset@example.test' });
    const unknown = await requestReset('unknown@example.test');
    const known = await requestReset(user.email);
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);

    const mail = await env.smtp.waitFor((m) => m.to === user.email);
    expect(mail.subject).toMatch(/password/i);
    const link = mailLink(mail, '/reset-password');
    expect(link.search).toContain('email=known%2Breset%40example.test');
    expect(link.searchParams.get('code')!.length).toBeGreaterThanOrEqual(20);
    expect(env.smtp.messages.some((m) => m.to === 'unknown@example.test')).toBe(false);
  });

  it('requires an e-mail', async () => {
    expectErrors(await post('/api/v1/passwords/request-reset/', {}), 400, ['email']);
  });
});

describe('reset', () => {
  it('sets the new password, once, and signs out every session', async () => {
    const user = await env.api.user();
    const code = await resetCode(user);
    expectStatus(await reset(user.email, code, 'a brand new password'), 200);

    expectErrors(await me(user.token), 401);
    expectErrors(await signIn(user.email, user.password), 400);
    expectStatus(await signIn(user.email, 'a brand new password'), 200);

    expectErrors(await reset(user.email, code, 'yet another password'), 400); // single use
    expectStatus(await signIn(user.email, 'a brand new password'), 200);
  });

  it('refuses a wrong code, another account’s code and an expired code', async () => {
    const user = await env.api.user();
    const other = await env.api.user();
    const code = await resetCode(user);
    expectErrors(await reset(user.email, `${code}x`, 'a brand new password'), 400);
    expectErrors(await reset(other.email, code, 'a brand new password'), 400);
    expectStatus(await signIn(other.email, other.password), 200);

    const row = await env.api.handle.db
      .selectFrom('one_time_code')
      .selectAll()
      .where('user_id', '=', user.id)
      .where('purpose', '=', 'reset')
      .executeTakeFirstOrThrow();
    expect(Math.abs(row.expires_at.getTime() - row.created_at.getTime() - 3600_000)).toBeLessThan(60_000); // 1 hour
    await env.api.handle.db
      .updateTable('one_time_code')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', row.id)
      .execute();
    expectErrors(await reset(user.email, code, 'a brand new password'), 400);
    expectStatus(await signIn(user.email, user.password), 200);
  });

  it('a newer request makes the earlier link stop working', async () => {
    const user = await env.api.user();
    const first = await resetCode(user);
    const second = await resetCode(user);
    expectErrors(await reset(user.email, first, 'a brand new password'), 400);
    expectStatus(await reset(user.email, second, 'a brand new password'), 200);
  });

  it('refuses a weak new password by name and keeps the code usable', async () => {
    const user = await env.api.user();
    const code = await resetCode(user);
    expectErrors(await reset(user.email, code, 'short'), 400, ['new_password']);
    expectStatus(await reset(user.email, code, 'long enough now'), 200);
  });

  it('names missing fields', async () => {
    expectErrors(await post('/api/v1/passwords/reset/', {}), 400, ['email', 'code', 'new_password']);
  });
});

describe('change', () => {
  it('checks the old password, keeps this session and signs out the others', async () => {
    const user = await env.api.user();
    const other = expectStatus(await signIn(user.email, user.password), 200).token;
    expectStatus(await change(user.token, user.password, 'changed password'), 200);

    expectStatus(await me(user.token), 200);
    expectErrors(await me(other), 401);
    expectErrors(await signIn(user.email, user.password), 400);
    expectStatus(await signIn(user.email, 'changed password'), 200);
  });

  it('refuses a wrong old password by name, and changes nothing', async () => {
    const user = await env.api.user();
    const other = expectStatus(await signIn(user.email, user.password), 200).token;
    expectErrors(await change(user.token, 'not my password', 'changed password'), 400, ['old_password']);
    expectStatus(await me(other), 200);
    expectStatus(await signIn(user.email, user.password), 200);
  });

  it('refuses a weak new password by name', async () => {
    const user = await env.api.user();
    expectErrors(await change(user.token, user.password, '12345678'), 400, ['new_password']);
    expectStatus(await signIn(user.email, user.password), 200);
  });

  it('needs a token and both fields', async () => {
    const user = await env.api.user();
    expectErrors(await change(undefined, user.password, 'changed password'), 401);
    expectErrors(await post('/api/v1/passwords/change/', {}, user.token), 400, ['old_password', 'new_password']);
  });
});
