// Profile feed: people in the import format (docs/IMPORT_FORMAT.md) as JSON, NDJSON or CSV from
// a URL, optionally with an auth header kept in an "HTTP header" platform connection. The feed
// is streamed (feed/http-feed.ts) and read record by record (feed/records.ts); a record that
// cannot be read fails alone. Loopback, link-local and private addresses are refused unless the
// operator allows them (ALLOW_PRIVATE_FEEDS=1; server/connector-kit/address-guard.ts).
import { anyAddress, publicOnly } from '../connector-kit/address-guard';
import { openFeed, shownUrl } from './feed/http-feed';
import { FEED_FORMATS, feedRecords, guessFormat, itemOf, type FeedFormat } from './feed/records';
import { ConnectorError } from '../connector-kit/connector-error';
import { field, textOf, type FieldValues } from '../connector-kit/fields';
import { COMMON_SCHEDULES, type ConnectorDeclaration } from './types';
import { validateHeaderName, validateHeaderValue } from 'node:http';
import { ANNOTATION_FIELDS_DEF, annotationFieldProblems } from '../connector-kit/annotation-field';

export const DEFAULT_TIMEOUT_SECONDS = 30;
export const MAX_TIMEOUT_SECONDS = 600;

interface Settings {
  url: string;
  format: FeedFormat | '';
  authConnection: string;
  timeoutSeconds: number;
}

function settingsOf(data: FieldValues): Settings {
  const timeout = textOf(data, 'timeout_seconds');
  return {
    url: textOf(data, 'url'),
    format: textOf(data, 'format').toLowerCase() as Settings['format'],
    authConnection: textOf(data, 'auth_connection'),
    timeoutSeconds: timeout ? Number(timeout) : DEFAULT_TIMEOUT_SECONDS,
  };
}

/** Problems with a feed's URL, or none. */
function urlProblem(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'Enter a valid URL, such as https://example.com/people.ndjson.';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'The URL must start with http:// or https://.';
  if (url.username || url.password)
    return 'Keep credentials out of the URL: put them in an "HTTP header" platform connection and give its id as the auth connection.';
  return undefined;
}

/** The auth header of the data source's connection, checked. */
async function authHeader(connectionId: string, connection: (id: string, category: string) => Promise<FieldValues>) {
  const parameters = await connection(connectionId, 'http_header');
  const name = textOf(parameters, 'header_name');
  const value = textOf(parameters, 'header_value');
  try {
    validateHeaderName(name);
    validateHeaderValue(name, value);
  } catch {
    throw new ConnectorError(`Platform connection ${connectionId} does not hold a valid HTTP header (name "${name.slice(0, 100)}").`, {
      type: 'PlatformConnectionInvalid',
    });
  }
  return { name, value };
}

export const profileFeed: ConnectorDeclaration = {
  internal_name: 'profile_feed',
  label: 'Profile feed (JSON, NDJSON or CSV from a URL)',
  additional_data: {
    url: field('Feed URL', { required: true, help: 'An http(s) address serving people in the import format (docs/IMPORT_FORMAT.md).' }),
    format: field('Format', { help: "json, ndjson or csv; empty: guessed from the Content-Type, then the URL's extension." }),
    auth_connection: field('Auth connection', {
      type: 'connection',
      category: 'http_header',
      help: 'An "HTTP header" platform connection whose header is sent with the request (optional).',
    }),
    timeout_seconds: field('Timeout (seconds)', {
      help: `Longest wait for the answer, and for each silence while it streams (1 to ${MAX_TIMEOUT_SECONDS}; default ${DEFAULT_TIMEOUT_SECONDS}).`,
    }),
    ...ANNOTATION_FIELDS_DEF,
  },
  schedule_options: COMMON_SCHEDULES,
  validate(data) {
    const problems: string[] = [];
    const settings = settingsOf(data);
    const url = settings.url && urlProblem(settings.url);
    if (url) problems.push(`additional_data.url: ${url}`);
    if (settings.format && !(FEED_FORMATS as readonly string[]).includes(settings.format))
      problems.push(`additional_data.format: Enter one of ${FEED_FORMATS.join(', ')}, or leave it empty to guess.`);
    if (settings.authConnection && !/^[1-9]\d{0,9}$/.test(settings.authConnection))
      problems.push('additional_data.auth_connection: Enter the id of a platform connection (a whole number).');
    const timeout = textOf(data, 'timeout_seconds');
    if (timeout && !(/^\d+$/.test(timeout) && settings.timeoutSeconds >= 1 && settings.timeoutSeconds <= MAX_TIMEOUT_SECONDS))
      problems.push(`additional_data.timeout_seconds: Enter a whole number of seconds from 1 to ${MAX_TIMEOUT_SECONDS}.`);
    return [...problems, ...annotationFieldProblems(data)];
  },
  async *fetch(context) {
    const settings = settingsOf(context.additionalData);
    const auth = settings.authConnection ? await authHeader(settings.authConnection, context.connection) : undefined;
    const feed = await openFeed(settings.url, {
      auth,
      timeoutMs: settings.timeoutSeconds * 1000,
      signal: context.signal,
      allow: context.allowPrivateNetworks ? anyAddress : publicOnly,
      userAgent: 'talent-back-office-profile-feed/1',
    });
    const format = settings.format || guessFormat(feed.contentType, feed.url);
    if (!format) {
      throw new ConnectorError(
        `The format of the feed at ${shownUrl(feed.url)} cannot be told from its Content-Type ("${feed.contentType.slice(0, 100)}") nor its extension: set the data source's format (json, ndjson or csv).`,
        { type: 'FeedFormatError' },
      );
    }
    context.log.info({ url: shownUrl(feed.url), format, skip: context.skip }, 'profile feed opened');
    let index = 0;
    for await (const record of feedRecords(format, feed.body)) {
      index++;
      if (index <= context.skip) continue; // committed by an earlier attempt: not read again
      yield itemOf(record);
    }
  },
};
