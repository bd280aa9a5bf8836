// The audit trail of the account calls (issue 19 item 3): a password changed or reset and
// sessions ended leave one entry on the account, by its owner, the password masked; a refused
// call (a wrong old password, another user's session) leaves none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_MASK } from '../../types/api';
import { issueCode } from '../../server/accounts/codes';
import { startTestApi, type TestApi, type TestUser } from './harness';
import { expectStatus } from './expect';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi({ workers: false });
});
afterAll(async () => api?.close());

async function signIn(user: TestUser): Promise<string> {
  const response = await api.call(undefined, {
    method: 'POST',
    url: '/api/v1/auth/sign-in/',
    payload: { email: user.email, password: user.password },
  });
  return expectStatus<{ token: string }>(response, 200).token;
}

const entriesOn = (user: TestUser) =>
  api.handle.db.selectFrom('audit_log').selectAll().where('entity', '=', 'users').where('object_id', '=', user.id).orderBy('id').execute();

describe('the account calls in the audit trail', () => {
  it('a password change: by its owner, masked, with the sessions it ended; a wrong old password leaves none', async () => {
    const user = await api.user();
    await signIn(user);
    await signIn(user);
    const wrong = await api.call(user.token, {
      method: 'POST',
      url: '/api/v1/passwords/change/',
      payload: { old_password: 'not it', new_password: 'A much longer passphrase 42' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(await entriesOn(user)).toEqual([]);
    const changed = await api.call(user.token, {
      method: 'POST',
      url: '/api/v1/passwords/change/',
      payload: { old_password: user.password, new_password: 'A much longer passphrase 42' },
    });
    expectStatus(changed, 200);
    const [entry, ...more] = await entriesOn(user);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ user_id: user.id, user_email: user.email, action: 'password', object_repr: user.email });
    expect(entry.changes).toEqual({ password: { before: AUDIT_MASK, after: AUDIT_MASK }, sessions_ended: { before: null, after: 2 } });
    expect(JSON.stringify(entry.changes)).not.toContain('passphrase');
  });

  it('a password reset with the e-mailed code: by the code’s holder, every session ended', async () => {
    const user = await api.user();
    const code = await issueCode(api.handle.db, user.id, 'reset');
    const response = await api.call(undefined, {
      method: 'POST',
      url: '/api/v1/passwords/reset/',
      payload: { email: user.email, code, new_password: 'Another long passphrase 7' },
    });
    expectStatus(response, 200);
    const entries = await entriesOn(user);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ user_id: user.id, action: 'password', changes: { sessions_ended: { after: 1 } } });
  });

  it('sessions ended one by one and all others; another user’s session (404) leaves none', async () => {
    const user = await api.user();
    const other = await api.user();
    await signIn(user);
    await signIn(user);
    const sessions = expectStatus<{ results: { id: number; current: boolean }[] }>(
      await api.call(user.token, { method: 'GET', url: '/api/v1/auth/sessions/' }),
      200,
    ).results;
    const notCurrent = sessions.filter((s) => !s.current);
    expect(notCurrent.length).toBe(2);
    expect((await api.call(other.token, { method: 'DELETE', url: `/api/v1/auth/sessions/${notCurrent[0].id}/` })).statusCode).toBe(404);
    expect(await entriesOn(other)).toEqual([]);
    expect((await api.call(user.token, { method: 'DELETE', url: `/api/v1/auth/sessions/${notCurrent[0].id}/` })).statusCode).toBe(204);
    expectStatus(await api.call(user.token, { method: 'POST', url: '/api/v1/auth/sessions/end-others/' }), 200);
    const entries = await entriesOn(user);
    expect(entries.map((e) => [e.action, e.user_id, e.changes])).toEqual([
      ['sessions', user.id, { sessions_ended: { before: null, after: 1 } }],
      ['sessions', user.id, { sessions_ended: { before: null, after: 1 } }],
    ]);
  });

  it('an activation with the e-mailed code: by the account’s owner', async () => {
    const user = await api.user();
    await api.handle.db.updateTable('app_user').set({ is_active: false }).where('id', '=', user.id).execute();
    const code = await issueCode(api.handle.db, user.id, 'activation');
    expectStatus(await api.call(undefined, { method: 'POST', url: '/api/v1/auth/activation/', payload: { email: user.email, code } }), 200);
    const entries = await entriesOn(user);
    expect(entries.map((e) => [e.action, e.user_id, e.changes])).toEqual([
      ['activation', user.id, { is_active: { before: false, after: true } }],
    ]);
  });
});
