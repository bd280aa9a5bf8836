// Digests at the reader's hour (issue 18): PUT /users/me/settings/ (any signed-in user; a real
// IANA zone, else 400 naming time_zone), and the daily digest of each recipient at their own
// local hour on the days the clocks change — a reader in Berlin and one in New York with waiting
// Low notifications, the due-digest function run at chosen instants, the mail seen in a real
// SMTP server. `now` is passed in; the notifications' created_at is set, so the real clock
// decides nothing here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../types/api';
import { createMailer, MailError, type Mailer } from '../../server/mail/mailer';
import { deliverDue, type DeliveryContext } from '../../server/signals/delivery/deliver';
import { sendDailyDigests } from '../../server/signals/delivery/daily-digest';
import { startSmtpCapture, type SmtpCapture } from '../support/smtp';
import { startTestApi, type TestApi, type TestUser } from './harness';
import { expectErrors, expectStatus } from './expect';

const silent = { info() {}, warn() {}, error() {}, debug() {}, child: () => silent } as any;

let api: TestApi;
let smtp: SmtpCapture;
let mailer: Mailer;

beforeAll(async () => {
  api = await startTestApi({ workers: false });
  smtp = await startSmtpCapture();
  mailer = createMailer({ smtpUrl: smtp.url, from: 'Talent Back-office <no-reply@localhost>', log: silent });
});

afterAll(async () => {
  mailer?.close();
  await smtp?.close();
  await api?.close();
});

const context = (overrides: Partial<DeliveryContext> = {}): DeliveryContext => ({
  db: api.handle.db,
  mailer,
  appUrl: 'http://app.test',
  log: silent,
  allowPrivateNetworks: true,
  retrySeconds: 0.02,
  ...overrides,
});

const settings = (user: TestUser, payload: unknown) =>
  api.call(user.token, { method: 'PUT', url: '/api/v1/users/me/settings/', payload: payload as object });

describe('PUT /users/me/settings/', () => {
  it('lets any signed-in user set their time zone and digest hour, and GET /users/me answers them', async () => {
    const user = await api.user();
    const before = expectStatus<User>(await api.call(user.token, { method: 'GET', url: '/api/v1/users/me' }), 200);
    expect(before).toMatchObject({ time_zone: null, digest_hour: 7 });
    const saved = expectStatus<User>(await settings(user, { time_zone: 'Europe/Berlin', digest_hour: 6 }), 200);
    expect(saved).toMatchObject({ id: user.id, email: user.email, time_zone: 'Europe/Berlin', digest_hour: 6 });
    const after = expectStatus<User>(await api.call(user.token, { method: 'GET', url: '/api/v1/users/me/' }), 200);
    expect(after).toMatchObject({ time_zone: 'Europe/Berlin', digest_hour: 6 });
    // the runtime's spelling of a listed zone
    expect(expectStatus<User>(await settings(user, { time_zone: 'america/new_york', digest_hour: 0 }), 200)).toMatchObject({
      time_zone: 'America/New_York',
      digest_hour: 0,
    });
  });

  it('refuses a zone that is not one, an hour outside 0–23, a missing field, and no session', async () => {
    const user = await api.user();
    const unknown = expectErrors(await settings(user, { time_zone: 'Mars/Base', digest_hour: 7 }), 400, ['time_zone']);
    expect(unknown.errors).toEqual(['time_zone: Unknown time zone "Mars/Base".']);
    expectErrors(await settings(user, { time_zone: '+01:00', digest_hour: 7 }), 400, ['time_zone']);
    expectErrors(await settings(user, { time_zone: 'Europe/Berlin', digest_hour: 24 }), 400, ['digest_hour']);
    expectErrors(await settings(user, { time_zone: 'Europe/Berlin', digest_hour: -1 }), 400, ['digest_hour']);
    expectErrors(await settings(user, { digest_hour: 7 }), 400, ['time_zone']);
    expectErrors(
      await api.call(undefined, { method: 'PUT', url: '/api/v1/users/me/settings/', payload: { time_zone: 'UTC', digest_hour: 7 } }),
      401,
    );
    const row = await api.handle.db
      .selectFrom('app_user')
      .select(['time_zone', 'digest_hour'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ time_zone: null, digest_hour: 7 });
  });
});

let sequence = 0;

/** A reader with a time zone and hour, and an Email rule of Low priority. */
async function reader(timeZone: string | null, hour = 7) {
  const user = await api.user({ email: `reader${++sequence}@example.test` });
  await api.handle.db.updateTable('app_user').set({ time_zone: timeZone, digest_hour: hour }).where('id', '=', user.id).execute();
  const rule = await api.handle.db
    .insertInto('rule')
    .values({
      name: `Low rule ${sequence}`,
      notification_type: 'Email',
      priority: 'Low',
      model_name: 'Profile',
      attribute: 'location',
      operator: 'changed',
      value: '*',
      owner_id: user.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { ...user, rule: rule.id };
}

/** A Low notification for `who`, raised at `raisedAt`. */
async function raise(who: Awaited<ReturnType<typeof reader>>, raisedAt: string, recipientId: number | null = who.id) {
  const row = await api.handle.db
    .insertInto('notification')
    .values({
      subject: `Someone changed location (${raisedAt})`,
      body: 'Someone changed location: A → B',
      notification_type: 'Email',
      priority: 'Low',
      recipient: who.email,
      recipient_id: recipientId,
      rule_id: who.rule,
      rule_owner_id: who.id,
      next_attempt_at: null,
      created_at: raisedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const statusOf = async (id: number) =>
  (await api.handle.db.selectFrom('notification').select('notification_status').where('id', '=', id).executeTakeFirstOrThrow())
    .notification_status;
const lastDigestOf = async (userId: number) =>
  (await api.handle.db.selectFrom('app_user').select('last_daily_digest_at').where('id', '=', userId).executeTakeFirstOrThrow())
    .last_daily_digest_at;
const dailyMailsTo = (email: string) => smtp.messages.filter((m) => m.to === email && m.subject.startsWith('Daily digest'));

/** Runs the daily digests at `iso`; answers the recipients it found due. */
const runAt = async (iso: string, overrides: Partial<DeliveryContext> = {}) =>
  (await sendDailyDigests(context(overrides), new Date(iso))).recipients;

describe('the daily digest at the reader’s hour', () => {
  it('goes at 07:00 local in Berlin and in New York on the day Berlin springs forward, once', async () => {
    const berlin = await reader('Europe/Berlin');
    const newYork = await reader('America/New_York');
    const b = await raise(berlin, '2026-03-28T12:00:00Z');
    const n = await raise(newYork, '2026-03-28T12:00:00Z');
    // 06:59 CEST (04:59Z): Berlin's 07:00 of yesterday came before the notification; New York's too
    expect(await runAt('2026-03-29T04:59:00Z')).toBe(0);
    expect(await statusOf(b)).toBe('PENDING');
    // 07:00 CEST is 05:00Z (not 06:00Z, as it was the day before in CET)
    expect(await runAt('2026-03-29T05:00:00Z')).toBe(1);
    expect(await statusOf(b)).toBe('SENT');
    expect(await statusOf(n)).toBe('PENDING');
    await smtp.waitFor((m) => m.to === berlin.email && m.subject === 'Daily digest: 1 change of 1 person');
    expect((await lastDigestOf(berlin.id))?.toISOString()).toBe('2026-03-29T05:00:00.000Z');
    // the next minutes send nothing again
    expect(await runAt('2026-03-29T05:01:00Z')).toBe(0);
    expect(await runAt('2026-03-29T05:04:00Z')).toBe(0);
    // New York (EDT since 8 March): 07:00 is 11:00Z
    expect(await runAt('2026-03-29T10:59:00Z')).toBe(0);
    expect(await runAt('2026-03-29T11:00:00Z')).toBe(1);
    expect(await statusOf(n)).toBe('SENT');
    await smtp.waitFor((m) => m.to === newYork.email && m.subject === 'Daily digest: 1 change of 1 person');
    expect((await lastDigestOf(newYork.id))?.toISOString()).toBe('2026-03-29T11:00:00.000Z');
    expect(dailyMailsTo(berlin.email)).toHaveLength(1);
    expect(dailyMailsTo(newYork.email)).toHaveLength(1);
  });

  it('keeps a notification raised after the hour for the next day’s digest', async () => {
    const berlin = await reader('Europe/Berlin');
    const before = await raise(berlin, '2027-03-27T20:00:00Z');
    const after = await raise(berlin, '2027-03-28T05:00:30Z');
    // Berlin springs forward on 2027-03-28: 07:00 CEST is 05:00Z; the run at 05:01Z sends the first only
    expect(await runAt('2027-03-28T05:01:00Z')).toBe(1);
    expect(await statusOf(before)).toBe('SENT');
    expect(await statusOf(after)).toBe('PENDING');
    expect(await runAt('2027-03-28T23:00:00Z')).toBe(0);
    expect(await runAt('2027-03-29T04:59:00Z')).toBe(0);
    expect(await runAt('2027-03-29T05:00:00Z')).toBe(1);
    expect(await statusOf(after)).toBe('SENT');
    expect(dailyMailsTo(berlin.email)).toHaveLength(2);
  });

  it('goes once on the night New York falls back, at the first 01:00, and at 07:00 local in Berlin after its change', async () => {
    const newYork = await reader('America/New_York', 1);
    const berlin = await reader('Europe/Berlin', 7);
    const n = await raise(newYork, '2026-10-31T12:00:00Z');
    const b = await raise(berlin, '2026-10-24T12:00:00Z');
    // Berlin fell back on 2026-10-25: 07:00 CET is 06:00Z
    expect(await runAt('2026-10-25T05:30:00Z')).toBe(0);
    expect(await runAt('2026-10-25T06:02:00Z')).toBe(1);
    expect(await statusOf(b)).toBe('SENT');
    // New York on 2026-11-01: 01:00 EDT is 05:00Z; the second 01:00 (EST, 06:00Z) is not another digest
    expect(await runAt('2026-11-01T04:59:00Z')).toBe(0);
    expect(await runAt('2026-11-01T05:00:00Z')).toBe(1);
    expect(await statusOf(n)).toBe('SENT');
    await raise(newYork, '2026-11-01T05:30:00Z');
    expect(await runAt('2026-11-01T06:00:00Z')).toBe(0);
    expect(await runAt('2026-11-01T06:30:00Z')).toBe(0);
    // the next day's 01:00 EST is 06:00Z
    expect(await runAt('2026-11-02T05:59:00Z')).toBe(0);
    expect(await runAt('2026-11-02T06:00:00Z')).toBe(1);
    expect(dailyMailsTo(newYork.email)).toHaveLength(2);
    expect(dailyMailsTo(berlin.email)).toHaveLength(1);
  });

  it('sends a reader with no zone, and a notification with no recipient account, at 07:00 UTC', async () => {
    const plain = await reader(null);
    const outsider = await reader(null);
    const p = await raise(plain, '2027-10-30T12:00:00Z');
    const o = await raise(outsider, '2027-10-30T12:00:00Z', null);
    expect(await runAt('2027-10-31T06:59:00Z')).toBe(0);
    expect(await runAt('2027-10-31T07:00:00Z')).toBe(2);
    expect(await statusOf(p)).toBe('SENT');
    expect(await statusOf(o)).toBe('SENT');
    await smtp.waitFor((m) => m.to === outsider.email && m.subject.startsWith('Daily digest'));
  });

  it('records the hour of a digest that failed and leaves its retry to the sweep, never sending it twice at that hour', async () => {
    const newYork = await reader('America/New_York');
    const id = await raise(newYork, '2027-11-06T12:00:00Z');
    const failing: Mailer = {
      send: async () => {
        throw new MailError('421 try again later', { responseCode: 421, permanent: false });
      },
      close() {},
    };
    // New York falls back on 2027-11-07: 07:00 EST is 12:00Z
    expect(await runAt('2027-11-07T11:59:00Z', { mailer: failing })).toBe(0);
    expect(await runAt('2027-11-07T12:00:00Z', { mailer: failing })).toBe(1);
    const row = await api.handle.db.selectFrom('notification').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ notification_status: 'PENDING', attempts: 1 });
    expect(row.failure_reason).toContain('421');
    expect((await lastDigestOf(newYork.id))?.toISOString()).toBe('2027-11-07T12:00:00.000Z');
    // its retry is the sweep's: once its backoff (tens of milliseconds here) has run out, the daily run still leaves it
    for (let i = 0; ; i++) {
      const { next_attempt_at } = await api.handle.db
        .selectFrom('notification')
        .select('next_attempt_at')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      if (next_attempt_at && next_attempt_at.getTime() <= Date.now()) break;
      expect(i, 'the retry comes due').toBeLessThan(500);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await runAt('2027-11-07T12:03:00Z')).toBe(0);
    expect(await statusOf(id)).toBe('PENDING');
    expect((await deliverDue(context())).digests).toBe(1);
    expect(await statusOf(id)).toBe('SENT');
    expect(dailyMailsTo(newYork.email)).toHaveLength(1);
  });
});
