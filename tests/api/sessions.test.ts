// A user's signed-in sessions (issue 19, part 5): listed with the device each was signed in from
// (read from its User-Agent), the address, when signed in and last used, and which is this one;
// any can be ended (this one: signing out), or all but this one; a password change ends the
// others. Nobody sees or ends another user's sessions, and no token or token hash is ever shown.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApi, type TestApi, type TestUser } from './harness';
import { expectErrors, expectStatus, isoUtc } from './expect';
import type { ListResponse, Session } from '../../types/api';

const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api?.close());

async function signIn(user: TestUser, userAgent?: string, remoteAddress = '203.0.113.7'): Promise<string> {
  const response = await api.call(undefined, {
    method: 'POST',
    url: '/api/v1/auth/sign-in/',
    payload: { email: user.email, password: user.password },
    headers: userAgent ? { 'user-agent': userAgent } : {},
    remoteAddress,
  });
  return expectStatus<{ token: string }>(response, 200).token;
}

const list = async (token: string) =>
  expectStatus<ListResponse<Session>>(await api.call(token, { method: 'GET', url: '/api/v1/auth/sessions/' }), 200);
const end = (token: string, id: number, url = `/api/v1/auth/sessions/${id}/`) => api.call(token, { method: 'DELETE', url });
const endOthers = (token: string) => api.call(token, { method: 'POST', url: '/api/v1/auth/sessions/end-others' });
const me = (token: string) => api.call(token, { method: 'GET', url: '/api/v1/users/me' });

describe('the list of signed-in sessions', () => {
  it('shows each session’s device, address, times and which is this one; never a token', async () => {
    const user = await api.user();
    const laptop = await signIn(user, CHROME_LINUX);
    const phone = await signIn(user, SAFARI_IPHONE, '198.51.100.2');
    const response = await api.call(phone, { method: 'GET', url: '/api/v1/auth/sessions' });
    const { count, results } = expectStatus<ListResponse<Session>>(response, 200);
    // the harness's session (no User-Agent) and the two signed in
    expect(count).toBe(3);
    expect(results).toHaveLength(3);
    const phoneRow = results.find((row) => row.current);
    expect(phoneRow).toMatchObject({ browser: 'Safari', os: 'iPhone', ip_address: '198.51.100.2', user_agent: SAFARI_IPHONE });
    expect(results.filter((row) => row.current)).toHaveLength(1);
    expect(results).toContainEqual(expect.objectContaining({ browser: 'Chrome', os: 'Linux', ip_address: '203.0.113.7', current: false }));
    expect(results).toContainEqual(expect.objectContaining({ browser: null, os: null, user_agent: null, current: false }));
    for (const row of results) {
      expect(Object.keys(row).sort()).toEqual(
        ['browser', 'created_at', 'current', 'id', 'ip_address', 'last_used_at', 'os', 'user_agent'].sort(),
      );
      expect(row.created_at).toMatch(isoUtc);
      expect(row.last_used_at).toMatch(isoUtc);
    }
    for (const token of [laptop, phone, user.token]) expect(response.body).not.toContain(token);
    const hashes = await api.handle.db.selectFrom('auth_token').select('token_hash').where('user_id', '=', user.id).execute();
    for (const { token_hash } of hashes) expect(response.body).not.toContain(token_hash);
    // the one used last comes first
    expect(results[0].current).toBe(true);
  });

  it('lists only the user’s own live sessions: not another user’s, nor revoked or expired ones', async () => {
    const user = await api.user();
    const other = await api.user();
    await signIn(other, FIREFOX_WINDOWS);
    const revoked = await signIn(user, FIREFOX_WINDOWS);
    await api.call(revoked, { method: 'POST', url: '/api/v1/auth/sign-out/' });
    const expired = await signIn(user, CHROME_LINUX);
    await sql`update auth_token set expires_at = now() - interval '1 second' where user_id = ${user.id} and user_agent = ${CHROME_LINUX}`.execute(
      api.handle.db,
    );
    expectErrors(await me(expired), 401);
    const { results } = await list(user.token);
    expect(results).toHaveLength(1);
    expect(results[0]).toMatchObject({ current: true });
  });

  it('needs a signed-in user', async () => {
    expectErrors(await api.call(undefined, { method: 'GET', url: '/api/v1/auth/sessions/' }), 401);
    expectErrors(await api.call(undefined, { method: 'POST', url: '/api/v1/auth/sessions/end-others/' }), 401);
    expectErrors(await api.call(undefined, { method: 'DELETE', url: '/api/v1/auth/sessions/1/' }), 401);
  });
});

describe('ending sessions', () => {
  it('ends another of one’s sessions: its token is refused from then on', async () => {
    const user = await api.user();
    const laptop = await signIn(user, CHROME_LINUX);
    const laptopRow = (await list(user.token)).results.find((row) => row.browser === 'Chrome')!;
    expectStatus(await me(laptop), 200);
    const response = await end(user.token, laptopRow.id, `/api/v1/auth/sessions/${laptopRow.id}`);
    expect(response.statusCode, response.body).toBe(204);
    expectErrors(await me(laptop), 401);
    expectStatus(await me(user.token), 200);
    expect((await list(user.token)).results.map((row) => row.id)).not.toContain(laptopRow.id);
    // ended already: as if it did not exist
    expectErrors(await end(user.token, laptopRow.id), 404);
  });

  it('ending this session signs out', async () => {
    const user = await api.user();
    const [current] = (await list(user.token)).results;
    expect(current.current).toBe(true);
    expect((await end(user.token, current.id)).statusCode).toBe(204);
    expectErrors(await me(user.token), 401);
  });

  it('another user’s session, or one that does not exist, answers 404 and stays', async () => {
    const user = await api.user();
    const other = await api.user();
    const [otherRow] = (await list(other.token)).results;
    expectErrors(await end(user.token, otherRow.id), 404);
    expectErrors(await end(user.token, 2147483647), 404);
    expectErrors(await end(user.token, 0), 400);
    expectErrors(await api.call(user.token, { method: 'DELETE', url: '/api/v1/auth/sessions/abc/' }), 400);
    expectStatus(await me(other.token), 200);
  });

  it('ends every other session at once, keeping this one', async () => {
    const user = await api.user();
    const other = await api.user();
    const sessions = [await signIn(user, CHROME_LINUX), await signIn(user, FIREFOX_WINDOWS)];
    const phone = await signIn(user, SAFARI_IPHONE);
    const body = expectStatus(await endOthers(phone), 200);
    expect(body).toEqual({ detail: 'Other sessions ended.', ended: 3 });
    for (const token of [...sessions, user.token]) expectErrors(await me(token), 401);
    expectStatus(await me(phone), 200);
    expectStatus(await me(other.token), 200); // another user's sessions stay
    const { results } = await list(phone);
    expect(results.map(({ browser, current }) => ({ browser, current }))).toEqual([{ browser: 'Safari', current: true }]);
    expect(expectStatus(await endOthers(phone), 200)).toEqual({ detail: 'Other sessions ended.', ended: 0 });
  });

  it('a password change ends the other sessions and keeps this one', async () => {
    const user = await api.user();
    const laptop = await signIn(user, CHROME_LINUX);
    const response = await api.call(user.token, {
      method: 'POST',
      url: '/api/v1/passwords/change/',
      payload: { old_password: user.password, new_password: 'a brand new password' },
    });
    expectStatus(response, 200);
    expectErrors(await me(laptop), 401);
    const { results } = await list(user.token);
    expect(results.map((row) => row.current)).toEqual([true]);
  });
});
