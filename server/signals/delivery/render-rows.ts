// A notification row as rendering reads it (render.ts, render-digest.ts): what it says and what
// raised it — a rule, or a watched saved search (what its mute link mutes).
import type { Mail } from '../../mail/mailer';
import type { NotificationDetails } from '../details';
import type { AlertSource } from './render-links';
import { escapeHtml, page } from './render-pieces';
import { searchDetailsOf } from './render-search';

/** What rendering needs of a notification row. */
export interface RenderedRow {
  id: number;
  subject: string;
  body: string;
  details: unknown;
  created_at: Date;
  /** what raised it, for a row without details */
  rule_id?: number | null;
  saved_search_id?: number | null;
}

export interface SlackMessage {
  text: string;
  blocks: object[];
}

/** The details when the row carries them whole enough to render, else null. */
export function detailsOf(row: RenderedRow): NotificationDetails | null {
  const d = row.details as Partial<NotificationDetails> | null;
  return d?.person?.name && d.change?.label && d.links ? (d as NotificationDetails) : null;
}

/** What raised the row (what its mute link mutes): from its details, else its columns; null when neither says. */
export function sourceOf(row: RenderedRow): AlertSource | null {
  const d = detailsOf(row);
  if (d) return { kind: 'rule', id: d.rule.id, name: d.rule.name };
  const search = searchDetailsOf(row.details);
  if (search) return { kind: 'saved_search', id: search.search.id, name: search.search.name };
  if (row.rule_id != null) return { kind: 'rule', id: row.rule_id, name: 'this rule' };
  if (row.saved_search_id != null) return { kind: 'saved_search', id: row.saved_search_id, name: 'this saved search' };
  return null;
}

/** A mail with the signature under its text and its HTML in the mail's frame. */
export function mail(to: string, subject: string, text: string[], html: string, headers: Record<string, string>): Mail {
  return { to, subject, text: [...text, '', '— Talent Back-office'].join('\n'), html: page(html), headers };
}

export function plainMail(
  to: string,
  subject: string,
  paragraphs: string[],
  headers: Record<string, string>,
  footer: { text: string[]; html: string },
): Mail {
  const text = [...paragraphs, ...(footer.text.length ? ['', ...footer.text] : [])];
  return mail(to, subject, text, paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n') + footer.html, headers);
}
