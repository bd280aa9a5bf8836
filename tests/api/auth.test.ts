// Registration, activation, sign-in, the current user and sign-out (SPEC §7
// "Authentication and users", CONVENTIONS "Emails" and "API"). Mail goes
// through a real local SMTP server, as SMTP_URL sends it in production.
import { createHash, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { mailingTestApi } from './harness';
import { expectErrors, expectStatus, isoUtc } from './expect';
import { mailLink } from '../support/mime';

const env = mailingTestApi();
const post = env.post.bind(env);
const register = (fields: Partial<Record<'first_name' | 'last_name' | 'email' | 'password', string>>) =>
  post('/api/v1/auth/registration/', { first_name: 'Ada', last_name: 'Lovelace', password: 'analytical engine', ...fields });
const activate = (email: string, code: string) => post('/api/v1/auth/activation/', { email, code });
const signIn = (email: string, password: string) => post('/api/v1/auth/sign-in/', { email, password });
const me = (token: string | undefined, headers: Record<string, string> = {}) =>
  env.api.call(token, { method: 'GET', url: '/api/v1/users/me', headers });

async function activationLink(email: string): Promise<URL> {
  const mail = await env.smtp.waitFor((m) => m.to === email.toLowerCase() || m.to === email);
  expect(mail.subject).toMatch(/activate/i);
  return mailLink(mail, '/activate-account');
}

async function userRow(email: string) {
  return env.api.handle.db
    .selectFrom('app_user')
    .selectAll()
    .where(sql<boolean>`lower(email) = ${email.toLowerCase()}`)
    .executeTakeFirstOrThrow();
}

describe('registration → e-mail → activation → sign-in', () => {
  it('follows the link the activation mail carries, end to end', async () => {
    const email = 'ada+reg@example.test';
    const registered = expectStatus(await register({ email }), 201);
    expect(typeof registered.detail).toBe('string');

    const row = await userRow(email);
    expect(row).toMatchObject({ is_active: false, is_staff: false, is_superuser: false, first_name: 'Ada', last_name: 'Lovelace' });
    expectErrors(await signIn(email, 'analytical engine'), 400); // not active yet

    const link = await activationLink(email);
    expect(`${link.origin}${link.pathname}`).toBe('http://app.test/activate-account');
    // the e-mail is URL-encoded in the query: '+' must not turn into a space
    expect(link.search).toContain('email=ada%2Breg%40example.test');
    expect(link.searchParams.get('email')).toBe(email);
    const code = link.searchParams.get('code')!;
    expect(code.length).toBeGreaterThanOrEqual(20);

    expectStatus(await activate(link.searchParams.get('email')!, code), 200);
    expect((await userRow(email)).is_active).toBe(true);

    const { token } = expectStatus(await signIn(email, 'analytical engine'), 200);
    expect(typeof token).toBe('string');
    const current = expectStatus(await me(token), 200);
    expect(current).toMatchObject({
      email,
      first_name: 'Ada',
      last_name: 'Lovelace',
      is_active: true,
      is_staff: false,
      is_crowdsourcing: false,
    });
  });

  it('refuses each missing field by name', async () => {
    const body = expectErrors(await post('/api/v1/auth/registration/', {}), 400, ['first_name', 'last_name', 'email', 'password']);
    expect(body.fields!.email).toEqual(['This field is required.']);
  });

  it('refuses blank names, a malformed e-mail and a weak password', async () => {
    expectErrors(await register({ email: 'blank@example.test', first_name: '   ' }), 400, ['first_name']);
    expectErrors(await register({ email: 'not-an-email' }), 400, ['email']);
    expectErrors(await register({ email: 'short@example.test', password: 'short' }), 400, ['password']);
    expectErrors(await register({ email: 'numeric@example.test', password: '1234567890' }), 400, ['password']);
    const created = await env.api.handle.db
      .selectFrom('app_user')
      .select('email')
      .where('email', 'in', ['blank@example.test', 'short@example.test', 'numeric@example.test'])
      .execute();
    expect(created).toEqual([]);
  });

  it('refuses an e-mail an active account already has, whatever its case', async () => {
    const existing = await env.api.user({ email: 'taken@example.test' });
    const body = expectErrors(await register({ email: 'TAKEN@example.test' }), 400, ['email']);
    expect(body.fields!.email[0]).toMatch(/already exists/);
    expectStatus(await signIn(existing.email, existing.password), 200); // untouched
  });

  it('registering again before activating sends a new link, the old one stops working, the first details stay', async () => {
    const email = 'twice@example.test';
    expectStatus(await register({ email, first_name: 'Ada' }), 201);
    const first = await activationLink(email);
    const firstHash = (await userRow(email)).password_hash;
    // someone else registers the same e-mail with their own password before the owner activates
    expectStatus(await register({ email, first_name: 'Augusta', password: 'an intruders password' }), 201);
    const second = await activationLink(email);
    expect(second.searchParams.get('code')).not.toBe(first.searchParams.get('code'));
    expectErrors(await activate(email, first.searchParams.get('code')!), 400);
    expectStatus(await activate(email, second.searchParams.get('code')!), 200);
    expect((await userRow(email)).first_name).toBe('Ada');
    expect((await userRow(email)).password_hash).toBe(firstHash);
    expectStatus(await signIn(email, 'an intruders password'), 400);
  });

  it('never answers a 500 to registrations of one e-mail sent at the same time', async () => {
    const email = 'race@example.test';
    const answers = await Promise.all([register({ email }), register({ email }), register({ email: email.toUpperCase() })]);
    for (const answer of answers) expect([201, 400], answer.body).toContain(answer.statusCode);
    expect(answers.some((a) => a.statusCode === 201)).toBe(true);
    const rows = await env.api.handle.db.selectFrom('app_user').select('id').where(sql<boolean>`lower(email) = ${email}`).execute();
    expect(rows).toHaveLength(1);
  });
});

describe('activation', () => {
  async function registered(email: string): Promise<string> {
    expectStatus(await register({ email }), 201);
    return (await activationLink(email)).searchParams.get('code')!;
  }

  it('is single use', async () => {
    const email = 'once@example.test';
    const code = await registered(email);
    expectStatus(await activate(email, code), 200);
    expectErrors(await activate(email, code), 400);
  });

  it('refuses a wrong code, a code for another e-mail, and missing fields', async () => {
    const email = 'wrong@example.test';
    const code = await registered(email);
    expectErrors(await activate(email, `${code}x`), 400);
    expectErrors(await activate('someone-else@example.test', code), 400);
    expectErrors(await post('/api/v1/auth/activation/', {}), 400, ['email', 'code']);
    expect((await userRow(email)).is_active).toBe(false);
    expectStatus(await activate(email.toUpperCase(), code), 200); // the e-mail's case does not matter
  });

  it('refuses an expired code (activation codes live 7 days)', async () => {
    const email = 'expired@example.test';
    const code = await registered(email);
    const user = await userRow(email);
    const codeRow = await env.api.handle.db
      .selectFrom('one_time_code')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    const lifetime = codeRow.expires_at.getTime() - codeRow.created_at.getTime();
    expect(Math.abs(lifetime - 7 * 24 * 3600 * 1000)).toBeLessThan(60_000);
    await env.api.handle.db
      .updateTable('one_time_code')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', user.id)
      .execute();
    expectErrors(await activate(email, code), 400);
    expect((await userRow(email)).is_active).toBe(false);
  });

  it('does not take a password-reset code', async () => {
    const email = 'purpose@example.test';
    await registered(email);
    expectStatus(await post('/api/v1/passwords/request-reset/', { email }), 200);
    const reset = mailLink(await env.smtp.waitFor((m) => m.to === email), '/reset-password');
    expectErrors(await activate(email, reset.searchParams.get('code')!), 400);
    expect((await userRow(email)).is_active).toBe(false);
  });
});

describe('sign-in', () => {
  it('answers a new token to an active user, whatever the case of the e-mail', async () => {
    const user = await env.api.user({ email: 'case@example.test' });
    const first = expectStatus(await signIn('CASE@Example.test', user.password), 200);
    const second = expectStatus(await signIn(user.email, user.password), 200);
    expect(first.token).not.toBe(second.token);
    expect(expectStatus(await me(first.token), 200).id).toBe(user.id);
    expect(expectStatus(await me(second.token), 200).id).toBe(user.id);
  });

  it('gives one generic answer for a wrong password and for an unknown e-mail', async () => {
    const user = await env.api.user();
    const wrongPassword = await signIn(user.email, 'not the password');
    const unknownEmail = await signIn('nobody@example.test', user.password);
    expectErrors(wrongPassword, 400);
    expect(unknownEmail.statusCode).toBe(wrongPassword.statusCode);
    expect(unknownEmail.json()).toEqual(wrongPassword.json());
  });

  it('answers 400 and no token to an inactive user, even with the right password', async () => {
    const user = await env.api.user({ is_active: false });
    const body = expectErrors(await signIn(user.email, user.password), 400);
    expect(body).not.toHaveProperty('token');
    const tokens = await env.api.handle.db.selectFrom('auth_token').select('id').where('user_id', '=', user.id).execute();
    expect(tokens).toEqual([]);
  });

  it('names missing fields', async () => {
    expectErrors(await post('/api/v1/auth/sign-in/', { email: 'a@example.test' }), 400, ['password']);
    expectErrors(await post('/api/v1/auth/sign-in/', {}), 400, ['email', 'password']);
  });
});

describe('the current user and tokens', () => {
  it('GET /users/me answers the user fields, never the password hash', async () => {
    const user = await env.api.user({ first_name: 'Grace', last_name: 'Hopper', is_crowdsourcing: true });
    const body = expectStatus(await me(user.token), 200);
    expect(Object.keys(body).sort()).toEqual(
      [
        'date_joined',
        'digest_hour',
        'email',
        'first_name',
        'id',
        'is_active',
        'is_crowdsourcing',
        'is_staff',
        'is_superuser',
        'last_name',
        'time_zone',
      ].sort(),
    );
    expect(body).toMatchObject({ id: user.id, email: user.email, first_name: 'Grace', last_name: 'Hopper', is_crowdsourcing: true });
    expect(body.date_joined).toMatch(isoUtc);
  });

  it('answers 401 without a token, with an unknown one, and with another scheme', async () => {
    const user = await env.api.user();
    expectErrors(await me(undefined), 401);
    expectErrors(await me('not-a-real-token'), 401);
    expectErrors(await me(undefined, { authorization: `Bearer ${user.token}` }), 401);
    expectErrors(await me(undefined, { authorization: user.token }), 401);
    expectStatus(await me(undefined, { authorization: `Token ${user.token}` }), 200);
  });

  it('answers 401 once the token has expired', async () => {
    const user = await env.api.user();
    const hash = createHash('sha256').update(user.token).digest('hex');
    await env.api.handle.db
      .updateTable('auth_token')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', hash)
      .execute();
    expectErrors(await me(user.token), 401);
  });

  it('sign-out revokes the token of the request only', async () => {
    const user = await env.api.user();
    const other = expectStatus(await signIn(user.email, user.password), 200).token;
    expectStatus(await post('/api/v1/auth/sign-out/', {}, user.token), 200);
    expectErrors(await me(user.token), 401);
    expectErrors(await post('/api/v1/auth/sign-out/', {}, user.token), 401);
    expectStatus(await me(other), 200);
  });

  it('stores tokens and codes hashed: the tables never hold them', async () => {
    const user = await env.api.user();
    const { token } = expectStatus(await signIn(user.email, user.password), 200);
    const rows = await env.api.handle.db.selectFrom('auth_token').select('token_hash').where('user_id', '=', user.id).execute();
    const stored = rows.map((r) => r.token_hash);
    expect(stored.some((value) => value.includes(token))).toBe(false);
    expect(stored).toContain(createHash('sha256').update(token).digest('hex'));

    const email = 'hashed-code@example.test';
    expectStatus(await register({ email }), 201);
    const code = (await activationLink(email)).searchParams.get('code')!;
    const codes = await env.api.handle.db.selectFrom('one_time_code').select('code_hash').execute();
    expect(codes.some((r) => r.code_hash.includes(code))).toBe(false);
    expect(codes.map((r) => r.code_hash)).toContain(createHash('sha256').update(code).digest('hex'));
  });

  it('hashes passwords with scrypt, salted', async () => {
    const password = 'a password to hash';
    expectStatus(await register({ email: 'scrypt-1@example.test', password }), 201);
    expectStatus(await register({ email: 'scrypt-2@example.test', password }), 201);
    const hashes = [(await userRow('scrypt-1@example.test')).password_hash, (await userRow('scrypt-2@example.test')).password_hash];
    expect(hashes[0]).not.toBe(hashes[1]);
    for (const stored of hashes) {
      expect(stored).not.toContain(password);
      const [scheme, N, r, p, salt, hash] = stored.split('$');
      expect(scheme).toBe('scrypt');
      expect(Number(N)).toBeGreaterThanOrEqual(2 ** 14);
      const expected = Buffer.from(hash, 'base64');
      const derived = scryptSync(password, Buffer.from(salt, 'base64'), expected.length, {
        N: Number(N),
        r: Number(r),
        p: Number(p),
        maxmem: 256 * Number(N) * Number(r),
      });
      expect(derived.equals(expected)).toBe(true);
    }
  });
});
