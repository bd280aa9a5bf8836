// Signed links in mails and Slack messages (issue 18; docs/ALERTS.md): mute a rule or a watched
// search, mark a notification not relevant — without signing in. A token says what to do, to
// what, for whom and until when, signed with SECRET_KEY (HMAC-SHA256): it cannot be forged or
// changed, and it expires. Several servers on one database share SECRET_KEY, so any of them reads it.
import crypto from 'node:crypto';
import type { SecretBox } from '../accounts/secret-box';
import { ALERT_ACTIONS, type AlertActionName } from '../../types/wire/alerts';

/** How long a link works: long enough for a mail read late, short enough that an old forwarded mail stops working. */
export const ALERT_TOKEN_DAYS = 60;

export interface AlertToken {
  action: AlertActionName;
  /** the rule, saved search or notification */
  id: number;
  /** the user the link was sent to (who may do it) */
  userId: number;
  /** when it stops working */
  expiresAt: Date;
  /** 'mute-digest': the rules and saved searches the digest gathers (id is 0) */
  sources?: DigestSources;
}

export interface DigestSources {
  rules: number[];
  searches: number[];
}

/** Most rules plus searches one digest link names (a token stays a URL of reasonable length). */
export const MAX_DIGEST_SOURCES = 100;

export class AlertTokenError extends Error {
  constructor(readonly reason: 'invalid' | 'expired') {
    super(
      reason === 'expired'
        ? 'This link has expired. Sign in to change your alerts from the app.'
        : 'This link is not valid. Sign in to change your alerts from the app.',
    );
  }
}

/** The token of a link: base64url(JSON [action, id, user, expiry seconds]).signature */
export function signAlertToken(box: SecretBox, token: Omit<AlertToken, 'expiresAt'> & { expiresAt?: Date }, now = new Date()): string {
  const expires = token.expiresAt ?? new Date(now.getTime() + ALERT_TOKEN_DAYS * 86_400_000);
  const parts: unknown[] = [token.action, token.id, token.userId, Math.floor(expires.getTime() / 1000)];
  if (token.sources) parts.push([token.sources.rules, token.sources.searches]);
  const payload = Buffer.from(JSON.stringify(parts)).toString('base64url');
  return `${payload}.${box.mac(payload)}`;
}

/** What a token says; AlertTokenError when it was not signed here, was changed, or has expired. */
export function readAlertToken(box: SecretBox, token: string, now = new Date()): AlertToken {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length) throw new AlertTokenError('invalid');
  const expected = Buffer.from(box.mac(payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) throw new AlertTokenError('invalid');
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw new AlertTokenError('invalid');
  }
  if (!Array.isArray(parts) || parts.length < 4 || parts.length > 5) throw new AlertTokenError('invalid');
  const [action, id, userId, expiry, listed] = parts as unknown[];
  const sources = listed === undefined ? undefined : sourcesOf(listed);
  if ((action === 'mute-digest') !== (sources !== undefined)) throw new AlertTokenError('invalid');
  if (
    !ALERT_ACTIONS.includes(action as AlertActionName) ||
    !Number.isSafeInteger(id) ||
    !Number.isSafeInteger(userId) ||
    !Number.isSafeInteger(expiry)
  )
    throw new AlertTokenError('invalid');
  const expiresAt = new Date((expiry as number) * 1000);
  if (expiresAt.getTime() <= now.getTime()) throw new AlertTokenError('expired');
  return { action: action as AlertActionName, id: id as number, userId: userId as number, expiresAt, ...(sources ? { sources } : {}) };
}

const ids = (value: unknown): value is number[] => Array.isArray(value) && value.every((id) => Number.isSafeInteger(id) && id > 0);

function sourcesOf(listed: unknown): DigestSources {
  if (!Array.isArray(listed) || listed.length !== 2) throw new AlertTokenError('invalid');
  const [rules, searches] = listed as unknown[];
  if (!ids(rules) || !ids(searches) || rules.length + searches.length === 0 || rules.length + searches.length > MAX_DIGEST_SOURCES)
    throw new AlertTokenError('invalid');
  return { rules, searches };
}

/** The app page a link opens (it describes the action and does it with one button), and the one-click URL of List-Unsubscribe. */
export function alertLinks(appUrl: string, token: string): { page: string; oneClick: string } {
  const query = `token=${encodeURIComponent(token)}`;
  return { page: `${appUrl}/alert-action?${query}`, oneClick: `${appUrl}/api/v1/alert-actions/?${query}` };
}
