// How a notification's delivery is retried (issue Signals 4), and the three ways an attempt fails.
//
// Retry schedule: an attempt that fails for a passing reason (Slack 5xx, a timeout, a connection
// refused, SMTP 4xx) is tried again after base × 2^(n−1) seconds, n the attempts failed so far,
// each delay ±20 % at random (jitter: retries of many notifications do not come back in step);
// base = NOTIFY_RETRY_SECONDS (default 15). Eight attempts in all: with the default base the
// seven waits are 15, 30, 60, 120, 240, 480 and 960 s — 1,905 s, about 32 minutes (between 25
// and 38 with the jitter) from the first attempt to the last; then the notification is FAILED
// with the last reason. Retries that came due are sent by the sweep, which runs every minute
// (server/jobs/notification-delivery.ts): a retry leaves at most about a minute after it is due.
//
// A permanent refusal (Slack 4xx such as 404/410 'no_service', 'channel_not_found',
// 'invalid_token'; SMTP 5xx; no Slack webhook for the rule's owner) is FAILED at once. Slack's
// 429 waits its Retry-After and does not count as a failed attempt.

/** Attempts before a notification is FAILED. */
export const MAX_ATTEMPTS = 8;
export const DEFAULT_RETRY_SECONDS = 15;
/** each delay is within ±JITTER of its nominal value */
export const JITTER = 0.2;

/** Milliseconds before the next attempt, `failedAttempts` (≥ 1) having failed. */
export function retryDelayMs(failedAttempts: number, baseSeconds = DEFAULT_RETRY_SECONDS, random: () => number = Math.random): number {
  const nominal = baseSeconds * 1000 * 2 ** Math.max(0, failedAttempts - 1);
  return Math.max(0, Math.round(nominal * (1 + JITTER * (2 * random() - 1))));
}

export type FailureKind = 'transient' | 'permanent' | 'rate-limited';

/** Why an attempt did not deliver, and what follows: a retry, the end, or a wait the receiver asked for. */
export class DeliveryFailure extends Error {
  constructor(
    message: string,
    readonly kind: FailureKind,
    /** rate-limited: how long the receiver asked us to wait */
    readonly retryAfterMs = 0,
  ) {
    super(message);
    this.name = 'DeliveryFailure';
  }
}

export const transient = (message: string) => new DeliveryFailure(message, 'transient');
export const permanent = (message: string) => new DeliveryFailure(message, 'permanent');
