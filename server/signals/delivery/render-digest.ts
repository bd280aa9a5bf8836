// What a digest says (hourly for Medium, daily for Low): one item per person (their changes merged)
// or per saved search's alert, as a mail and as a Slack message (at most 50 blocks); with the
// reader's signed links, each item's 'Mute rule “X”' and 'Not relevant' (docs/ALERTS.md).
import type { Mail } from '../../mail/mailer';
import type { SearchAlertDetails } from '../details';
import { clip, context, escapeHtml, escapeSlack, readerDate, section, shown, slackDate, slackLink } from './render-pieces';
import {
  type AlertLinker,
  type AlertSource,
  inlineHtmlActions,
  manySourcesMute,
  muteLink,
  notRelevantLink,
  sameSource,
  slackActions,
  textActions,
  unsubscribeHeaders,
} from './render-links';
import { searchDetailsOf, searchNames } from './render-search';
import { detailsOf, mail, sourceOf, type RenderedRow, type SlackMessage } from './render-rows';

export type DigestKind = 'Medium' | 'Low';

export const DIGEST_TITLES: Record<DigestKind, string> = { Medium: 'Hourly digest', Low: 'Daily digest' };

/** Slack's limit on blocks in a message. */
export const MAX_SLACK_BLOCKS = 50;
/** Beyond this many people, a digest mail says 'and N more' and links to the app. */
export const MAX_MAIL_ITEMS = 500;

/** A rule (or saved search) of a digest item: its page, and the item's latest notification it raised (for 'Not relevant'). */
export interface ItemSource {
  name: string;
  link: string;
  source: AlertSource;
  notification: number;
}

/** One person in a digest (every change of theirs merged into one line), or one saved search's new matches. */
export interface DigestItem {
  name: string;
  link: string | null;
  /** 'job: A → B', 'location: Berlin → Munich → Paris'; a search's: the people named */
  changes: string[];
  rules: ItemSource[];
  sources: string[];
  /** the latest change's time (ISO) */
  at: string;
  /** a row without details: its body, said as it is */
  body?: string;
}

function noteSource(item: DigestItem, entry: ItemSource): void {
  const known = item.rules.find((r) => sameSource(r.source, entry.source));
  if (known)
    known.notification = entry.notification; // rows come oldest first: the latest stays
  else item.rules.push(entry);
}

/** A saved search's alert as a digest item of its own. */
function searchItem(row: RenderedRow, d: SearchAlertDetails): DigestItem {
  return {
    name: `New matches of “${d.search.name}”`,
    link: d.links.results,
    changes: [searchNames(d)],
    rules: [
      {
        name: d.search.name,
        link: d.links.search,
        source: { kind: 'saved_search', id: d.search.id, name: d.search.name },
        notification: row.id,
      },
    ],
    sources: [d.data_source?.name ?? 'found'],
    at: d.checked_at,
  };
}

/**
 * The digest's items: one per person, in the order their first change came; a person's changes of
 * one attribute chained when they follow each other (Berlin → Munich, then Munich → Paris: Berlin →
 * Munich → Paris); the same change raised by two rules said once. A saved search's alert is an item.
 */
export function digestItems(rows: RenderedRow[]): DigestItem[] {
  const items: DigestItem[] = [];
  const byPerson = new Map<number, { item: DigestItem; chains: { label: string; values: (string | null)[] }[]; seen: Set<string> }>();
  const ordered = [...rows].sort((a, b) => a.created_at.getTime() - b.created_at.getTime() || a.id - b.id);
  for (const row of ordered) {
    const d = detailsOf(row);
    const search = d ? null : searchDetailsOf(row.details);
    if (search) {
      items.push(searchItem(row, search));
      continue;
    }
    if (!d) {
      const source = sourceOf(row);
      const rules = source ? [{ name: source.name, link: '', source, notification: row.id }] : [];
      items.push({ name: '', link: null, changes: [], rules, sources: [], at: row.created_at.toISOString(), body: row.body });
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
    noteSource(item, {
      name: d.rule.name,
      link: d.links.rule,
      source: { kind: 'rule', id: d.rule.id, name: d.rule.name },
      notification: row.id,
    });
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
const sourceWord = (r: ItemSource) => `${r.source.kind === 'rule' ? 'rule' : 'saved search'} “${r.name}”`;
/** What an item came from, escaped with `asText`, and when (`date`: the time as the message writes it). */
const itemFacts = (item: DigestItem, date: (at: string) => string, asText = (s: string) => s) =>
  [asText(item.rules.map(sourceWord).join(', ')), asText(item.sources.join(', ')), date(item.at)].join(' · ');

/** An item's actions, per rule: 'Mute rule “X”' and 'Not relevant' (its latest notification of the person). */
function itemActions(links: AlertLinker | null, item: DigestItem) {
  if (!links) return [];
  return item.rules.flatMap((r) => [
    muteLink(links, r.source, `Mute ${sourceWord(r)}`),
    notRelevantLink(links, r.notification, item.rules.length > 1 ? `Not relevant (${sourceWord(r)})` : 'Not relevant'),
  ]);
}

/** The rules and searches a digest's rows come from, once each. */
function digestSources(rows: RenderedRow[]): AlertSource[] {
  const found: AlertSource[] = [];
  for (const row of rows) {
    const source = sourceOf(row);
    if (source && !found.some((s) => sameSource(s, source))) found.push(source);
  }
  return found;
}

function digestCounts(rows: RenderedRow[], items: DigestItem[]): string {
  const changes = rows.length;
  const people = items.length;
  return `${changes} ${changes === 1 ? 'change' : 'changes'} of ${people} ${people === 1 ? 'person' : 'people'}`;
}

/**
 * A digest's mail. With `links`: under each item, mute its rule and mark it not relevant; its
 * List-Unsubscribe mutes what it gathers — its one rule or search, or all of them (muting one of
 * several would not stop this mail: the reader's 'Unsubscribe' means the mail), said in the footer.
 */
export function digestMail(
  to: string,
  kind: DigestKind,
  rows: RenderedRow[],
  appUrl: string,
  links: AlertLinker | null = null,
  zone = 'UTC',
): Mail {
  const date = (at: string) => readerDate(at, zone);
  const items = digestItems(rows);
  const title = DIGEST_TITLES[kind];
  const counts = digestCounts(rows, items);
  const listed = items.slice(0, MAX_MAIL_ITEMS);
  const more = items.length - listed.length;
  const all = `${appUrl}/notifications`;
  const sources = digestSources(rows);
  const only = links && sources.length === 1 ? muteLink(links, sources[0]!) : null;
  const many = links && sources.length > 1 ? manySourcesMute(links, appUrl, sources) : null;
  const text = [
    `${title}: ${counts} you watch.`,
    '',
    ...listed.flatMap((item) => [
      `• ${itemLine(item)}`,
      ...(item.body ? [] : [`  ${itemFacts(item, date)}`, `  ${item.link}`]),
      ...textActions(itemActions(links, item)).map((line) => `  ${line}`),
      '',
    ]),
    ...(more > 0 ? [`and ${more} more`, ''] : []),
    `All your notifications: ${all}`,
    ...(many ? ['', many.text] : []),
  ];
  const html = `<p style="font-size:16px">${escapeHtml(`${title}: ${counts} you watch.`)}</p>
<ul>${listed
    .map((item) => {
      const actions = itemActions(links, item);
      const under = actions.length ? `<br><span style="font-size:12px">${inlineHtmlActions(actions)}</span>` : '';
      return item.body
        ? `<li>${escapeHtml(item.body)}${under}</li>`
        : `<li><a href="${escapeHtml(item.link!)}">${escapeHtml(item.name)}</a> — ${escapeHtml(item.changes.join('; '))}<br><span style="font-size:12px;color:#555">${escapeHtml(itemFacts(item, date))}</span>${under}</li>`;
    })
    .join('\n')}</ul>
${more > 0 ? `<p>and ${more} more</p>` : ''}
<p><a href="${escapeHtml(all)}">All your notifications</a></p>${many?.html ?? ''}`;
  const headers = {
    'X-Talent-Notification': rows.map((r) => r.id).join(', '),
    ...(only ? unsubscribeHeaders(only.oneClick) : many?.oneClick ? unsubscribeHeaders(many.oneClick) : {}),
  };
  return mail(to, `${title}: ${counts}`, text, html, headers);
}

export function digestSlack(kind: DigestKind, rows: RenderedRow[], appUrl: string, links: AlertLinker | null = null): SlackMessage {
  const items = digestItems(rows);
  const title = DIGEST_TITLES[kind];
  const counts = digestCounts(rows, items);
  // a title, then one block per person; past 50 blocks the last one says how many were left out
  const room = MAX_SLACK_BLOCKS - 1;
  const listed = items.length <= room ? items : items.slice(0, room - 1);
  const more = items.length - listed.length;
  const blocks: object[] = [
    section(`*${title}*: ${counts}`),
    ...listed.map((item) => {
      const actions = itemActions(links, item);
      const under = actions.length ? `\n${slackActions(actions)}` : '';
      return section(
        item.body
          ? `${escapeSlack(item.body)}${under}`
          : `*${slackLink(item.link!, item.name)}* — ${escapeSlack(item.changes.join('; '))}\n_${itemFacts(item, slackDate, escapeSlack)}_${under}`,
      );
    }),
  ];
  if (more > 0) blocks.push(context(`and ${more} more — ${slackLink(`${appUrl}/notifications`, 'see them all in the app')}`));
  const lines = listed.map((item) => `• ${itemLine(item)}`);
  return { text: clip([`${title}: ${counts}`, ...lines, ...(more > 0 ? [`and ${more} more`] : [])].join('\n'), 3000), blocks };
}
