// The delivery through the job queue itself (pg-boss on the test's database, workers in this
// process): a High notification queued as the engine queues it reaches a real SMTP server and
// ends SENT; the queue carries the sweep's schedule and, after its first job, the hourly digest's.
// (notification-delivery.test.ts covers the delivery's rules by calling it directly.)
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { NOTIFICATION_DELIVERY_QUEUE } from '../../server/signals/queues';
import { startSmtpCapture, type SmtpCapture } from '../support/smtp';
import { startTestApi, type TestApi } from './harness';

let api: TestApi;
let smtp: SmtpCapture;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  api = await startTestApi({ smtpUrl: smtp.url });
});

afterAll(async () => {
  await api?.close();
  await smtp?.close();
});

it('delivers a queued High notification by e-mail and schedules the sweep and the digests', async () => {
  const owner = await api.user({ email: 'queued-reader@example.test' });
  const db = api.handle.db;
  const rule = await db
    .insertInto('rule')
    .values({
      name: 'Queued',
      notification_type: 'Email',
      priority: 'High',
      model_name: 'Profile',
      attribute: 'location',
      operator: 'changed',
      value: '*',
      owner_id: owner.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id } = await db
    .insertInto('notification')
    .values({
      subject: 'Queued Person changed location',
      body: 'Queued Person changed location: Oslo → Bergen',
      notification_type: 'Email',
      priority: 'High',
      recipient: owner.email,
      recipient_id: owner.id,
      rule_id: rule.id,
      rule_owner_id: owner.id,
      next_attempt_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await api.app.jobs.send(NOTIFICATION_DELIVERY_QUEUE, { notification_ids: [id] });
  const mail = await smtp.waitFor((m) => m.to === owner.email, 60_000);
  expect(mail.subject).toBe('Queued Person changed location');
  expect(mail.text).toContain('Oslo → Bergen');
  for (let i = 0; ; i++) {
    const row = await db
      .selectFrom('notification')
      .select(['notification_status', 'sent_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    if (row.notification_status === 'SENT') break;
    expect(i, 'SENT after the mail was accepted').toBeLessThan(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const { rows } = await sql<{ key: string; cron: string }>`
    SELECT key, cron FROM pgboss.schedule WHERE name = ${NOTIFICATION_DELIVERY_QUEUE.name} ORDER BY key`.execute(db);
  // no 'digest-low': the daily digest goes at each reader's hour, from the sweep
  expect(rows).toEqual([
    { key: 'digest-medium', cron: '0 * * * *' },
    { key: 'every', cron: '* * * * *' },
  ]);
}, 90_000);
