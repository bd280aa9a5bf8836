// Slack delivery (issue Signals 4): the 'Slack incoming webhook' category, what Slack's answers
// mean, Block Kit posts through a local fake webhook (429 with Retry-After, 5xx then success, 404
// 'no_service', a loopback refused, one message a second per webhook). Shared setup: delivery-support.ts.
import { describe, expect, it } from 'vitest';
import { deliverNotification, deliverNotifications } from '../../server/signals/delivery/deliver';
import { NO_WEBHOOK, slackFailure } from '../../server/signals/delivery/slack';
import { expectErrors, expectStatus } from './expect';
import type { PlatformConnection } from '../../types/api';
import {
  api,
  slack,
  context,
  change,
  newPerson,
  ruleOf,
  notify,
  rowOf,
  deliverUntilSettled,
  slackUser,
  setUpDeliveryWorld,
} from './delivery-support';

setUpDeliveryWorld();

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
    const before = Date.now();
    const [a, b] = await Promise.all([deliverNotifications(context(), ids.slice(0, 2)), deliverNotifications(context(), ids.slice(2))]);
    expect([...a.values(), ...b.values()]).toEqual(['SENT', 'SENT', 'SENT', 'SENT']);
    const times = slack
      .postsTo('paced')
      .map((post) => post.at)
      .sort((x, y) => x - y);
    expect(times).toHaveLength(4);
    // the reserved seconds are consecutive from the first reservation (after `before`) and nobody posts
    // before its own: the i-th post arrives no sooner than i seconds after the start. (The gaps between
    // arrivals are not asserted: a post is late by its own round trips, the next one on time.)
    for (let i = 1; i < times.length; i++) expect(times[i]).toBeGreaterThanOrEqual(before + i * 1000 - 5);
  });
});
