// Digests and the delivery job (issue Signals 4): hourly and daily digests by mail and Slack,
// forced re-sends, the job's sweep and its daily digests at the reader's hour. Shared setup: delivery-support.ts.
import { describe, expect, it } from 'vitest';
import { deliverDue, deliverNotification, sendDigests } from '../../server/signals/delivery/deliver';
import { notificationDeliveryJob } from '../../server/jobs/notification-delivery';
import { NOTIFICATION_DELIVERY_QUEUE } from '../../server/signals/queues';
import {
  silent,
  api,
  smtp,
  slack,
  mailer,
  context,
  change,
  newPerson,
  ruleOf,
  notify,
  rowOf,
  until,
  slackUser,
  setUpDeliveryWorld,
} from './delivery-support';

setUpDeliveryWorld();

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
