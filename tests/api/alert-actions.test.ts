// Unsubscribe, mute, snooze and noise figures (issue 18 items 3 and 5; docs/ALERTS.md). A real
// notification is raised by the engine and delivered through a capturing mailer; the mail's
// List-Unsubscribe URL is posted as a mail client does (RFC 8058: `List-Unsubscribe=One-Click`,
// no session) and the rule then raises nothing. Forged and expired links are refused and change
// nothing; 'Not relevant' works from the mail's link and from the app; a rule's noise share; a
// snoozed person raises nothing until the snooze ends; the app's mute routes and their 404s.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { AlertAction, Notification, Rule, RuleNoise, SavedSearch, Snooze } from '../../types/api';
import type { Mail } from '../../server/mail/mailer';
import { SecretBox } from '../../server/accounts/secret-box';
import { signAlertToken } from '../../server/signals/alert-tokens';
import { matchPendingChanges } from '../../server/signals/engine';
import { deliverNotification } from '../../server/signals/delivery/deliver';
import { startTestApi, type TestApi } from './harness';
import { expectErrors, expectStatus } from './expect';
import { buildProfileWorld, type ProfileWorld, type UserKey } from './fixtures/profiles';

const APP_URL = 'http://app.test';
const DAY = 86_400_000;
let api: TestApi;
let world: ProfileWorld;
let listId: number;
const sent: Mail[] = [];

const call = (user: UserKey | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  api.call(user ? world.users[user].token : undefined, { method, url, ...(payload ? { payload } : {}) });

/** A High Email rule of `owner` over the list (muting and snoozing are the owner's). */
async function makeRule(owner: UserKey, name: string): Promise<Rule> {
  return expectStatus<Rule>(
    await call(owner, 'POST', '/api/v1/rules/', {
      name,
      notification_type: 'Email',
      priority: 'High',
      model_name: 'Profile',
      attribute: 'location',
      operator: 'changed',
      value: '*',
      profile_lists: [listId],
    }),
    201,
  );
}

/** A location change of `profile`, recorded now, then the engine's run: the notifications it raised. */
async function move(profile: keyof ProfileWorld['profiles'], to: string): Promise<number[]> {
  const db = api.handle.db;
  const before = await db.selectFrom('notification').select(sql<number>`coalesce(max(id), 0)`.as('max')).executeTakeFirstOrThrow();
  await db
    .insertInto('profile_change')
    .values({
      profile_id: world.profiles[profile],
      field: 'location',
      old_value: JSON.stringify('Somewhere'),
      new_value: JSON.stringify(to),
    })
    .execute();
  await matchPendingChanges(db, { appUrl: APP_URL });
  const rows = await db.selectFrom('notification').select('id').where('id', '>', before.max).orderBy('id').execute();
  return rows.map((r) => r.id);
}

/** Sends notification `id` as the delivery does, keeping the mail. */
async function deliver(id: number): Promise<Mail> {
  const mailer = { send: async (mail: Mail) => void sent.push(mail), close() {} };
  const log = { info() {}, warn() {}, error() {} };
  expect(
    await deliverNotification({ db: api.handle.db, mailer, appUrl: APP_URL, log, allowPrivateNetworks: true }, id, { force: true }),
  ).toBe('SENT');
  return sent.at(-1)!;
}

const pathOf = (url: string) => url.slice(APP_URL.length);
const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;
/** The page link the mail's text gives after `label: ` */
const textLink = (mail: Mail, label: string) => new RegExp(`^${label}: (\\S+)$`, 'm').exec(mail.text)?.[1] ?? '';

const mutedAt = async (rule: number) =>
  (await api.handle.db.selectFrom('rule').select('muted_at').where('id', '=', rule).executeTakeFirstOrThrow()).muted_at;

beforeAll(async () => {
  api = await startTestApi({ workers: false });
  world = await buildProfileWorld(api);
  const db = api.handle.db;
  listId = (
    await db.insertInto('profile_list').values({ name: 'Watch', owner_id: world.users.alice.id }).returning('id').executeTakeFirstOrThrow()
  ).id;
  await db
    .insertInto('profile_list_profile')
    .values(['jose', 'ana'].map((key) => ({ profile_list_id: listId, profile_id: world.profiles[key as 'jose'] })))
    .execute();
});
afterAll(async () => api?.close());

describe('one-click unsubscribe from the mail', () => {
  it('a POST of the header’s body to List-Unsubscribe, without a session, mutes the rule: it raises nothing more', async () => {
    const rule = await makeRule('alice', 'Founders moving');
    const [id] = await move('jose', 'Berlin');
    const mail = await deliver(id!);
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const unsubscribe = /^<(.+)>$/.exec(mail.headers?.['List-Unsubscribe'] ?? '')?.[1] ?? '';
    expect(unsubscribe).toMatch(/^http:\/\/app\.test\/api\/v1\/alert-actions\/\?token=/);
    expect(mail.text).toMatch(/^Mute this rule: http:\/\/app\.test\/alert-action\?token=/m);
    expect(mail.html).toContain('>Mute this rule</a>');

    // a mail scanner opening the link only reads what it does
    const described = expectStatus<AlertAction>(await api.call(undefined, { method: 'GET', url: pathOf(unsubscribe) }), 200);
    expect(described).toMatchObject({ action: 'mute-rule', target: { kind: 'rule', id: rule.id, name: 'Founders moving' }, done: false });
    expect(described.message).toMatch(/^Mute the rule “Founders moving”\?/);
    expect(await mutedAt(rule.id)).toBeNull();

    const posted = await api.call(undefined, {
      method: 'POST',
      url: pathOf(unsubscribe),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(expectStatus<AlertAction>(posted, 200)).toMatchObject({ done: true, message: expect.stringMatching(/is muted/) });
    const first = await mutedAt(rule.id);
    expect(first).not.toBeNull();
    expect(await move('jose', 'Munich')).toEqual([]);
    expect(expectStatus<Rule>(await call('alice', 'GET', `/api/v1/rules/${rule.id}/`), 200)).toMatchObject({ muted: true });

    // again, as multipart (RFC 8058 allows it): the same answer, the first time kept
    const boundary = 'xyz';
    const again = await api.call(undefined, {
      method: 'POST',
      url: pathOf(unsubscribe),
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(expectStatus<AlertAction>(again, 200).done).toBe(true);
    expect(await mutedAt(rule.id)).toEqual(first);

    // unmuted in the app, it fires again
    expect(expectStatus<Rule>(await call('alice', 'POST', `/api/v1/rules/${rule.id}/mute/`, { muted: false }), 200)).toMatchObject({
      muted: false,
      muted_at: null,
    });
    expect(await move('jose', 'Paris')).toHaveLength(1);
    await call('alice', 'DELETE', `/api/v1/rules/${rule.id}/`);
  });

  it('refuses forged, re-signed, expired and disowned links with 400, changing nothing', async () => {
    const rule = await makeRule('alice', 'Kept');
    const { alice, colleague } = world.users;
    const good = signAlertToken(api.app.secrets, { action: 'mute-rule', id: rule.id, userId: alice.id });
    const [payload, signature] = good.split('.');
    const changedId = Buffer.from(JSON.stringify(['mute-rule', rule.id + 1, alice.id, 4102444800])).toString('base64url');
    const refused: [string, RegExp][] = [
      [`${payload}.${signature!.slice(0, -2)}AA`, /^This link is not valid\./],
      [`${changedId}.${signature}`, /^This link is not valid\./],
      [signAlertToken(new SecretBox('another key'), { action: 'mute-rule', id: rule.id, userId: alice.id }), /^This link is not valid\./],
      ['nonsense', /^This link is not valid\./],
      [
        signAlertToken(api.app.secrets, { action: 'mute-rule', id: rule.id, userId: alice.id, expiresAt: new Date(Date.now() - 1000) }),
        /^This link has expired\./,
      ],
      // a colleague's link to alice's rule: not theirs to mute
      [signAlertToken(api.app.secrets, { action: 'mute-rule', id: rule.id, userId: colleague.id }), /^This link is no longer valid/],
      [signAlertToken(api.app.secrets, { action: 'mute-rule', id: 999_999, userId: alice.id }), /^This link is no longer valid/],
    ];
    for (const [token, message] of refused) {
      for (const method of ['GET', 'POST'] as const) {
        const answer = await api.call(undefined, { method, url: `/api/v1/alert-actions/?token=${encodeURIComponent(token)}` });
        expect(expectErrors(answer, 400).errors[0]).toMatch(message);
      }
    }
    expect(await mutedAt(rule.id)).toBeNull();
    // the good one works, with an empty JSON body (the app's page)
    expect(
      expectStatus<AlertAction>(
        await api.call(undefined, { method: 'POST', url: `/api/v1/alert-actions/?token=${good}`, payload: {} }),
        200,
      ).done,
    ).toBe(true);
    expect(await mutedAt(rule.id)).not.toBeNull();
    await call('alice', 'DELETE', `/api/v1/rules/${rule.id}/`);
  });

  it("a digest's one click mutes every rule and search it gathers; one naming someone else's rule is refused whole", async () => {
    const [first, second] = [await makeRule('alice', 'Digest one'), await makeRule('alice', 'Digest two')];
    const theirs = await makeRule('colleague', 'Not alice’s');
    const search = expectStatus<SavedSearch>(
      await call('alice', 'POST', '/api/v1/searches/', { name: 'Digest search', url: 'gender=female', watched: true }),
      201,
    );
    const { alice } = world.users;
    const sign = (rules: number[]) =>
      signAlertToken(api.app.secrets, { action: 'mute-digest', id: 0, userId: alice.id, sources: { rules, searches: [search.id] } });
    const mixed = sign([first.id, theirs.id]);
    for (const method of ['GET', 'POST'] as const)
      expect(expectErrors(await api.call(undefined, { method, url: `/api/v1/alert-actions/?token=${mixed}` }), 400).errors[0]).toMatch(
        /^This link is no longer valid/,
      );
    expect(await mutedAt(first.id)).toBeNull();

    const token = sign([first.id, second.id]);
    const described = expectStatus<AlertAction>(
      await api.call(undefined, { method: 'GET', url: `/api/v1/alert-actions/?token=${token}` }),
      200,
    );
    expect(described).toMatchObject({ action: 'mute-digest', target: { kind: 'digest', id: 0 }, done: false });
    expect(described.message).toContain('the 2 rules and 1 saved search of this digest (“Digest one”, “Digest two”, “Digest search”)');
    const done = await api.call(undefined, {
      method: 'POST',
      url: `/api/v1/alert-actions/?token=${token}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(expectStatus<AlertAction>(done, 200).done).toBe(true);
    expect(await mutedAt(first.id)).not.toBeNull();
    expect(await mutedAt(second.id)).not.toBeNull();
    expect(await mutedAt(theirs.id)).toBeNull();
    expect(expectStatus<SavedSearch>(await call('alice', 'GET', `/api/v1/searches/${search.id}/`), 200).muted).toBe(true);
    // a token that says 'mute-digest' without its sources (or sources on another action) is not one of ours
    const bare = signAlertToken(api.app.secrets, { action: 'mute-digest', id: 0, userId: alice.id });
    expectErrors(await api.call(undefined, { method: 'GET', url: `/api/v1/alert-actions/?token=${bare}` }), 400);
    for (const [owner, rule] of [
      ['alice', first],
      ['alice', second],
      ['colleague', theirs],
    ] as const)
      await call(owner, 'DELETE', `/api/v1/rules/${rule.id}/`);
    await call('alice', 'DELETE', `/api/v1/searches/${search.id}/`);
  });
});

describe('not relevant', () => {
  it('from the mail’s link (no session) and from the app; others do not see it (404)', async () => {
    const rule = await makeRule('alice', 'Relevance');
    const [id] = await move('ana', 'Porto');
    const mail = await deliver(id!);
    const link = textLink(mail, 'Not relevant');
    expect(link).toMatch(/^http:\/\/app\.test\/alert-action\?token=/);
    const url = `/api/v1/alert-actions/?token=${encodeURIComponent(tokenOf(link))}`;
    expect(expectStatus<AlertAction>(await api.call(undefined, { method: 'GET', url }), 200)).toMatchObject({
      action: 'not-relevant',
      target: { kind: 'notification', id },
      done: false,
    });
    expect(expectStatus<AlertAction>(await api.call(undefined, { method: 'POST', url }), 200).done).toBe(true);
    expect(expectStatus<Notification>(await call('alice', 'GET', `/api/v1/notifications/${id}/`), 200).not_relevant).toBe(true);

    const relevance = (user: UserKey, value: boolean) =>
      call(user, 'POST', `/api/v1/notifications/${id}/relevance/`, { not_relevant: value });
    expect(expectStatus<Notification>(await relevance('alice', false), 200).not_relevant).toBe(false);
    expect(expectStatus<Notification>(await relevance('staff', true), 200).not_relevant).toBe(true);
    expectErrors(await relevance('stranger', false), 404);
    expectErrors(await call('alice', 'POST', `/api/v1/notifications/${id}/relevance/`, {}), 400);
    await call('alice', 'DELETE', `/api/v1/rules/${rule.id}/`);
  });

  it('a rule’s noise figures: raised in the last 30 days and the share marked not relevant', async () => {
    const rule = await makeRule('alice', 'Noisy');
    const { alice } = world.users;
    const row = (daysAgo: number, notRelevant: boolean) => ({
      body: 'x',
      subject: 'x',
      notification_type: 'Email' as const,
      priority: 'Low' as const,
      recipient: alice.email,
      recipient_id: alice.id,
      rule_id: rule.id,
      rule_owner_id: alice.id,
      created_at: new Date(Date.now() - daysAgo * DAY),
      not_relevant_at: notRelevant ? new Date() : null,
    });
    await api.handle.db
      .insertInto('notification')
      .values([row(1, true), row(2, false), row(10, false), row(29, false), row(31, true), row(60, true)])
      .execute();
    const noise = expectStatus<RuleNoise>(await call('alice', 'GET', `/api/v1/rules/${rule.id}/noise/`), 200);
    const direct = await sql<{ raised: number; marked: number }>`
      SELECT count(*)::int AS raised, count(not_relevant_at)::int AS marked FROM notification
      WHERE rule_id = ${rule.id} AND created_at >= now() - interval '30 days'`.execute(api.handle.db);
    expect(noise).toEqual({ days: 30, raised: 4, not_relevant: 1, share: 0.25 });
    expect([noise.raised, noise.not_relevant]).toEqual([direct.rows[0]!.raised, direct.rows[0]!.marked]);
    expect(expectStatus<RuleNoise>(await call('colleague', 'GET', `/api/v1/rules/${rule.id}/noise/`), 200).raised).toBe(4);
    expectErrors(await call('stranger', 'GET', `/api/v1/rules/${rule.id}/noise/`), 404);
    const quiet = await makeRule('alice', 'Quiet');
    expect(expectStatus<RuleNoise>(await call('alice', 'GET', `/api/v1/rules/${quiet.id}/noise/`), 200)).toEqual({
      days: 30,
      raised: 0,
      not_relevant: 0,
      share: 0,
    });
    for (const r of [rule, quiet]) await call('alice', 'DELETE', `/api/v1/rules/${r.id}/`);
  });
});

describe('snooze a person', () => {
  it('7, 30 or 90 days: none of the user’s rules fires for them meanwhile, and fires again after', async () => {
    const rule = await makeRule('alice', 'Snoozable');
    const url = `/api/v1/profiles/${world.profiles.ana}/snooze/`;
    expect(expectStatus<Snooze>(await call('alice', 'GET', url), 200)).toEqual({ profile_id: world.profiles.ana, until: null });
    for (const days of [7, 30, 90]) {
      const snoozed = expectStatus<Snooze>(await call('alice', 'PUT', url, { days }), 200);
      const until = new Date(snoozed.until!).getTime();
      expect(Math.abs(until - (Date.now() + days * DAY))).toBeLessThan(60_000);
      expect(expectStatus<Snooze>(await call('alice', 'GET', url), 200).until).toBe(snoozed.until);
    }
    expectErrors(await call('alice', 'PUT', url, { days: 10 }), 400);
    expect(await move('ana', 'Madrid')).toEqual([]);
    // jose is not snoozed
    expect(await move('jose', 'Madrid')).toHaveLength(1);
    // the snooze has run out: ana's next change fires
    await api.handle.db
      .updateTable('profile_snooze')
      .set({ until: new Date(Date.now() - 1000) })
      .where('user_id', '=', world.users.alice.id)
      .execute();
    expect(expectStatus<Snooze>(await call('alice', 'GET', url), 200).until).toBeNull();
    expect(await move('ana', 'Seville')).toHaveLength(1);
    // snoozed again, then woken
    await call('alice', 'PUT', url, { days: 7 });
    expect(expectStatus<Snooze>(await call('alice', 'DELETE', url), 200).until).toBeNull();
    expect(await move('ana', 'Valencia')).toHaveLength(1);
    await call('alice', 'DELETE', `/api/v1/rules/${rule.id}/`);
  });

  it('answers 404 for a person the user may not see, 401 without a session', async () => {
    for (const method of ['GET', 'PUT', 'DELETE'] as const)
      expectErrors(
        await call('alice', method, `/api/v1/profiles/${world.profiles.greta}/snooze/`, method === 'PUT' ? { days: 7 } : undefined),
        404,
      );
    expectErrors(await call(null, 'GET', `/api/v1/profiles/${world.profiles.ana}/snooze/`), 401);
  });
});

describe('mute and unmute in the app', () => {
  it('a rule: its owner or staff; a colleague who only reads it 403, others 404', async () => {
    const rule = await makeRule('alice', 'Mutable');
    const mute = (user: UserKey, muted: boolean) => call(user, 'POST', `/api/v1/rules/${rule.id}/mute/`, { muted });
    expect(expectStatus<Rule>(await mute('alice', true), 200)).toMatchObject({ id: rule.id, muted: true });
    expect(expectStatus<Rule>(await mute('staff', false), 200).muted).toBe(false);
    expectErrors(await mute('colleague', true), 403);
    expectErrors(await mute('stranger', true), 404);
    expectErrors(await call('alice', 'POST', '/api/v1/rules/999999/mute/', { muted: true }), 404);
    expect(await mutedAt(rule.id)).toBeNull();
    await call('alice', 'DELETE', `/api/v1/rules/${rule.id}/`);
  });

  it('a saved search: its owner only; a colleague 403, others 404; its mail link mutes it too', async () => {
    const search = expectStatus<SavedSearch>(
      await call('alice', 'POST', '/api/v1/searches/', { name: 'Berlin founders', url: '/profiles?search=berlin', entity: 'Profile' }),
      201,
    );
    const mute = (user: UserKey, muted: boolean) => call(user, 'POST', `/api/v1/searches/${search.id}/mute/`, { muted });
    expect(expectStatus<SavedSearch>(await mute('alice', true), 200)).toMatchObject({ id: search.id, muted: true });
    expect(expectStatus<SavedSearch>(await mute('alice', false), 200).muted).toBe(false);
    expectErrors(await mute('colleague', true), 403);
    expectErrors(await mute('stranger', true), 404);
    const token = signAlertToken(api.app.secrets, { action: 'mute-search', id: search.id, userId: world.users.alice.id });
    const done = expectStatus<AlertAction>(
      await api.call(undefined, { method: 'POST', url: `/api/v1/alert-actions/?token=${token}` }),
      200,
    );
    expect(done).toMatchObject({ action: 'mute-search', target: { kind: 'saved_search', name: 'Berlin founders' }, done: true });
    expect(expectStatus<SavedSearch>(await call('alice', 'GET', `/api/v1/searches/${search.id}/`), 200).muted).toBe(true);
  });
});
