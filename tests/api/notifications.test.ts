// Notifications (SPEC §2 Notifications, §3 Notification, §7 Notifications; CONVENTIONS "Who sees
// what": their recipient and the owner of the rule that raised them): list, detail, search,
// ordering, filters, delete, and POST /notifications/{id}/send/ (PENDING again, queued for delivery).
// The rules engine writes notifications; here they are inserted directly.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql, type Insertable } from 'kysely';
import type { ListResponse, Notification } from '../../types/api';
import type { NotificationTable } from '../../server/db/schema';
import { NOTIFICATION_DELIVERY_QUEUE } from '../../server/signals/queues';
import { startTestApi, type TestApi } from './harness';
import { expectErrors, expectStatus, isoUtc } from './expect';
import { buildProfileWorld, type ProfileWorld, type UserKey } from './fixtures/profiles';

let api: TestApi;
let world: ProfileWorld;
const rules: Record<'alice' | 'stranger', { id: number; name: string }> = {} as never;
/** the notifications by key, as inserted */
const ids: Record<'toAlice' | 'toColleague' | 'toStranger' | 'aboutGreta' | 'failed', number> = {} as never;

async function insertNotification(
  values: Partial<Insertable<NotificationTable>> & Pick<Insertable<NotificationTable>, 'body' | 'recipient'>,
) {
  const row = await api.handle.db
    .insertInto('notification')
    .values({ subject: values.body, notification_type: 'Email', priority: 'High', ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  // no workers: a re-send stays queued, where the test can see it
  api = await startTestApi({ workers: false });
  world = await buildProfileWorld(api);
  const db = api.handle.db;
  const rule = (owner: UserKey, name: string) =>
    db
      .insertInto('rule')
      .values({
        name,
        notification_type: 'Email',
        priority: 'High',
        model_name: 'Profile',
        attribute: 'location',
        operator: 'changed',
        value: '*',
        owner_id: world.users[owner].id,
      })
      .returning(['id', 'name'])
      .executeTakeFirstOrThrow();
  rules.alice = await rule('alice', 'Alice moves');
  rules.stranger = await rule('stranger', 'Stranger moves');
  const { alice, colleague, stranger } = world.users;
  ids.toAlice = await insertNotification({
    body: 'José Müller moved from Zürich to Berlin',
    recipient: alice.email,
    recipient_id: alice.id,
    rule_id: rules.alice.id,
    rule_owner_id: alice.id,
    profile_id: world.profiles.jose,
    notification_status: 'SENT',
    sent_at: new Date('2026-05-01T10:00:05Z'),
    created_at: new Date('2026-05-01T10:00:00Z'),
    updated_at: new Date('2026-05-01T10:00:05Z'),
  });
  ids.toColleague = await insertNotification({
    body: 'Ana Silva moved from Lisbon to Porto',
    recipient: colleague.email,
    recipient_id: colleague.id,
    rule_id: rules.alice.id,
    rule_owner_id: alice.id,
    profile_id: world.profiles.ana,
    notification_type: 'Slack',
    priority: 'Medium',
    created_at: new Date('2026-05-02T10:00:00Z'),
    updated_at: new Date('2026-05-02T10:00:00Z'),
  });
  ids.toStranger = await insertNotification({
    body: 'Dmitri Ivanov moved from Riga to Oslo',
    recipient: stranger.email,
    recipient_id: stranger.id,
    rule_id: rules.stranger.id,
    rule_owner_id: stranger.id,
    profile_id: world.profiles.dmitri,
    created_at: new Date('2026-05-03T10:00:00Z'),
    updated_at: new Date('2026-05-03T10:00:00Z'),
  });
  // a person alice may not see, raised by a rule of hers when she could
  ids.aboutGreta = await insertNotification({
    body: 'Greta Olsen moved from Bergen to Oslo',
    recipient: alice.email,
    recipient_id: alice.id,
    rule_id: rules.alice.id,
    rule_owner_id: alice.id,
    profile_id: world.profiles.greta,
    priority: 'Low',
    created_at: new Date('2026-05-04T10:00:00Z'),
    updated_at: new Date('2026-05-06T10:00:00Z'),
  });
  ids.failed = await insertNotification({
    body: 'Chloé Dubois changed her headline',
    recipient: 'alerts@hooks.test',
    recipient_id: alice.id,
    rule_id: null,
    rule_owner_id: alice.id,
    profile_id: null,
    notification_status: 'FAILED',
    attempts: 5,
    failure_reason: 'SMTP 550 mailbox unavailable',
    next_attempt_at: null,
    created_at: new Date('2026-05-05T10:00:00Z'),
    updated_at: new Date('2026-05-05T10:00:00Z'),
  });
});
afterAll(async () => api?.close());

const call = (
  user: UserKey,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  options: { payload?: string | object; headers?: Record<string, string> } = {},
) => api.call(world.users[user].token, { method, url, ...options });
const listAll = async (user: UserKey, query = ''): Promise<ListResponse<Notification>> =>
  expectStatus(await call(user, 'GET', `/api/v1/notifications/?page_size=100${query}`), 200);
const show = async (user: UserKey, id: number) => expectStatus<Notification>(await call(user, 'GET', `/api/v1/notifications/${id}/`), 200);
const idsOf = (page: ListResponse<Notification>) => page.results.map((n) => n.id);

/** The jobs queued for the delivery, oldest first (none before the queue's first `send` created its schema). */
async function queuedDeliveries(): Promise<{ data: { notification_ids?: number[]; force?: boolean } }[]> {
  const started = await sql<{ job: string | null }>`SELECT to_regclass('pgboss.job')::text AS job`.execute(api.handle.db);
  if (!started.rows[0].job) return [];
  const result = await sql<{ data: { notification_ids?: number[]; force?: boolean } }>`
    SELECT data FROM pgboss.job WHERE name = ${NOTIFICATION_DELIVERY_QUEUE.name} ORDER BY created_on`.execute(api.handle.db);
  return result.rows;
}

describe('read', () => {
  it('answers a notification with its rule and person', async () => {
    const n = await show('alice', ids.toAlice);
    expect(n).toEqual({
      id: ids.toAlice,
      body: 'José Müller moved from Zürich to Berlin',
      notification_status: 'SENT',
      notification_type: 'Email',
      recipient: 'alice@profiles.test',
      created_at: '2026-05-01T10:00:00.000Z',
      updated_at: '2026-05-01T10:00:05.000Z',
      priority: 'High',
      failure_reason: null,
      attempts: 0,
      sent_at: '2026-05-01T10:00:05.000Z',
      rule: rules.alice,
      saved_search: null,
      not_relevant: false,
      profile: { id: world.profiles.jose, first_name: 'José', last_name: 'Müller' },
    });
    expect(n.created_at).toMatch(isoUtc);
    const failed = await show('alice', ids.failed);
    expect(failed).toMatchObject({
      notification_status: 'FAILED',
      attempts: 5,
      failure_reason: 'SMTP 550 mailbox unavailable',
      rule: null,
      profile: null,
    });
  });

  it('leaves out a person the viewer may not see', async () => {
    expect((await show('alice', ids.aboutGreta)).profile).toBeNull();
    expect((await show('staff', ids.aboutGreta)).profile).toEqual({ id: world.profiles.greta, first_name: 'Greta', last_name: 'Olsen' });
  });

  it("the recipient and the rule's owner see it; others get 404; staff see all", async () => {
    expect(idsOf(await listAll('alice'))).toEqual([ids.failed, ids.aboutGreta, ids.toColleague, ids.toAlice]);
    expect(idsOf(await listAll('colleague'))).toEqual([ids.toColleague]);
    expect(idsOf(await listAll('stranger'))).toEqual([ids.toStranger]);
    expect(await listAll('loner')).toEqual({ count: 0, results: [] });
    expect(idsOf(await listAll('staff'))).toEqual(expect.arrayContaining(Object.values(ids)));
    // the colleague reads the rule's notification to them, not alice's own
    expect((await show('colleague', ids.toColleague)).rule).toEqual(rules.alice);
    expectErrors(await call('colleague', 'GET', `/api/v1/notifications/${ids.toAlice}/`), 404);
    expectErrors(await call('loner', 'GET', `/api/v1/notifications/${ids.toAlice}/`), 404);
    expectErrors(await call('alice', 'GET', `/api/v1/notifications/${ids.toStranger}/`), 404);
    expectErrors(await call('alice', 'GET', '/api/v1/notifications/999999/'), 404);
    expect((await show('staff', ids.toStranger)).recipient).toBe('stranger@profiles.test');
    expectErrors(await api.call(undefined, { method: 'GET', url: '/api/v1/notifications/' }), 401);
  });

  it('sorts by created_at and updated_at, newest first by default, and pages', async () => {
    expect(idsOf(await listAll('alice', '&ordering=created_at'))).toEqual([ids.toAlice, ids.toColleague, ids.aboutGreta, ids.failed]);
    expect(idsOf(await listAll('alice', '&ordering=-updated_at'))).toEqual([ids.aboutGreta, ids.failed, ids.toColleague, ids.toAlice]);
    expect(idsOf(await listAll('alice', '&ordering=updated_at'))).toEqual([ids.toAlice, ids.toColleague, ids.failed, ids.aboutGreta]);
    // only created_at and updated_at sort; others are ignored
    expect(idsOf(await listAll('alice', '&ordering=body'))).toEqual([ids.failed, ids.aboutGreta, ids.toColleague, ids.toAlice]);
    const page = expectStatus<ListResponse<Notification>>(await call('alice', 'GET', '/api/v1/notifications/?page=2&page_size=3'), 200);
    expect(page.count).toBe(4);
    expect(idsOf(page)).toEqual([ids.toAlice]);
  });

  it('searches the body and the recipient', async () => {
    expect(idsOf(await listAll('alice', '&search=oslo'))).toEqual([ids.aboutGreta]);
    expect(idsOf(await listAll('alice', '&search=colleague%40profiles'))).toEqual([ids.toColleague]);
    expect(idsOf(await listAll('alice', '&search=hooks.test%20headline'))).toEqual([ids.failed]);
    expect(idsOf(await listAll('alice', '&search=moved%20Berlin'))).toEqual([ids.toAlice]);
    // what alice may not see is not found by searching either
    expect(idsOf(await listAll('alice', '&search=Dmitri'))).toEqual([]);
  });

  it('filters by status and by rule (repeated keys)', async () => {
    expect(idsOf(await listAll('alice', '&notification_status=PENDING'))).toEqual([ids.aboutGreta, ids.toColleague]);
    expect(idsOf(await listAll('alice', '&notification_status=SENT&notification_status=FAILED'))).toEqual([ids.failed, ids.toAlice]);
    expect(idsOf(await listAll('alice', `&rule=${rules.alice.id}`))).toEqual([ids.aboutGreta, ids.toColleague, ids.toAlice]);
    expect(idsOf(await listAll('alice', `&rule=${rules.stranger.id}`))).toEqual([]);
    expectErrors(await call('alice', 'GET', '/api/v1/notifications/?notification_status=LOST'), 400, ['notification_status']);
    expectErrors(await call('alice', 'GET', '/api/v1/notifications/?rule=abc'), 400, ['rule']);
  });

  it('is not created or changed through the API', async () => {
    for (const [method, url] of [
      ['POST', '/api/v1/notifications/'],
      ['PUT', `/api/v1/notifications/${ids.toAlice}/`],
      ['PATCH', `/api/v1/notifications/${ids.toAlice}/`],
    ] as const) {
      const response = await call('staff', method, url, { payload: { body: 'forged', recipient: 'x@y.test' } });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await show('alice', ids.toAlice)).body).toBe('José Müller moved from Zürich to Berlin');
  });
});

describe('send again', () => {
  it('makes a failed notification PENDING again, due now, with no attempts, and queues its forced delivery', async () => {
    const before = await queuedDeliveries();
    const started = Date.now();
    const answered = expectStatus<Notification>(await call('alice', 'POST', `/api/v1/notifications/${ids.failed}/send/`), 200);
    expect(answered).toMatchObject({ id: ids.failed, notification_status: 'PENDING', attempts: 0, failure_reason: null });
    expect(Date.parse(answered.updated_at)).toBeGreaterThan(Date.parse('2026-05-05T10:00:00Z'));
    expect(await show('alice', ids.failed)).toEqual(answered);

    const row = await api.handle.db.selectFrom('notification').selectAll().where('id', '=', ids.failed).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ notification_status: 'PENDING', attempts: 0, failure_reason: null });
    expect(row.next_attempt_at).not.toBeNull();
    expect(Math.abs(row.next_attempt_at!.getTime() - started)).toBeLessThan(60_000);

    const after = await queuedDeliveries();
    expect(after.length).toBe(before.length + 1);
    expect(after.at(-1)!.data).toEqual({ notification_ids: [ids.failed], force: true });
  });

  it('takes no body, an empty JSON body or {}, with or without the trailing slash', async () => {
    const url = `/api/v1/notifications/${ids.toAlice}`;
    const before = (await queuedDeliveries()).length;
    expectStatus(await call('alice', 'POST', `${url}/send`), 200);
    expectStatus(await call('alice', 'POST', `${url}/send/`, { payload: '', headers: { 'content-type': 'application/json' } }), 200);
    expectStatus(await call('alice', 'POST', `${url}/send/`, { payload: {} }), 200);
    const sent = expectStatus<Notification>(await call('colleague', 'POST', `/api/v1/notifications/${ids.toColleague}/send`), 200);
    expect(sent.notification_status).toBe('PENDING');
    expect((await queuedDeliveries()).length).toBe(before + 4);
  });

  it('answers 503 when the queue cannot take the sending, and the notification says so', async () => {
    const send = vi.spyOn(api.app.jobs, 'send').mockRejectedValueOnce(new Error('queue down'));
    try {
      const refused = expectErrors(await call('alice', 'POST', `/api/v1/notifications/${ids.toAlice}/send/`), 503);
      expect(refused.errors).toEqual(['The job queue could not take the sending; try again.']);
    } finally {
      send.mockRestore();
    }
    expect(await show('alice', ids.toAlice)).toMatchObject({
      notification_status: 'PENDING',
      failure_reason: 'The job queue could not take the sending; try again.',
    });
  });

  it('answers 404 for what the caller may not see, and changes nothing', async () => {
    await api.handle.db.updateTable('notification').set({ notification_status: 'SENT' }).where('id', '=', ids.toStranger).execute();
    const before = await queuedDeliveries();
    expectErrors(await call('alice', 'POST', `/api/v1/notifications/${ids.toStranger}/send/`), 404);
    expectErrors(await call('loner', 'POST', `/api/v1/notifications/${ids.toStranger}/send/`), 404);
    expectErrors(await call('alice', 'POST', '/api/v1/notifications/999999/send/'), 404);
    expect((await show('stranger', ids.toStranger)).notification_status).toBe('SENT');
    expect((await queuedDeliveries()).length).toBe(before.length);
    // staff may send anyone's
    expect(
      expectStatus<Notification>(await call('staff', 'POST', `/api/v1/notifications/${ids.toStranger}/send/`), 200).notification_status,
    ).toBe('PENDING');
  });
});

describe('delete', () => {
  it('the recipient or the rule owner deletes (204); others get 404', async () => {
    const extra = await insertNotification({
      body: 'Lars Berg changed his headline',
      recipient: world.users.colleague.email,
      recipient_id: world.users.colleague.id,
      rule_id: rules.alice.id,
      rule_owner_id: world.users.alice.id,
    });
    const url = `/api/v1/notifications/${extra}/`;
    expectErrors(await call('stranger', 'DELETE', url), 404);
    expectErrors(await call('loner', 'DELETE', url), 404);
    const response = await call('colleague', 'DELETE', url);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expectErrors(await call('alice', 'GET', url), 404);
    expectErrors(await call('alice', 'DELETE', url), 404);
    expect((await call('alice', 'DELETE', `/api/v1/notifications/${ids.aboutGreta}`)).statusCode).toBe(204);
    expect((await call('staff', 'DELETE', `/api/v1/notifications/${ids.toStranger}/`)).statusCode).toBe(204);
  });

  it('a deleted rule leaves its notifications, without their rule', async () => {
    const db = api.handle.db;
    const rule = await db
      .insertInto('rule')
      .values({
        name: 'Doomed',
        notification_type: 'Email',
        priority: 'High',
        model_name: 'Profile',
        attribute: 'headline',
        operator: 'changed',
        value: '*',
        owner_id: world.users.alice.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const id = await insertNotification({
      body: 'Igor Novak changed his headline',
      recipient: world.users.alice.email,
      recipient_id: world.users.alice.id,
      rule_id: rule.id,
      rule_owner_id: world.users.alice.id,
    });
    expect((await show('alice', id)).rule).toEqual({ id: rule.id, name: 'Doomed' });
    expect((await call('alice', 'DELETE', `/api/v1/rules/${rule.id}/`)).statusCode).toBe(204);
    expect((await show('alice', id)).rule).toBeNull();
  });
});
