// E-mail delivery (issue Signals 4): through a real SMTP server, HTML and text; a 5xx refusal
// FAILED at once; a server away retried on the schedule, then FAILED. Shared setup: delivery-support.ts.
import { describe, expect, it } from 'vitest';
import { deliverNotification } from '../../server/signals/delivery/deliver';
import { MAX_ATTEMPTS, retryDelayMs } from '../../server/signals/delivery/policy';
import { createMailer } from '../../server/mail/mailer';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import {
  silent,
  FROM,
  api,
  smtp,
  refusingUrl,
  context,
  change,
  newPerson,
  ruleOf,
  notify,
  rowOf,
  deliverUntilSettled,
  setUpDeliveryWorld,
} from './delivery-support';

setUpDeliveryWorld();

describe('retry schedule', () => {
  it('doubles from the base, ±20 % jitter, eight attempts over about half an hour', () => {
    const nominal = Array.from({ length: MAX_ATTEMPTS - 1 }, (_, i) => retryDelayMs(i + 1, 15, () => 0.5));
    expect(nominal).toEqual([15_000, 30_000, 60_000, 120_000, 240_000, 480_000, 960_000]);
    expect(nominal.reduce((a, b) => a + b) / 60_000).toBeCloseTo(31.75, 2);
    expect(retryDelayMs(1, 15, () => 0)).toBe(12_000);
    expect(retryDelayMs(1, 15, () => 1)).toBe(18_000);
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

  it('writes its times on the reader’s clock: the time zone of their settings', async () => {
    const owner = await api.user({ email: 'mail-berlin@example.test' });
    await api.handle.db.updateTable('app_user').set({ time_zone: 'Europe/Berlin' }).where('id', '=', owner.id).execute();
    const rule = await ruleOf(owner, 'Email');
    const id = await notify(owner, rule, change(rule, newPerson('Ana Lima'), 'location', 'Lisbon', 'Berlin'));
    expect(await deliverNotification(context(), id)).toBe('SENT');
    const mail = await smtp.waitFor((m) => m.to === owner.email);
    // 14:03:05 UTC is 15:03:05 in Berlin in November (CET, UTC+1)
    expect(mail.text).toContain('25 Nov 2026, 15:03:05 CET');
    expect(mail.text).not.toContain('UTC');
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
