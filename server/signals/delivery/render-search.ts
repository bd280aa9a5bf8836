// A watched saved search's alert as a mail, a Slack message and a digest item (issue 18 item 1;
// server/signals/details.ts SearchAlertDetails): the people a retrieval brought who newly match,
// named and linked up to MAX_ALERT_NAMES, then 'and N more', and the link to all the results.
import type { SearchAlertDetails } from '../details';
import { context, escapeHtml, escapeSlack, htmlLink, readerDate, section, slackDate, slackLink } from './render-pieces';

/** The details when the row is a saved search's alert whole enough to render, else null. */
export function searchDetailsOf(details: unknown): SearchAlertDetails | null {
  const d = details as Partial<SearchAlertDetails> | null;
  return d?.kind === 'saved_search' && d.search?.name !== undefined && d.links && Array.isArray(d.people) && typeof d.total === 'number'
    ? (d as SearchAlertDetails)
    : null;
}

/** '3 new people match the saved search “Berlin founders”' */
export function searchHeadline(d: SearchAlertDetails): string {
  const people = d.total === 1 ? '1 new person matches' : `${d.total} new people match`;
  return `${people} the saved search “${d.search.name}”`;
}

const moreCount = (d: SearchAlertDetails) => Math.max(0, d.total - d.people.length);
const sourceWords = (d: SearchAlertDetails) => (d.data_source ? `brought by ${d.data_source.name}` : 'found');

/** 'Ana Silva, Bob Stone and 3 more' */
export function searchNames(d: SearchAlertDetails): string {
  const names = d.people.map((p) => p.name).join(', ');
  const more = moreCount(d);
  return more > 0 ? `${names} and ${more} more` : names;
}

export function searchMail(d: SearchAlertDetails, zone = 'UTC'): { subject: string; text: string[]; html: string } {
  const more = moreCount(d);
  const headline = `${searchHeadline(d)}, ${sourceWords(d)} on ${readerDate(d.checked_at, zone)}.`;
  const text = [
    headline,
    '',
    ...d.people.map((p) => `• ${p.name}: ${p.link}`),
    ...(more > 0 ? [`and ${more} more`] : []),
    '',
    `See them all: ${d.links.results}`,
    `The saved search “${d.search.name}”: ${d.links.search}`,
  ];
  const html = `<p style="font-size:16px">${escapeHtml(headline)}</p>
<ul>${d.people.map((p) => `<li>${htmlLink(p.link, p.name)}</li>`).join('')}</ul>
${more > 0 ? `<p>and ${more} more</p>` : ''}
<p>${htmlLink(d.links.results, 'See them all')} · ${htmlLink(d.links.search, `Open the saved search “${d.search.name}”`)}</p>`;
  return { subject: searchHeadline(d), text, html };
}

export function searchSlack(d: SearchAlertDetails): { text: string; blocks: object[] } {
  const more = moreCount(d);
  const names = d.people.map((p) => slackLink(p.link, p.name)).join(', ');
  const people = d.total === 1 ? '1 new person matches' : `${d.total} new people match`;
  return {
    text: `${searchHeadline(d)}: ${searchNames(d)}`,
    blocks: [
      section(`*${people}* the saved search *${slackLink(d.links.search, d.search.name)}*\n${names}${more > 0 ? ` and ${more} more` : ''}`),
      context(
        [
          slackLink(d.links.results, 'See them all'),
          escapeSlack(d.data_source ? `Data source: ${d.data_source.name}` : 'Found'),
          slackDate(d.checked_at),
        ].join(' · '),
      ),
    ],
  };
}
