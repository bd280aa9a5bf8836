// What the notification delivery tests share (server/signals/delivery/): an API on the test
// database, a capturing SMTP server and one that refuses every recipient, a fake Slack, and
// helpers that insert rules and notifications directly (the engine writes them in production).
// The delivery functions are called directly, never left to pg-boss timing.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';
import type { Insertable } from 'kysely';
import type { NotificationTable, Priority } from '../../server/db/schema';
import type { NotificationDetails } from '../../server/signals/details';
import { createMailer, type Mailer } from '../../server/mail/mailer';
import { deliverNotification, type DeliveryContext } from '../../server/signals/delivery/deliver';
import { startSmtpCapture, type SmtpCapture } from '../support/smtp';
import { startFakeSlack, type FakeSlack } from '../support/fake-slack';
import { startTestApi, type TestApi, type TestUser } from './harness';
import { expectStatus } from './expect';

export const silent = { info() {}, warn() {}, error() {}, debug() {}, child: () => silent } as any;
export const FROM = 'Talent Back-office <no-reply@localhost>';

export let api: TestApi;
export let smtp: SmtpCapture;
export let refusing: SMTPServer;
export let refusingUrl: string;
export let slack: FakeSlack;
export let mailer: Mailer;

/** Starts the API, the SMTP captures and the fake Slack for the calling test file. */
export function setUpDeliveryWorld(): void {
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
}

export function context(overrides: Partial<DeliveryContext> = {}): DeliveryContext {
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
export function change(
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
export const newPerson = (name: string) => ({ id: 1000 + ++people, name });

export async function ruleOf(owner: TestUser, type: 'Email' | 'Slack', priority: Priority = 'High') {
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

export async function notify(
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

export const rowOf = (id: number) => api.handle.db.selectFrom('notification').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** Polls `attempt` until it answers something, for up to `timeoutMs`. */
export async function until<T>(attempt: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await attempt();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`nothing within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Delivers `id` again whenever it is due, until it is no longer PENDING. */
export async function deliverUntilSettled(id: number, ctx = context()): Promise<string> {
  return until(async () => {
    await deliverNotification(ctx, id);
    const row = await rowOf(id);
    return row.notification_status === 'PENDING' ? undefined : row.notification_status;
  });
}

/** A user whose Slack notifications go to webhook `name` of the fake (a connection made through the API). */
export async function slackUser(name: string): Promise<TestUser> {
  const user = await api.user();
  const created = await api.call(user.token, {
    method: 'POST',
    url: '/api/v1/platform-connections/',
    payload: { category_type: 'slack_webhook', connection_parameters: { webhook_url: slack.webhook(name), channel: '#scouting' } },
  });
  expectStatus(created, 201);
  return user;
}
