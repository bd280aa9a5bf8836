// The small pieces every rendering shares (render.ts, render-search.ts, render-links.ts): escaping
// for HTML and Slack's mrkdwn, Slack blocks, the mail's frame, the app's date style in UTC.

/** Slack's limit on a section's text. */
export const MAX_SECTION_CHARS = 3000;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '25 Nov 2026, 14:03:05 UTC': the app's date style, in UTC (a mail does not know its reader's zone). */
export function utcDate(iso: string | Date): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return String(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getUTCDate()} ${MONTHS[at.getUTCMonth()]} ${at.getUTCFullYear()}, ${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}:${pad(at.getUTCSeconds())} UTC`;
}

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** Slack mrkdwn: only &, < and > are special (https://api.slack.com/reference/surfaces/formatting#escaping). */
export const escapeSlack = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
export const slackLink = (url: string, label: string) =>
  `<${url.replace(/[<>|]/g, encodeURIComponent)}|${escapeSlack(label).replace(/\|/g, '¦')}>`;
export const htmlLink = (url: string, label: string) => `<a href="${escapeHtml(url)}">${escapeHtml(label)}</a>`;
export const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);
export const shown = (value: string | null | undefined) => value ?? 'none';

export function section(mrkdwn: string): object {
  return { type: 'section', text: { type: 'mrkdwn', text: clip(mrkdwn, MAX_SECTION_CHARS) } };
}

export function context(mrkdwn: string): object {
  return { type: 'context', elements: [{ type: 'mrkdwn', text: clip(mrkdwn, MAX_SECTION_CHARS) }] };
}

/** A mail's HTML: the content, then the signature. */
export function page(content: string): string {
  return `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5">
${content}
<p style="font-size:12px;color:#555">— Talent Back-office</p>
</body></html>`;
}
