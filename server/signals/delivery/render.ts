// What a delivery says: one notification, or a digest of several, as a mail (HTML and plain text)
// and as a Slack message (Block Kit with a plain-text fallback, at most 50 blocks). Built from a
// notification's details (server/signals/details.ts); a row without them (older, or inserted by
// hand) is told by its subject and body.
import type { Mail } from '../../mail/mailer';
import type { NotificationDetails } from '../details';

/** What rendering needs of a notification row. */
export interface RenderedRow {
  id: number;
  subject: string;
  body: string;
  details: unknown;
  created_at: Date;
}

export type DigestKind = 'Medium' | 'Low';

export const DIGEST_TITLES: Record<DigestKind, string> = { Medium: 'Hourly digest', Low: 'Daily digest' };

/** Slack's limit on blocks in a message. */
export const MAX_SLACK_BLOCKS = 50;
/** Slack's limit on a section's text. */
const MAX_SECTION_CHARS = 3000;
/** Beyond this many people, a digest mail says 'and N more' and links to the app. */
export const MAX_MAIL_ITEMS = 500;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '25 Nov 2026, 14:03:05 UTC': the app's date style, in UTC (a mail does not know its reader's zone). */
export function utcDate(iso: string | Date): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return String(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getUTCDate()} ${MONTHS[at.getUTCMonth()]} ${at.getUTCFullYear()}, ${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}:${pad(at.getUTCSeconds())} UTC`;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** Slack mrkdwn: only &, < and > are special (https://api.slack.com/reference/surfaces/formatting#escaping). */
const escapeSlack = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const slackLink = (url: string, label: string) =>
  `<${url.replace(/[<>|]/g, encodeURIComponent)}|${escapeSlack(label).replace(/\|/g, '¦')}>`;
const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);
const shown = (value: string | null | undefined) => value ?? 'none';

/** The details when the row carries them whole enough to render, else null. */
export function detailsOf(row: RenderedRow): NotificationDetails | null {
  const d = row.details as Partial<NotificationDetails> | null;
  return d?.person?.name && d.change?.label && d.links ? (d as NotificationDetails) : null;
}

// ——— one notification ———————————————————————————————————————————————————————————————————

export function notificationMail(to: string, row: RenderedRow): Mail {
  const d = detailsOf(row);
  const headers = { 'X-Talent-Notification': String(row.id) };
  if (!d) return plainMail(to, row.subject || row.body, [row.body], headers);
  const { person, change, rule, links } = d;
  const sentence = `${person.name} changed ${change.label}: ${shown(change.old)} → ${shown(change.new)}.`;
  const facts: [string, string][] = [
    ['Before', shown(change.old)],
    ['After', shown(change.new)],
    ['When', utcDate(d.changed_at)],
    ['Data source', d.data_source ? d.data_source.name : 'changed in the app'],
    ['Rule', rule.name],
  ];
  const text = [
    sentence,
    '',
    ...facts.map(([k, v]) => `${`${k}:`.padEnd(13)}${v}`),
    '',
    `${person.name}: ${links.person}`,
    `The rule “${rule.name}”: ${links.rule}`,
    '',
    '— Talent Back-office',
  ].join('\n');
  const html = page(`<p style="font-size:16px">${escapeHtml(sentence)}</p>
<table style="border-collapse:collapse">${facts
    .map(
      ([k, v]) => `<tr><th style="text-align:left;padding:2px 12px 2px 0;color:#555">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`,
    )
    .join('')}</table>
<p><a href="${escapeHtml(links.person)}">Open ${escapeHtml(person.name)}</a> · <a href="${escapeHtml(links.rule)}">Open the rule “${escapeHtml(rule.name)}”</a></p>`);
  return { to, subject: row.subject || `${person.name} changed ${change.label}`, text, html, headers };
}

export interface SlackMessage {
  text: string;
  blocks: object[];
}

export function notificationSlack(row: RenderedRow): SlackMessage {
  const d = detailsOf(row);
  if (!d) return { text: row.body, blocks: [section(escapeSlack(row.body))] };
  const { person, change, rule, links } = d;
  return {
    text: `${person.name} changed ${change.label}: ${shown(change.old)} → ${shown(change.new)}`,
    blocks: [
      section(
        `*${slackLink(links.person, person.name)}* changed *${escapeSlack(change.label)}*\n${escapeSlack(shown(change.old))} → *${escapeSlack(shown(change.new))}*`,
      ),
      context(
        [
          utcDate(d.changed_at),
          d.data_source ? `Data source: ${escapeSlack(d.data_source.name)}` : 'Changed in the app',
          `Rule: ${slackLink(links.rule, rule.name)}`,
        ].join(' · '),
      ),
    ],
  };
}

// ——— digests ——————————————————————————————————————————————————————————————————————————————

/** One person in a digest: every change of theirs merged into one line. */
export interface DigestItem {
  name: string;
  link: string | null;
  /** 'job: A → B', 'location: Berlin → Munich → Paris' */
  changes: string[];
  rules: { name: string; link: string }[];
  sources: string[];
  /** the latest change's time (ISO) */
  at: string;
  /** a row without details: its body, said as it is */
  body?: string;
}

/**
 * The digest's items: one per person, in the order their first change came; a person's changes of
 * one attribute chained when they follow each other (Berlin → Munich, then Munich → Paris: Berlin →
 * Munich → Paris); the same change raised by two rules said once.
 */
export function digestItems(rows: RenderedRow[]): DigestItem[] {
  const items: DigestItem[] = [];
  const byPerson = new Map<number, { item: DigestItem; chains: { label: string; values: (string | null)[] }[]; seen: Set<string> }>();
  const ordered = [...rows].sort((a, b) => a.created_at.getTime() - b.created_at.getTime() || a.id - b.id);
  for (const row of ordered) {
    const d = detailsOf(row);
    if (!d) {
      items.push({ name: '', link: null, changes: [], rules: [], sources: [], at: row.created_at.toISOString(), body: row.body });
      continue;
    }
    let entry = byPerson.get(d.person.id);
    if (!entry) {
      entry = {
        item: { name: d.person.name, link: d.links.person, changes: [], rules: [], sources: [], at: d.changed_at },
        chains: [],
        seen: new Set(),
      };
      byPerson.set(d.person.id, entry);
      items.push(entry.item);
    }
    const { item, chains, seen } = entry;
    if (!item.rules.some((r) => r.name === d.rule.name)) item.rules.push({ name: d.rule.name, link: d.links.rule });
    const source = d.data_source?.name ?? 'changed in the app';
    if (!item.sources.includes(source)) item.sources.push(source);
    if (d.changed_at > item.at) item.at = d.changed_at;
    const key = JSON.stringify([d.change.label, d.change.old, d.change.new, d.changed_at]);
    if (seen.has(key)) continue;
    seen.add(key);
    const chain = chains.findLast((c) => c.label === d.change.label);
    if (chain && chain.values[chain.values.length - 1] === d.change.old) chain.values.push(d.change.new);
    else chains.push({ label: d.change.label, values: [d.change.old, d.change.new] });
    item.changes = chains.map((c) => `${c.label}: ${c.values.map(shown).join(' → ')}`);
  }
  return items;
}

/** 'Jane Doe — job: A → B; location: Berlin → Munich' */
export const itemLine = (item: DigestItem) => item.body ?? `${item.name} — ${item.changes.join('; ')}`;
const itemFacts = (item: DigestItem) =>
  [`rule ${item.rules.map((r) => `“${r.name}”`).join(', ')}`, item.sources.join(', '), utcDate(item.at)].join(' · ');

function digestCounts(rows: RenderedRow[], items: DigestItem[]): string {
  const changes = rows.length;
  const people = items.length;
  return `${changes} ${changes === 1 ? 'change' : 'changes'} of ${people} ${people === 1 ? 'person' : 'people'}`;
}

export function digestMail(to: string, kind: DigestKind, rows: RenderedRow[], appUrl: string): Mail {
  const items = digestItems(rows);
  const title = DIGEST_TITLES[kind];
  const counts = digestCounts(rows, items);
  const listed = items.slice(0, MAX_MAIL_ITEMS);
  const more = items.length - listed.length;
  const all = `${appUrl}/notifications`;
  const text = [
    `${title}: ${counts} you watch.`,
    '',
    ...listed.flatMap((item) => [`• ${itemLine(item)}`, ...(item.body ? [] : [`  ${itemFacts(item)}`, `  ${item.link}`]), '']),
    ...(more > 0 ? [`and ${more} more`, ''] : []),
    `All your notifications: ${all}`,
    '',
    '— Talent Back-office',
  ].join('\n');
  const html = page(`<p style="font-size:16px">${escapeHtml(`${title}: ${counts} you watch.`)}</p>
<ul>${listed
    .map((item) =>
      item.body
        ? `<li>${escapeHtml(item.body)}</li>`
        : `<li><a href="${escapeHtml(item.link!)}">${escapeHtml(item.name)}</a> — ${escapeHtml(item.changes.join('; '))}<br><span style="font-size:12px;color:#555">${escapeHtml(itemFacts(item))}</span></li>`,
    )
    .join('\n')}</ul>
${more > 0 ? `<p>and ${more} more</p>` : ''}
<p><a href="${escapeHtml(all)}">All your notifications</a></p>`);
  return {
    to,
    subject: `${title}: ${counts}`,
    text,
    html,
    headers: { 'X-Talent-Notification': rows.map((r) => r.id).join(', ') },
  };
}

export function digestSlack(kind: DigestKind, rows: RenderedRow[], appUrl: string): SlackMessage {
  const items = digestItems(rows);
  const title = DIGEST_TITLES[kind];
  const counts = digestCounts(rows, items);
  // a title, then one block per person; past 50 blocks the last one says how many were left out
  const room = MAX_SLACK_BLOCKS - 1;
  const listed = items.length <= room ? items : items.slice(0, room - 1);
  const more = items.length - listed.length;
  const blocks: object[] = [
    section(`*${title}*: ${counts}`),
    ...listed.map((item) =>
      section(
        item.body
          ? escapeSlack(item.body)
          : `*${slackLink(item.link!, item.name)}* — ${escapeSlack(item.changes.join('; '))}\n_${escapeSlack(itemFacts(item))}_`,
      ),
    ),
  ];
  if (more > 0) blocks.push(context(`and ${more} more — ${slackLink(`${appUrl}/notifications`, 'see them all in the app')}`));
  const lines = listed.map((item) => `• ${itemLine(item)}`);
  return { text: clip([`${title}: ${counts}`, ...lines, ...(more > 0 ? [`and ${more} more`] : [])].join('\n'), 3000), blocks };
}

// ——— pieces —————————————————————————————————————————————————————————————————————————————————

function section(mrkdwn: string): object {
  return { type: 'section', text: { type: 'mrkdwn', text: clip(mrkdwn, MAX_SECTION_CHARS) } };
}

function context(mrkdwn: string): object {
  return { type: 'context', elements: [{ type: 'mrkdwn', text: clip(mrkdwn, MAX_SECTION_CHARS) }] };
}

function page(content: string): string {
  return `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">
${content}
<p style="font-size:12px;color:#555">— Talent Back-office</p>
</body></html>`;
}

function plainMail(to: string, subject: string, paragraphs: string[], headers: Record<string, string>): Mail {
  return {
    to,
    subject,
    text: [...paragraphs, '', '— Talent Back-office'].join('\n'),
    html: page(paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')),
    headers,
  };
}
