// The small pieces every rendering shares (render.ts, render-search.ts, render-links.ts): escaping
// for HTML and Slack's mrkdwn, Slack blocks, the mail's frame, the app's date style in the reader's
// time zone (a mail) or in each reader's own (Slack's date token).

/** Slack's limit on a section's text. */
export const MAX_SECTION_CHARS = 3000;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '25 Nov 2026, 14:03:05 UTC': the app's date style, in UTC. */
export function utcDate(iso: string | Date): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return String(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getUTCDate()} ${MONTHS[at.getUTCMonth()]} ${at.getUTCFullYear()}, ${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}:${pad(at.getUTCSeconds())} UTC`;
}

const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * '25 Nov 2026, 15:03:05 CET': the app's date style on the wall clock of `zone` (the reader's
 * setting, an IANA name), with the zone's short name; UTC for 'UTC' or a zone Intl does not know.
 */
export function readerDate(iso: string | Date, zone = 'UTC'): string {
  const at = new Date(iso);
  if (zone === 'UTC' || Number.isNaN(at.getTime())) return utcDate(iso);
  let format = zoneFormats.get(zone);
  if (!format) {
    try {
      format = new Intl.DateTimeFormat('en-GB', {
        timeZone: zone,
        ...{ day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' },
        hourCycle: 'h23',
        timeZoneName: 'short',
      });
    } catch {
      return utcDate(iso);
    }
    zoneFormats.set(zone, format);
  }
  const part: Record<string, string> = {};
  for (const { type, value } of format.formatToParts(at)) part[type] = value;
  return `${part.day} ${part.month} ${part.year}, ${part.hour}:${part.minute}:${part.second} ${part.timeZoneName}`;
}

/**
 * Slack's date token: each reader of the channel sees the time in their own zone
 * ('Nov 25th, 2026 at 3:03:05 PM'); clients that cannot render it show the UTC fallback.
 */
export function slackDate(iso: string | Date): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return escapeSlack(String(iso));
  return `<!date^${Math.floor(at.getTime() / 1000)}^{date_short_pretty} at {time_secs}|${utcDate(at)}>`;
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
