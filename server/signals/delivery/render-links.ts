// The actions a message carries (issue 18; docs/ALERTS.md): 'Mute this rule' (or this search) and
// 'Not relevant', each a signed link to the app's /alert-action page that asks before it acts (mail
// scanners open links), and the one-click URL of List-Unsubscribe (RFC 8058: a POST, no page).
import type { AlertActionName } from '../../../types/wire/alerts';
import { secretBoxOf } from '../../accounts/secret-box';
import { alertLinks, signAlertToken, MAX_DIGEST_SOURCES, type DigestSources } from '../alert-tokens';
import { escapeHtml, htmlLink, slackLink } from './render-pieces';

/** The signed links of one reader: what `action` on `id` opens (page) and posts (oneClick). */
export type AlertLinker = (action: AlertActionName, id: number, sources?: DigestSources) => { page: string; oneClick: string };

/** The links of the user a message goes to; null when it names none (a row inserted by hand): no links then. */
export function alertLinker(db: object, appUrl: string, userId: number | null | undefined): AlertLinker | null {
  if (userId == null) return null;
  const box = secretBoxOf(db);
  return (action, id, sources) => alertLinks(appUrl, signAlertToken(box, { action, id, userId, ...(sources ? { sources } : {}) }));
}

/** What raised a notification: a rule or a watched saved search (what its mute link mutes). */
export interface AlertSource {
  kind: 'rule' | 'saved_search';
  id: number;
  name: string;
}

export const sameSource = (a: AlertSource, b: AlertSource) => a.kind === b.kind && a.id === b.id;

export interface ActionLink {
  label: string;
  url: string;
}

export function muteLink(links: AlertLinker, source: AlertSource, label?: string): ActionLink & { oneClick: string } {
  const action = source.kind === 'rule' ? 'mute-rule' : 'mute-search';
  const { page, oneClick } = links(action, source.id);
  return { label: label ?? (source.kind === 'rule' ? 'Mute this rule' : 'Mute this search'), url: page, oneClick };
}

export const notRelevantLink = (links: AlertLinker, notificationId: number, label = 'Not relevant'): ActionLink => ({
  label,
  url: links('not-relevant', notificationId).page,
});

/** RFC 2369 and RFC 8058: the mail client's own 'Unsubscribe' posts to `oneClick`, without a page. */
export function unsubscribeHeaders(oneClick: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/** One message's actions: mute what raised it, mark it not relevant; the mute's one-click URL for the header. */
export function messageActions(
  links: AlertLinker | null,
  source: AlertSource | null,
  notificationId: number,
): { actions: ActionLink[]; oneClick: string | null } {
  if (!links) return { actions: [], oneClick: null };
  const mute = source ? muteLink(links, source) : null;
  return { actions: [...(mute ? [mute] : []), notRelevantLink(links, notificationId)], oneClick: mute?.oneClick ?? null };
}

export const textActions = (actions: ActionLink[]) => actions.map((a) => `${a.label}: ${a.url}`);
export const htmlActions = (actions: ActionLink[]) =>
  actions.length ? `<p style="font-size:12px;color:#555">${actions.map((a) => htmlLink(a.url, a.label)).join(' · ')}</p>` : '';
export const slackActions = (actions: ActionLink[]) => actions.map((a) => slackLink(a.url, a.label)).join(' · ');
export const inlineHtmlActions = (actions: ActionLink[]) => actions.map((a) => htmlLink(a.url, a.label)).join(' · ');

/**
 * A digest that gathers several rules and saved searches: its one click mutes them all (what stops
 * this mail — muting one would not), said in its footer beside the link to manage them one by one.
 * Past MAX_DIGEST_SOURCES (a link of reasonable length) it has no one-click: the footer says why.
 */
export function manySourcesMute(
  links: AlertLinker,
  appUrl: string,
  sources: AlertSource[],
): { oneClick: string | null; text: string; html: string } {
  const manage = `${appUrl}/rule-sets`;
  if (sources.length > MAX_DIGEST_SOURCES) {
    const sentence = `This digest gathers ${sources.length} rules and saved searches: mute each with its link above, or manage them in the app`;
    return {
      oneClick: null,
      text: `${sentence}: ${manage}`,
      html: `<p style="font-size:12px;color:#555">${escapeHtml(sentence)}: ${htmlLink(manage, manage)}</p>`,
    };
  }
  const pick = (kind: AlertSource['kind']) => sources.filter((s) => s.kind === kind).map((s) => s.id);
  const { page, oneClick } = links('mute-digest', 0, { rules: pick('rule'), searches: pick('saved_search') });
  const label = `Mute all ${sources.length} rules and saved searches of this digest`;
  return {
    oneClick,
    text: `${label}: ${page}\nManage them one by one in the app: ${manage}`,
    html: `<p style="font-size:12px;color:#555">${htmlLink(page, label)} · ${htmlLink(manage, 'manage them one by one in the app')}</p>`,
  };
}
