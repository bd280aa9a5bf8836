// Delivery of notifications (issue Signals 4; server/signals/delivery/): e-mail through a real
// SMTP server (HTML and text; a 5xx refusal FAILED at once; a server away retried, then FAILED),
// Slack through a local fake incoming webhook (429 with Retry-After, 5xx then success, 404
// 'no_service', the pace of one message a second, 50 blocks at most), the 'Slack incoming
// webhook' category, digests, forced re-sends and the job's sweep. Rules and notifications are
// inserted directly (the engine writes them in production); the delivery functions are called
// directly, and through the job's handler, never left to pg-boss timing.
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Insertable } from 'kysely';
import type { NotificationTable, Priority } from '../../server/db/schema';
import type { NotificationDetails } from '../../server/signals/details';
import type { PlatformConnection } from '../../types/api';
import { createMailer, type Mailer } from '../../server/mail/mailer';
import {
  deliverDue,
  deliverNotification,
  deliverNotifications,
  sendDigests,
  type DeliveryContext,
} from '../../server/signals/delivery/deliver';
import { MAX_ATTEMPTS, retryDelayMs } from '../../server/signals/delivery/policy';
import { NO_WEBHOOK, slackFailure } from '../../server/signals/delivery/slack';
import { notificationDeliveryJob } from '../../server/jobs/notification-delivery';
import { NOTIFICATION_DELIVERY_QUEUE } from '../../server/signals/queues';
import { startSmtpCapture, type SmtpCapture } from '../support/smtp';
import { startFakeSlack, type FakeSlack } from '../support/fake-slack';
import { startTestApi, type TestApi, type TestUser } from './harness';
import { expectErrors, expectStatus } from './expect';

const silent = { info() {}, warn() {}, error() {}, debug() {}, child: () => silent } as any;
const FROM = 'Talent Back-office <no-reply@localhost>';

let api: TestApi;
let smtp: SmtpCapture;
let refusing: SMTPServer;
let refusingUrl: string;
let slack: FakeSlack;
let mailer: Mailer;

beforeAll(async () => {
  api = await startTestApi({ workers: false, allowPrivateFeeds: true });
  smtp = await startSmtpCapture();
  mailer = createMailer({ smtpUrl: smtp.url, from: FROM, log: silent });
  // an SMTP server that refuses every recipient for good
  refusing = new SMTPServer({
    logger: false,
    disabledCommands: ['STARTTLS'],
    authOptional: true,
    onRcptTo: (_address, _session, callback) =>
      callback(Object.assign(new Error('5.1.1 Mailbox unavailable: no such user'), { responseCode: 550 })),
  });
  await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
  refusingUrl = `smtp://127.0.0.1:${(refusing.server.address() as AddressInfo).port}`;
  slack = await startFakeSlack();
});

afterAll(async () => {
  mailer?.close();
  await slack?.close();
  await new Promise<void>((resolve) => (refusing ? refusing.close(() => resolve()) : resolve()));
  await smtp?.close();
  await api?.close();
});

function context(overrides: Partial<DeliveryContext> = {}): DeliveryContext {
  return {
    db: api.handle.db,
    mailer,
    appUrl: 'http://app.test',
    log: silent,
    allowPrivateNetworks: true,
    retrySeconds: 0.02,
    ...overrides,
  };
}

let people = 0;
/** A change of a person as the engine describes it. */
function change(
  rule: { id: number; name: string },
  person: { id: number; name: string },
  label: string,
  old: string | null,
  next: string | null,
): NotificationDetails {
  return {
    person,
    change: { signal: label === 'job' ? 'company' : 'location', label, old, new: next },
    changed_at: '2026-11-25T14:03:05.000Z',
    data_source: { id: 7, name: 'Demo feed' },
    rule,
    links: { person: `http://app.test/profiles/${person.id}`, rule: `http://app.test/rule-sets/${rule.id}` },
  };
}
const newPerson = (name: string) => ({ id: 1000 + ++people, name });

async function ruleOf(owner: TestUser, type: 'Email' | 'Slack', priority: Priority = 'High') {
  return api.handle.db
    .insertInto('rule')
    .values({
      name: `${type} ${priority} rule of ${owner.email}`,
      notification_type: type,
      priority,
      model_name: 'Profile',
      attribute: 'location',
      operator: 'changed',
      value: '*',
      owner_id: owner.id,
    })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
}

async function notify(
  owner: TestUser,
  rule: { id: number; name: string },
  details: NotificationDetails,
  values: Partial<Insertable<NotificationTable>> = {},
): Promise<number> {
  const { person, change: c } = details;
  const row = await api.handle.db
    .insertInto('notification')
    .values({
      subject: `${person.name} changed ${c.label}`,
      body: `${person.name} changed ${c.label}: ${c.old} → ${c.new}`,
      details: JSON.stringify(details) as never,
      notification_type: 'Email',
      priority: 'High',
      recipient: owner.email,
      recipient_id: owner.id,
      rule_id: rule.id,
      rule_owner_id: owner.id,
      next_attempt_at: new Date(),
      ...values,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const rowOf = (id: number) => api.handle.db.selectFrom('notification').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** Polls `attempt` until it answers something, for up to `timeoutMs`. */
async function until<T>(attempt: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await attempt();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`nothing within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Delivers `id` again whenever it is due, until it is no longer PENDING. */
async function deliverUntilSettled(id: number, ctx = context()): Promise<string> {
  return until(async () => {
    await deliverNotification(ctx, id);
    const row = await rowOf(id);
    return row.notification_status === 'PENDING' ? undefined : row.notification_status;
  });
}

/** A user whose Slack notifications go to webhook `name` of the fake (a connection made through the API). */
async function slackUser(name: string): Promise<TestUser> {
  const user = await api.user();
  const created = await api.call(user.token, {
    method: 'POST',
    url: '/api/v1/platform-connections/',
    payload: { category_type: 'slack_webhook', connection_parameters: { webhook_url: slack.webhook(name), channel: '#scouting' } },
  });
  expectStatus(created, 201);
  return user;
}

describe('the Slack incoming webhook category', () => {
  it('is offered with its parameters: the URL secret and required, the channel a label', async () => {
    const user = await api.user();
    const dimensions = expectStatus(await api.call(user.token, { method: 'GET', url: '/api/v1/platform-connections/dimensions/' }), 200);
    expect(dimensions.slack_webhook.label).toBe('Slack incoming webhook');
    expect(dimensions.slack_webhook.connection_parameters.webhook_url).toMatchObject({ required: true, secret: true });
    expect(dimensions.slack_webhook.connection_parameters.channel).toMatchObject({ required: false });
  });

  it('wants an https URL, seals it and answers it masked', async () => {
    const user = await api.user();
    const post = (connection_parameters: object) =>
      api.call(user.token, {
        method: 'POST',
        url: '/api/v1/platform-connections/',
        payload: { category_type: 'slack_webhook', connection_parameters },
      });
    expectErrors(await post({ channel: '#x' }), 400, ['connection_parameters.webhook_url']);
    const plain = expectErrors(await post({ webhook_url: 'http://hooks.example.com/services/T/B/C' }), 400, [
      'connection_parameters.webhook_url',
    ]);
    expect(plain.errors.join()).toContain('https://');
    expectErrors(await post({ webhook_url: 'not a url' }), 400, ['connection_parameters.webhook_url']);
    const url = 'https://hooks.slack.com/services/T000/B000/abcdefghijkl';
    const created = expectStatus<PlatformConnection>(await post({ webhook_url: url, channel: '#scouting' }), 201);
    expect(created.connection_parameters.webhook_url).toBe('••••••••ijkl');
    expect(created.connection_parameters.channel).toBe('#scouting');
    const stored = await api.handle.db
      .selectFrom('platform_connection')
      .select('connection_parameters')
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(String(stored.connection_parameters.webhook_url)).toMatch(/^enc:v1:/);
    // sent back masked with another channel: the URL is kept, not checked again
    const updated = await api.call(user.token, {
      method: 'PUT',
      url: `/api/v1/platform-connections/${created.id}/`,
      payload: {
        category_type: 'slack_webhook',
        connection_parameters: { webhook_url: created.connection_parameters.webhook_url, channel: '#other' },
      },
    });
    expect(expectStatus<PlatformConnection>(updated, 200).connection_parameters.webhook_url).toBe('••••••••ijkl');
  });
});

describe('retry schedule', () => {
  it('doubles from the base, ±20 % jitter, eight attempts over about half an hour', () => {
    const nominal = Array.from({ length: MAX_ATTEMPTS - 1 }, (_, i) => retryDelayMs(i + 1, 15, () => 0.5));
    expect(nominal).toEqual([15_000, 30_000, 60_000, 120_000, 240_000, 480_000, 960_000]);
    expect(nominal.reduce((a, b) => a + b) / 60_000).toBeCloseTo(31.75, 2);
    expect(retryDelayMs(1, 15, () => 0)).toBe(12_000);
    expect(retryDelayMs(1, 15, () => 1)).toBe(18_000);
  });
});

describe('what Slack’s answers mean', () => {
  it('2xx delivered; 4xx and redirects permanent; 5xx and 408 passing; 429 a wait', () => {
    expect(slackFailure(200, 'ok', null)).toBeNull();
    for (const [status, body] of [
      [404, 'no_service'],
      [410, 'channel_is_archived'],
      [403, 'invalid_token'],
      [404, 'channel_not_found'],
      [400, 'invalid_payload'],
      [302, ''],
    ] as const) {
      const failure = slackFailure(status, body, null)!;
      expect(failure.kind, `${status} ${body}`).toBe('permanent');
      expect(failure.message).toContain(String(status));
      expect(failure.message).toContain(body);
    }
    expect(slackFailure(500, 'rollup_error', null)!.kind).toBe('transient');
    expect(slackFailure(408, '', null)!.kind).toBe('transient');
    expect(slackFailure(429, '', '7')).toMatchObject({ kind: 'rate-limited', retryAfterMs: 7000 });
    expect(slackFailure(429, '', null)).toMatchObject({ kind: 'rate-limited', retryAfterMs: 30_000 });
  });
});

describe('e-mail', () => {
  it('sends a High notification at once, HTML and text, and marks it SENT', async () => {
    const owner = await api.user({ email: 'mail-high@example.test' });
    const rule = await ruleOf(owner, 'Email');
    const jane = newPerson('Jane Doe');
    const id = await notify(owner, rule, change(rule, jane, 'job', 'CTO at Acme', 'Founder at Stealth'));
    expect(await deliverNotification(context(), id)).toBe('SENT');
    const mail = await smtp.waitFor((m) => m.to === owner.email);
    expect(mail.subject).toBe('Jane Doe changed job');
    expect(mail.headers['x-talent-notification']).toBe(String(id));
    expect(mail.text).toContain('Jane Doe changed job: CTO at Acme → Founder at Stealth.');
    expect(mail.text).toContain('25 Nov 2026, 14:03:05 UTC');
    expect(mail.text).toContain('Demo feed');
    expect(mail.text).toContain(`http://app.test/profiles/${jane.id}`);
    expect(mail.text).toContain(`http://app.test/rule-sets/${rule.id}`);
    expect(mail.html).toContain(`href="http://app.test/profiles/${jane.id}"`);
    expect(mail.html).toContain('CTO at Acme');
    const row = await rowOf(id);
    expect(row).toMatchObject({ notification_status: 'SENT', attempts: 1, failure_reason: null, next_attempt_at: null });
    expect(row.sent_at).toBeInstanceOf(Date);
    // sent: a second delivery does nothing
    expect(await deliverNotification(context(), id)).toBe('SKIPPED');
  });

  it('FAILED at once when the SMTP server refuses for good (5xx), with its answer as the reason', async () => {
    const owner = await api.user();
    const rule = await ruleOf(owner, 'Email');
    const id = await notify(owner, rule, change(rule, newPerson('Refused Person'), 'location', 'Berlin', 'Munich'));
    const refused = createMailer({ smtpUrl: refusingUrl, from: FROM, log: silent });
    try {
      expect(await deliverNotification(context({ mailer: refused }), id)).toBe('FAILED');
    } finally {
      refused.close();
    }
    const row = await rowOf(id);
    expect(row.notification_status).toBe('FAILED');
    expect(row.attempts).toBe(1);
    expect(row.failure_reason).toContain('550');
    expect(row.failure_reason).toContain('Mailbox unavailable');
  });

  it('retries while the SMTP server is away, with growing waits, and ends FAILED after the last attempt', async () => {
    // a port nobody listens on
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const away = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: FROM, log: silent });
    const owner = await api.user();
    const rule = await ruleOf(owner, 'Email');
    const id = await notify(owner, rule, change(rule, newPerson('Away Person'), 'location', 'Berlin', 'Munich'));
    const ctx = context({ mailer: away, retrySeconds: 0.02 });
    expect(await deliverNotification(ctx, id)).toBe('RETRY');
    const first = await rowOf(id);
    expect(first).toMatchObject({ notification_status: 'PENDING', attempts: 1 });
    expect(first.failure_reason).toMatch(/ECONNREFUSED|connect/i);
    expect(first.next_attempt_at!.getTime()).toBeGreaterThan(Date.now() - 1000);
    expect(await deliverUntilSettled(id, ctx)).toBe('FAILED');
    const last = await rowOf(id);
    expect(last.attempts).toBe(MAX_ATTEMPTS);
    expect(last.failure_reason).toContain(`gave up after ${MAX_ATTEMPTS} attempts`);
    away.close();
  });
});

describe('Slack', () => {
  it('posts Block Kit with a plain-text fallback to the rule owner’s webhook', async () => {
    const owner = await slackUser('plain');
    const rule = await ruleOf(owner, 'Slack');
    const jane = newPerson('Jane <Doe>');
    const id = await notify(owner, rule, change(rule, jane, 'job', 'CTO at Acme', 'Founder & CEO at Stealth'), {
      notification_type: 'Slack',
    });
    expect(await deliverNotification(context(), id)).toBe('SENT');
    const [post] = slack.postsTo('plain');
    expect(post.body.text).toBe('Jane <Doe> changed job: CTO at Acme → Founder & CEO at Stealth');
    // the last context: the signed links 'Mute this rule' and 'Not relevant' (issue 18, docs/ALERTS.md)
    expect(post.body.blocks!.map((b) => b.type)).toEqual(['section', 'context', 'context']);
    expect(post.body.blocks![2].elements![0].text).toMatch(
      /^<http:\/\/app\.test\/alert-action\?token=[^|]+\|Mute this rule> · <[^|]+\|Not relevant>$/,
    );
    expect(post.body.blocks![0].text!.text).toContain(`<http://app.test/profiles/${jane.id}|Jane &lt;Doe&gt;>`);
    expect(post.body.blocks![0].text!.text).toContain('Founder &amp; CEO at Stealth');
    expect(post.body.blocks![1].elements![0].text).toContain('Demo feed');
    expect((await rowOf(id)).notification_status).toBe('SENT');
  });

  it('uses a colleague’s shared webhook when the owner has none, the owner’s own when both exist', async () => {
    const colleague = await slackUser('colleague');
    const owner = await api.user();
    const org = await api.handle.db
      .insertInto('organization')
      .values({ name: `Scouts ${owner.id}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    await api.handle.db
      .insertInto('organization_user')
      .values([
        { organization_id: org.id, user_id: owner.id },
        { organization_id: org.id, user_id: colleague.id },
      ])
      .execute();
    const rule = await ruleOf(owner, 'Slack');
    const first = await notify(owner, rule, change(rule, newPerson('Shared Person'), 'location', 'A', 'B'), { notification_type: 'Slack' });
    expect(await deliverNotification(context(), first)).toBe('SENT');
    expect(slack.postsTo('colleague')).toHaveLength(1);
    await api.call(owner.token, {
      method: 'POST',
      url: '/api/v1/platform-connections/',
      payload: { category_type: 'slack_webhook', connection_parameters: { webhook_url: slack.webhook('own') } },
    });
    const second = await notify(owner, rule, change(rule, newPerson('Own Person'), 'location', 'A', 'B'), { notification_type: 'Slack' });
    expect(await deliverNotification(context(), second)).toBe('SENT');
    expect(slack.postsTo('own')).toHaveLength(1);
    expect(slack.postsTo('colleague')).toHaveLength(1);
  });

  it('FAILED with the reason when the owner has no Slack webhook', async () => {
    const owner = await api.user();
    const rule = await ruleOf(owner, 'Slack');
    const id = await notify(owner, rule, change(rule, newPerson('Nowhere Person'), 'location', 'A', 'B'), { notification_type: 'Slack' });
    expect(await deliverNotification(context(), id)).toBe('FAILED');
    expect((await rowOf(id)).failure_reason).toBe(NO_WEBHOOK);
  });

  it('waits the Retry-After of a 429, without counting it as a failed attempt, then sends', async () => {
    const owner = await slackUser('busy');
    slack.script('busy', [{ status: 429, body: 'rate_limited', headers: { 'retry-after': '1' } }]);
    const rule = await ruleOf(owner, 'Slack');
    const id = await notify(owner, rule, change(rule, newPerson('Busy Person'), 'location', 'A', 'B'), { notification_type: 'Slack' });
    expect(await deliverNotification(context(), id)).toBe('RETRY');
    const waiting = await rowOf(id);
    expect(waiting).toMatchObject({ notification_status: 'PENDING', attempts: 0 });
    expect(waiting.failure_reason).toContain('429');
    // not due yet: left alone
    expect(await deliverNotification(context(), id)).toBe('SKIPPED');
    expect(await deliverUntilSettled(id)).toBe('SENT');
    const [refused, accepted] = slack.postsTo('busy');
    expect(accepted.at - refused.at).toBeGreaterThanOrEqual(990);
    expect(await rowOf(id)).toMatchObject({ attempts: 1, failure_reason: null });
  });

  it('retries after a 5xx and is SENT by the next attempt', async () => {
    const owner = await slackUser('flaky');
    slack.script('flaky', [{ status: 503, body: 'service unavailable' }]);
    const rule = await ruleOf(owner, 'Slack');
    const id = await notify(owner, rule, change(rule, newPerson('Flaky Person'), 'location', 'A', 'B'), { notification_type: 'Slack' });
    expect(await deliverNotification(context(), id)).toBe('RETRY');
    const retrying = await rowOf(id);
    expect(retrying).toMatchObject({ notification_status: 'PENDING', attempts: 1 });
    expect(retrying.failure_reason).toContain('503');
    expect(await deliverUntilSettled(id)).toBe('SENT');
    expect(slack.postsTo('flaky')).toHaveLength(2);
    expect(await rowOf(id)).toMatchObject({ attempts: 2, failure_reason: null });
  });

  it('FAILED at once on 404 no_service, with Slack’s answer as the reason', async () => {
    const owner = await slackUser('gone');
    slack.script('gone', [{ status: 404, body: 'no_service' }]);
    const rule = await ruleOf(owner, 'Slack');
    const id = await notify(owner, rule, change(rule, newPerson('Gone Person'), 'location', 'A', 'B'), { notification_type: 'Slack' });
    expect(await deliverNotification(context(), id)).toBe('FAILED');
    const row = await rowOf(id);
    expect(row).toMatchObject({ notification_status: 'FAILED', attempts: 1 });
    expect(row.failure_reason).toContain('404');
    expect(row.failure_reason).toContain('no_service');
    expect(slack.postsTo('gone')).toHaveLength(1);
  });

  it('refuses a loopback webhook unless private addresses are allowed', async () => {
    const owner = await slackUser('guarded');
    const rule = await ruleOf(owner, 'Slack');
    const id = await notify(owner, rule, change(rule, newPerson('Guarded Person'), 'location', 'A', 'B'), { notification_type: 'Slack' });
    expect(await deliverNotification(context({ allowPrivateNetworks: false }), id)).toBe('FAILED');
    expect((await rowOf(id)).failure_reason).toContain('ALLOW_PRIVATE_FEEDS');
    expect(slack.postsTo('guarded')).toHaveLength(0);
  });

  it('gives one webhook at most one message a second, from concurrent senders too', async () => {
    const owner = await slackUser('paced');
    const rule = await ruleOf(owner, 'Slack');
    const ids = [];
    for (let i = 0; i < 4; i++)
      ids.push(await notify(owner, rule, change(rule, newPerson(`Paced ${i}`), 'location', 'A', 'B'), { notification_type: 'Slack' }));
    // two senders at once, as two workers would be
    const [a, b] = await Promise.all([deliverNotifications(context(), ids.slice(0, 2)), deliverNotifications(context(), ids.slice(2))]);
    expect([...a.values(), ...b.values()]).toEqual(['SENT', 'SENT', 'SENT', 'SENT']);
    const times = slack
      .postsTo('paced')
      .map((post) => post.at)
      .sort((x, y) => x - y);
    expect(times).toHaveLength(4);
    for (let i = 1; i < times.length; i++) expect(times[i] - times[i - 1]).toBeGreaterThanOrEqual(950);
  });
});

describe('digests', () => {
  it('sends nothing when nothing is pending', async () => {
    const before = smtp.messages.length + slack.posts.length;
    for (const priority of ['Medium', 'Low'] as const) expect((await sendDigests(context(), priority)).messages).toBe(0);
    expect(smtp.messages.length + slack.posts.length).toBe(before);
  });

  it('lists a recipient’s Medium changes in one mail, one person’s changes merged, all SENT together', async () => {
    const owner = await api.user({ email: 'digest-reader@example.test' });
    const other = await api.user({ email: 'digest-other@example.test' });
    const rule = await ruleOf(owner, 'Email', 'Medium');
    const otherRule = await ruleOf(other, 'Email', 'Medium');
    const lowRule = await ruleOf(owner, 'Email', 'Low');
    const jane = newPerson('Jane Doe');
    const john = newPerson('John Roe');
    const medium = { priority: 'Medium' as const, next_attempt_at: null };
    const ids = [
      await notify(owner, rule, change(rule, jane, 'job', 'CTO at Acme', 'Founder at Stealth'), medium),
      await notify(owner, rule, change(rule, john, 'location', 'Paris', 'Lyon'), medium),
      await notify(owner, rule, change(rule, jane, 'location', 'Berlin', 'Munich'), medium),
      await notify(owner, rule, change(rule, john, 'location', 'Lyon', 'Nice'), medium),
    ];
    const othersId = await notify(other, otherRule, change(otherRule, jane, 'job', 'CTO at Acme', 'Founder at Stealth'), medium);
    const lowId = await notify(owner, lowRule, change(lowRule, john, 'headline', 'x', 'y'), { priority: 'Low', next_attempt_at: null });
    // the hourly digest: one message per recipient
    const run = await sendDigests(context(), 'Medium');
    expect(run).toMatchObject({ messages: 2, outcomes: { SENT: 5 } });
    const mail = await smtp.waitFor((m) => m.to === owner.email);
    expect(mail.subject).toBe('Hourly digest: 4 changes of 2 people');
    expect(mail.text).toContain('• Jane Doe — job: CTO at Acme → Founder at Stealth; location: Berlin → Munich');
    expect(mail.text).toContain('• John Roe — location: Paris → Lyon → Nice');
    expect(mail.html).toContain(`href="http://app.test/profiles/${jane.id}"`);
    expect(mail.headers['x-talent-notification']).toBe(ids.join(', '));
    expect(smtp.messages.filter((m) => m.to === owner.email && m.subject.startsWith('Hourly'))).toHaveLength(1);
    await smtp.waitFor((m) => m.to === other.email && m.subject === 'Hourly digest: 1 change of 1 person');
    for (const id of [...ids, othersId]) expect((await rowOf(id)).notification_status).toBe('SENT');
    const sentAt = new Set(await Promise.all(ids.map(async (id) => (await rowOf(id)).sent_at!.getTime())));
    expect(sentAt.size).toBe(1);
    // the Low one waits for the daily digest; an immediate delivery does not send it either
    expect(await deliverNotification(context(), lowId)).toBe('SKIPPED');
    expect((await rowOf(lowId)).notification_status).toBe('PENDING');
    expect(await sendDigests(context(), 'Medium')).toMatchObject({ messages: 0 });
    expect(await sendDigests(context(), 'Low')).toMatchObject({ messages: 1, outcomes: { SENT: 1 } });
    await smtp.waitFor((m) => m.to === owner.email && m.subject === 'Daily digest: 1 change of 1 person');
  });

  it('keeps a Slack digest to 50 blocks, the last saying how many more', async () => {
    const owner = await slackUser('many');
    const rule = await ruleOf(owner, 'Slack', 'Low');
    const ids = [];
    for (let i = 0; i < 60; i++)
      ids.push(
        await notify(owner, rule, change(rule, newPerson(`Many ${i}`), 'location', 'A', 'B'), {
          notification_type: 'Slack',
          priority: 'Low',
          next_attempt_at: null,
        }),
      );
    expect(await sendDigests(context(), 'Low')).toMatchObject({ messages: 1, outcomes: { SENT: 60 } });
    const [post] = slack.postsTo('many');
    expect(post.body.blocks).toHaveLength(50);
    expect(post.body.blocks![0].text!.text).toContain('60 changes of 60 people');
    expect(post.body.blocks![49].elements![0].text).toContain('and 12 more');
    expect(post.body.text).toContain('Daily digest: 60 changes of 60 people');
    expect(post.body.text).toContain('and 12 more');
    for (const id of ids) expect((await rowOf(id)).notification_status).toBe('SENT');
  });

  it('retries a failed digest as a whole, and the sweep sends it once due', async () => {
    const owner = await slackUser('digest-flaky');
    slack.script('digest-flaky', [{ status: 500, body: 'oops' }]);
    const rule = await ruleOf(owner, 'Slack', 'Medium');
    const slackMedium = { notification_type: 'Slack' as const, priority: 'Medium' as const, next_attempt_at: null };
    const ids = [
      await notify(owner, rule, change(rule, newPerson('Digest A'), 'location', 'A', 'B'), slackMedium),
      await notify(owner, rule, change(rule, newPerson('Digest B'), 'location', 'A', 'B'), slackMedium),
    ];
    expect(await sendDigests(context(), 'Medium')).toMatchObject({ messages: 1, outcomes: { RETRY: 2 } });
    for (const id of ids) expect(await rowOf(id)).toMatchObject({ notification_status: 'PENDING', attempts: 1 });
    await until(async () => ((await deliverDue(context())).digests > 0 ? true : undefined));
    for (const id of ids) expect(await rowOf(id)).toMatchObject({ notification_status: 'SENT', attempts: 2 });
    expect(slack.postsTo('digest-flaky')).toHaveLength(2);
  });

  it('sends a forced re-send of a Medium notification alone and at once', async () => {
    const owner = await api.user({ email: 'forced@example.test' });
    const rule = await ruleOf(owner, 'Email', 'Medium');
    const id = await notify(owner, rule, change(rule, newPerson('Forced Person'), 'location', 'Rome', 'Milan'), {
      priority: 'Medium',
      next_attempt_at: null,
    });
    expect(await deliverNotification(context(), id)).toBe('SKIPPED');
    expect(await deliverNotification(context(), id, { force: true })).toBe('SENT');
    const mail = await smtp.waitFor((m) => m.to === owner.email);
    expect(mail.subject).toBe('Forced Person changed location');
    expect(mail.text).toContain('Rome → Milan');
  });
});

describe('the job', () => {
  function jobContext(schedules: string[]) {
    return {
      handle: api.handle,
      log: silent,
      job: { id: 'test', retryCount: 0, retryLimit: 2, signal: new AbortController().signal },
      allowPrivateFeeds: true,
      webPressure: undefined as never,
      jobs: {
        send: async () => 'id',
        schedule: async (_queue: unknown, key: string, cron: string | null) => void schedules.push(`${key} ${cron}`),
        cancel: async () => {},
        stop: async () => {},
      },
      mailer,
      appUrl: 'http://app.test',
      timing: { heartbeatSeconds: 30, superviseSeconds: 30, retryDelaySeconds: 0, notifyRetrySeconds: 0.02 },
    };
  }

  it('is the delivery queue’s worker, sweeping every minute', () => {
    expect(notificationDeliveryJob.name).toBe(NOTIFICATION_DELIVERY_QUEUE.name);
    expect(notificationDeliveryJob.every).toEqual({ cron: '* * * * *', data: { sweep: true } });
  });

  it('schedules the digests, delivers the ids it is given; its sweep sends a due High one whose queued delivery was lost', async () => {
    const owner = await api.user({ email: 'job-reader@example.test' });
    const rule = await ruleOf(owner, 'Email');
    const queued = await notify(owner, rule, change(rule, newPerson('Queued Person'), 'location', 'A', 'B'));
    const lost = await notify(owner, rule, change(rule, newPerson('Lost Person'), 'location', 'C', 'D'));
    const schedules: string[] = [];
    const ctx = jobContext(schedules) as never;
    await notificationDeliveryJob.handle({ notification_ids: [queued] }, ctx);
    expect((await rowOf(queued)).notification_status).toBe('SENT');
    expect((await rowOf(lost)).notification_status).toBe('PENDING');
    await notificationDeliveryJob.handle({ sweep: true }, ctx);
    expect((await rowOf(lost)).notification_status).toBe('SENT');
    await smtp.waitFor((m) => m.to === owner.email && m.subject === 'Lost Person changed location');
    // once per worker process (its queue), by its first job
    // the hourly digest; the daily one goes at each reader's hour from the sweep, and the old 07:00 UTC schedule is removed
    expect(schedules).toEqual(['digest-medium 0 * * * *', 'digest-low null']);
  });

  it('sends from its sweep the daily digest of a reader whose hour has come since the notification was raised', async () => {
    const owner = await api.user({ email: 'job-daily@example.test' });
    const rule = await ruleOf(owner, 'Email', 'Low');
    // raised three days ago: whatever the hour now, 07:00 UTC has come since (digest-hour.test.ts chooses its instants)
    const raisedAt = new Date(Date.now() - 3 * 24 * 3600_000);
    const id = await notify(owner, rule, change(rule, newPerson('Daily Person'), 'location', 'A', 'B'), {
      priority: 'Low',
      next_attempt_at: null,
      created_at: raisedAt,
    });
    await notificationDeliveryJob.handle({ sweep: true }, jobContext([]) as never);
    expect((await rowOf(id)).notification_status).toBe('SENT');
    await smtp.waitFor((m) => m.to === owner.email && m.subject === 'Daily digest: 1 change of 1 person');
    const { last_daily_digest_at } = await api.handle.db
      .selectFrom('app_user')
      .select('last_daily_digest_at')
      .where('id', '=', owner.id)
      .executeTakeFirstOrThrow();
    expect(last_daily_digest_at?.toISOString()).toMatch(/T07:00:00\.000Z$/);
  });
});
