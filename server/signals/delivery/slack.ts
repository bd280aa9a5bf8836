// Slack: the incoming webhook a rule's owner has (a 'Slack incoming webhook' platform connection,
// their own newest, else the newest an organization colleague shares with them), the post, what
// Slack's answer means (https://api.slack.com/messaging/webhooks#handling_errors), and the pace:
// no webhook gets more than one message a second, across every process on the database.
import crypto from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { colleaguesOf } from '../../db/visibility';
import { SecretBox, secretBoxOf } from '../../accounts/secret-box';
import { SLACK_WEBHOOK_CATEGORY } from '../../connectors/slack-webhook';
import { guardedFetch } from '../../connector-kit/guarded-fetch';
import { ConnectorError } from '../../connector-kit/connector-error';
import { DeliveryFailure, permanent, transient } from './policy';
import type { SlackMessage } from './render';

export const NO_WEBHOOK = 'No Slack incoming webhook: add one under Platform Connections.';

export interface SlackWebhook {
  connectionId: number;
  url: string;
  channel: string;
}

/**
 * The webhook that `ownerId`'s Slack notifications go to, or a permanent DeliveryFailure saying
 * why there is none.
 */
export async function slackWebhookOf(db: Kysely<Database>, ownerId: number | null): Promise<SlackWebhook> {
  if (ownerId == null) throw permanent(NO_WEBHOOK);
  const row = await db
    .selectFrom('platform_connection')
    .select(['id', 'connection_parameters'])
    .where('category_type', '=', SLACK_WEBHOOK_CATEGORY)
    .where(sql<boolean>`owner_id IN ${colleaguesOf(ownerId)}`)
    .orderBy(sql`owner_id = ${ownerId}`, 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!row) throw permanent(NO_WEBHOOK);
  const stored = row.connection_parameters.webhook_url;
  let url = typeof stored === 'string' ? stored : '';
  if (SecretBox.isSealed(url)) {
    try {
      url = secretBoxOf(db).open(url);
    } catch {
      throw permanent(
        `Slack incoming webhook ${row.id} was saved with another SECRET_KEY: enter its URL again under Platform Connections.`,
      );
    }
  }
  if (!/^https?:\/\//i.test(url))
    throw permanent(`Slack incoming webhook ${row.id} has no valid URL: enter it again under Platform Connections.`);
  const channel = row.connection_parameters.channel;
  return { connectionId: row.id, url, channel: typeof channel === 'string' ? channel : '' };
}

/** The pace key of a webhook: a hash, so that the URL (a credential) is not stored in clear. */
export function paceChannel(url: string): string {
  return `slack:${crypto.createHash('sha256').update(url).digest('hex').slice(0, 32)}`;
}

/**
 * Reserves the next free second of `channel` (one message a second) and answers how many
 * milliseconds remain until it starts (0 when it is free now). The reservation is one statement:
 * concurrent senders in any process get consecutive seconds.
 */
export async function reservePaceSlot(db: Kysely<Database>, channel: string): Promise<number> {
  const { rows } = await sql<{ wait_ms: number }>`
    INSERT INTO delivery_pace (channel, next_at) VALUES (${channel}, now() + interval '1 second')
    ON CONFLICT (channel) DO UPDATE SET next_at = greatest(delivery_pace.next_at, now()) + interval '1 second'
    RETURNING greatest(0, extract(epoch FROM (next_at - interval '1 second' - clock_timestamp())) * 1000)::float8 AS wait_ms`.execute(db);
  return Math.ceil(Number(rows[0].wait_ms));
}

/** After a 429: nobody posts to `channel` before Slack's Retry-After has passed. */
export async function holdPace(db: Kysely<Database>, channel: string, ms: number): Promise<void> {
  await sql`
    INSERT INTO delivery_pace (channel, next_at) VALUES (${channel}, now() + ${ms} * interval '1 millisecond')
    ON CONFLICT (channel) DO UPDATE SET next_at = greatest(delivery_pace.next_at, excluded.next_at)`.execute(db);
}

const SLACK_DESTINATION = { subject: "The Slack webhook's address", type: 'SlackWebhookRefused' };
const fetchers = new Map<boolean, typeof fetch>();
/** Longest wait for Slack's answer. */
const POST_TIMEOUT_MS = 15_000;

/** Posts `message`; resolves when Slack accepted it, else throws a DeliveryFailure saying what follows. */
export async function postToSlack(
  webhook: SlackWebhook,
  message: SlackMessage,
  options: { allowPrivateNetworks: boolean; signal?: AbortSignal },
): Promise<void> {
  let post = fetchers.get(options.allowPrivateNetworks);
  if (!post) {
    post = guardedFetch(options.allowPrivateNetworks, SLACK_DESTINATION);
    fetchers.set(options.allowPrivateNetworks, post);
  }
  const signals = [AbortSignal.timeout(POST_TIMEOUT_MS), ...(options.signal ? [options.signal] : [])];
  let response: Response;
  let body: string;
  try {
    response = await post(webhook.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify(message),
      signal: AbortSignal.any(signals),
    });
    body = (await response.text()).trim().slice(0, 300);
  } catch (error) {
    // the address guard's refusal will not change by itself; anything else (refused, reset, timed out) may
    if (error instanceof ConnectorError) throw permanent(error.message);
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const what =
      (error as Error).name === 'TimeoutError'
        ? `no answer within ${POST_TIMEOUT_MS / 1000} s`
        : (cause?.code ?? cause?.message ?? String(error));
    throw transient(`Slack could not be reached (${what}).`);
  }
  const failure = slackFailure(response.status, body, response.headers.get('retry-after'));
  if (failure) throw failure;
}

/** What Slack's answer means: null for success, else the failure and whether to retry. */
export function slackFailure(status: number, body: string, retryAfter: string | null): DeliveryFailure | null {
  if (status >= 200 && status < 300) return null;
  const said = body ? ` ${body}` : '';
  if (status === 429) {
    const ms = retryAfterMs(retryAfter) ?? 30_000;
    return new DeliveryFailure(`Slack asked to slow down (429${said}): next attempt in ${Math.round(ms / 1000)} s.`, 'rate-limited', ms);
  }
  if (status >= 500 || status === 408) return transient(`Slack answered ${status}${said}.`);
  if (status >= 300 && status < 400) return permanent(`Slack answered ${status} (a redirect): check the webhook URL.`);
  // 400 invalid_payload, 403 action_prohibited / invalid_token, 404 no_service / channel_not_found, 410 channel_is_archived…
  return permanent(`Slack refused the message (${status}${said}): check the Slack incoming webhook under Platform Connections.`);
}

/** A Retry-After header's wait: seconds, or an HTTP date; null when missing or unreadable. */
function retryAfterMs(header: string | null): number | null {
  const text = header?.trim();
  if (!text) return null;
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}
