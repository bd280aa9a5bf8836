// A minimal MIME reader for the mails our own server sends (nodemailer: UTF-8,
// multipart/alternative or single part, quoted-printable / base64 / 7bit / 8bit).
// It is not a general mail parser: attachments are skipped, only the first
// text/plain and text/html parts are kept.

export interface ParsedMail {
  /** header names in lower case; repeated headers keep the first value */
  headers: Record<string, string>;
  subject: string;
  text: string;
  html: string;
}

/** Parse a whole raw message as received over SMTP. */
export function parseMail(raw: Buffer): ParsedMail {
  // latin1 maps each byte to one char and back, so bodies can be decoded to bytes later.
  // The line break that ends the DATA section belongs to the transport, not to the body.
  const part = parsePart(raw.toString('latin1').replace(/\r?\n$/, ''));
  const found = { text: '', html: '' };
  collectBodies(part, found);
  return {
    headers: part.headers,
    subject: decodeHeader(part.headers.subject ?? ''),
    text: found.text,
    html: found.html,
  };
}

/** Every http(s) link of a mail, from its text and its HTML, without duplicates. */
export function mailLinks(mail: { text: string; html: string }): string[] {
  const all = `${mail.text}\n${decodeHtmlEntities(mail.html)}`.match(/https?:\/\/[^\s"'<>)\]]+/g) ?? [];
  return [...new Set(all)];
}

/** Enough of HTML's character references for the URLs in attributes and text. */
function decodeHtmlEntities(html: string): string {
  const named: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' };
  return html.replace(/&(?:#(\d+)|#x([0-9a-f]+)|(\w+));/gi, (entity, dec?: string, hex?: string, name?: string) => {
    if (dec) return String.fromCodePoint(Number(dec));
    if (hex) return String.fromCodePoint(parseInt(hex, 16));
    return named[name!.toLowerCase()] ?? entity;
  });
}

/** The first link of a mail whose path is `pathname` (e.g. '/activate-account'). */
export function mailLink(mail: { text: string; html: string }, pathname: string): URL {
  for (const link of mailLinks(mail)) {
    const url = new URL(link);
    if (url.pathname.replace(/\/$/, '') === pathname.replace(/\/$/, '')) return url;
  }
  throw new Error(`No link to ${pathname} in mail:\n${mail.text || mail.html}`);
}

interface Part {
  headers: Record<string, string>;
  /** latin1 string: one char per byte */
  body: string;
}

function parsePart(source: string): Part {
  const split = source.search(/\r?\n\r?\n/);
  const head = split < 0 ? source : source.slice(0, split);
  const body = split < 0 ? '' : source.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    headers[name] ??= line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function collectBodies(part: Part, found: { text: string; html: string }): void {
  const contentType = part.headers['content-type'] ?? 'text/plain';
  const mediaType = contentType.split(';')[0].trim().toLowerCase();
  if (mediaType.startsWith('multipart/')) {
    const boundary = headerParam(contentType, 'boundary');
    if (!boundary) return;
    for (const child of splitMultipart(part.body, boundary)) collectBodies(parsePart(child), found);
    return;
  }
  if (/^attachment/i.test(part.headers['content-disposition'] ?? '')) return;
  const key = mediaType === 'text/html' ? 'html' : mediaType === 'text/plain' ? 'text' : null;
  if (!key || found[key]) return;
  const bytes = decodeTransfer(part.body, part.headers['content-transfer-encoding'] ?? '7bit');
  found[key] = decodeCharset(bytes, headerParam(contentType, 'charset') ?? 'utf-8');
}

function splitMultipart(body: string, boundary: string): string[] {
  const delimiter = `--${boundary}`;
  const parts: string[] = [];
  const lines = body.split(/\r?\n/);
  let current: string[] | null = null;
  for (const line of lines) {
    if (line === `${delimiter}--`) break;
    if (line === delimiter) {
      if (current) parts.push(current.join('\r\n'));
      current = [];
    } else if (current) {
      current.push(line);
    }
  }
  if (current) parts.push(current.join('\r\n'));
  return parts;
}

function headerParam(header: string, name: string): string | undefined {
  const match = header.match(new RegExp(`;\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i'));
  return match ? (match[1] ?? match[2]) : undefined;
}

function decodeTransfer(body: string, encoding: string): Buffer {
  switch (encoding.trim().toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/[^A-Za-z0-9+/=]/g, ''), 'base64');
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    default:
      return Buffer.from(body, 'latin1');
  }
}

function decodeQuotedPrintable(body: string): Buffer {
  const unwrapped = body.replace(/[ \t]+(?=\r?\n)/g, '').replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < unwrapped.length; i++) {
    const hex = unwrapped.slice(i + 1, i + 3);
    if (unwrapped[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(unwrapped.charCodeAt(i) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

function decodeCharset(bytes: Buffer, charset: string): string {
  try {
    return new TextDecoder(charset).decode(bytes);
  } catch {
    return new TextDecoder('utf-8').decode(bytes);
  }
}

/**
 * A header value: raw 8-bit UTF-8 (SMTPUTF8) or RFC 2047 encoded words
 * (=?UTF-8?Q?…?= / =?UTF-8?B?…?=) as nodemailer writes them.
 */
function decodeHeader(latin1: string): string {
  return decodeCharset(Buffer.from(latin1, 'latin1'), 'utf-8')
    .replace(/(=\?[^?]+\?[QqBb]\?[^?]*\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, charset: string, kind: string, data: string) => {
      const bytes = kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64') : decodeQuotedPrintable(data.replace(/_/g, ' '));
      return decodeCharset(bytes, charset);
    });
}
