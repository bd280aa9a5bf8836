// What a delivery says: one notification, or a digest of several, as a mail (HTML and plain text)
// and as a Slack message (Block Kit with a plain-text fallback, at most 50 blocks). Built from a
// notification's details (server/signals/details.ts); a row without them (older, or inserted by
// hand) is told by its subject and body. With the reader's signed links (render-links.ts), a mail
// carries List-Unsubscribe (RFC 8058 one-click: mutes what raised it) and every message 'Mute this
// rule' and 'Not relevant' (docs/ALERTS.md). Digests: render-digest.ts; saved searches: render-search.ts.
import type { Mail } from '../../mail/mailer';
import { context, escapeHtml, escapeSlack, readerDate, section, shown, slackDate, slackLink } from './render-pieces';
import { type AlertLinker, htmlActions, messageActions, slackActions, textActions, unsubscribeHeaders } from './render-links';
import { searchDetailsOf, searchMail, searchSlack } from './render-search';
import { detailsOf, mail, plainMail, sourceOf, type RenderedRow, type SlackMessage } from './render-rows';

export { readerDate, slackDate, utcDate } from './render-pieces';
export type { AlertLinker } from './render-links';
export { detailsOf, sourceOf, type RenderedRow, type SlackMessage } from './render-rows';
export * from './render-digest';

// ——— one notification ———————————————————————————————————————————————————————————————————

/**
 * One notification's mail. With `links` (the reader's signed links) it carries List-Unsubscribe
 * (one click mutes what raised it) and, under the content, 'Mute this rule' and 'Not relevant'.
 * Its times are on the reader's clock (`zone`: their setting).
 */
export function notificationMail(to: string, row: RenderedRow, links: AlertLinker | null = null, zone = 'UTC'): Mail {
  const { actions, oneClick } = messageActions(links, sourceOf(row), row.id);
  const headers = { 'X-Talent-Notification': String(row.id), ...(oneClick ? unsubscribeHeaders(oneClick) : {}) };
  const footer = { text: textActions(actions), html: htmlActions(actions) };
  const d = detailsOf(row);
  const search = d ? null : searchDetailsOf(row.details);
  if (search) {
    const { subject, text, html } = searchMail(search, zone);
    return mail(to, row.subject || subject, [...text, ...(actions.length ? ['', ...footer.text] : [])], html + footer.html, headers);
  }
  if (!d) return plainMail(to, row.subject || row.body, [row.body], headers, footer);
  const { person, change, rule, links: open } = d;
  const sentence = `${person.name} changed ${change.label}: ${shown(change.old)} → ${shown(change.new)}.`;
  const facts: [string, string][] = [
    ['Before', shown(change.old)],
    ['After', shown(change.new)],
    ['When', readerDate(d.changed_at, zone)],
    ['Data source', d.data_source ? d.data_source.name : 'changed in the app'],
    ['Rule', rule.name],
  ];
  const text = [
    sentence,
    '',
    ...facts.map(([k, v]) => `${`${k}:`.padEnd(13)}${v}`),
    '',
    `${person.name}: ${open.person}`,
    `The rule “${rule.name}”: ${open.rule}`,
    ...(actions.length ? ['', ...footer.text] : []),
  ];
  const html = `<p style="font-size:16px">${escapeHtml(sentence)}</p>
<table style="border-collapse:collapse">${facts
    .map(
      ([k, v]) => `<tr><th style="text-align:left;padding:2px 12px 2px 0;color:#555">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`,
    )
    .join('')}</table>
<p><a href="${escapeHtml(open.person)}">Open ${escapeHtml(person.name)}</a> · <a href="${escapeHtml(open.rule)}">Open the rule “${escapeHtml(rule.name)}”</a></p>${footer.html}`;
  return mail(to, row.subject || `${person.name} changed ${change.label}`, text, html, headers);
}

/** One notification's Slack message; with `links`, a last line 'Mute this rule · Not relevant'. */
export function notificationSlack(row: RenderedRow, links: AlertLinker | null = null): SlackMessage {
  const { actions } = messageActions(links, sourceOf(row), row.id);
  const withActions = (message: SlackMessage): SlackMessage =>
    actions.length ? { ...message, blocks: [...message.blocks, context(slackActions(actions))] } : message;
  const search = searchDetailsOf(row.details);
  if (search && !detailsOf(row)) return withActions(searchSlack(search));
  const d = detailsOf(row);
  if (!d) return withActions({ text: row.body, blocks: [section(escapeSlack(row.body))] });
  const { person, change, rule, links: open } = d;
  return withActions({
    text: `${person.name} changed ${change.label}: ${shown(change.old)} → ${shown(change.new)}`,
    blocks: [
      section(
        `*${slackLink(open.person, person.name)}* changed *${escapeSlack(change.label)}*\n${escapeSlack(shown(change.old))} → *${escapeSlack(shown(change.new))}*`,
      ),
      context(
        [
          slackDate(d.changed_at),
          d.data_source ? `Data source: ${escapeSlack(d.data_source.name)}` : 'Changed in the app',
          `Rule: ${slackLink(open.rule, rule.name)}`,
        ].join(' · '),
      ),
    ],
  });
}
