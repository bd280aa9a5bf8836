// Fetching a feed over HTTP(S), streamed: a GET with a time limit for the answer's headers and
// another for each silence of its body; at most 5 redirects, each checked like the first URL;
// every address checked where it is connected to (address-guard.ts). Failures are
// ConnectorErrors: a timeout, a broken connection, a 429 or a 5xx are transient (the retrieval
// is retried with backoff); a refused address, a 4xx or a broken redirect are not.
import http from 'node:http';
import https from 'node:https';
import { pipeline, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import { ConnectorError } from '../../connector-kit/connector-error';
import { checkFeedUrl, guardedLookup, type AddressPolicy } from '../../connector-kit/address-guard';

export const MAX_REDIRECTS = 5;
/** a Retry-After longer than this is not waited for by the retries: the retrieval fails */
export const MAX_RETRY_AFTER_SECONDS = 3_600;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export interface FeedRequest {
  /** an auth header, sent to the feed's origin only (dropped on a redirect elsewhere) */
  auth?: { name: string; value: string };
  /** for the answer's headers, and for each silence of the body */
  timeoutMs: number;
  signal: AbortSignal;
  allow: AddressPolicy;
  userAgent?: string;
}

export interface FeedResponse {
  /** where the feed was found (after redirects) */
  url: URL;
  contentType: string;
  /** the body as text, decompressed, as it arrives */
  body: AsyncIterable<string>;
}

/** The URL as messages show it: no credentials, no query (it may hold a token). */
export const shownUrl = (url: URL) => `${url.origin}${url.pathname}`;

/** The feed at `address`, once its headers arrived with a 2xx status. */
export async function openFeed(address: string, request: FeedRequest): Promise<FeedResponse> {
  let url = parseUrl(address, undefined);
  const origin = url.origin;
  for (let redirects = 0; ; redirects++) {
    checkFeedUrl(url, request.allow);
    const response = await get(url, url.origin === origin ? request.auth : undefined, request);
    const status = response.statusCode ?? 0;
    const location = response.headers.location;
    if (REDIRECTS.has(status) && location) {
      response.destroy();
      if (redirects >= MAX_REDIRECTS)
        throw new ConnectorError(`The feed redirected more than ${MAX_REDIRECTS} times (last to ${location.slice(0, 200)}).`, {
          type: 'FeedHttpError',
        });
      url = parseUrl(location, url);
      continue;
    }
    if (status >= 200 && status < 300)
      return { url, contentType: String(response.headers['content-type'] ?? ''), body: bodyOf(response, url, request) };
    response.destroy();
    throw statusError(status, response.statusMessage, response.headers['retry-after'], url);
  }
}

function parseUrl(text: string, base: URL | undefined): URL {
  try {
    return new URL(text, base);
  } catch {
    throw new ConnectorError(
      `${base ? 'The feed redirected to' : "The feed's URL is"} "${text.slice(0, 200)}", which is not a valid URL.`,
      { type: 'FeedHttpError' },
    );
  }
}

function get(url: URL, auth: FeedRequest['auth'], request: FeedRequest): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {
      accept: 'application/json, application/x-ndjson, text/csv;q=0.9, */*;q=0.5',
      'accept-encoding': 'gzip, deflate, br',
    };
    if (request.userAgent) headers['user-agent'] = request.userAgent;
    if (auth) headers[auth.name] = auth.value;
    const client = url.protocol === 'https:' ? https : http;
    let req: http.ClientRequest;
    try {
      req = client.request(url, { method: 'GET', headers, agent: false, lookup: guardedLookup(request.allow), signal: request.signal });
    } catch (error) {
      return reject(new ConnectorError(`The feed cannot be requested: ${(error as Error).message}`, { type: 'FeedHttpError' }));
    }
    const seconds = request.timeoutMs / 1000;
    const timer = setTimeout(
      () =>
        req.destroy(
          new ConnectorError(`The feed at ${shownUrl(url)} did not answer within ${seconds} s.`, { transient: true, type: 'FeedTimeout' }),
        ),
      request.timeoutMs,
    );
    req.once('response', (response) => {
      clearTimeout(timer);
      resolve(response);
    });
    req.on('error', (error) => {
      clearTimeout(timer);
      reject(networkError(error, url, request.signal));
    });
    req.end();
  });
}

/** A failure while talking to the feed, as the retrieval should take it. */
function networkError(error: Error, url: URL, signal: AbortSignal): Error {
  if (error instanceof ConnectorError) return error;
  if (signal.aborted) return error; // cancelled or stopping: the retrieval knows
  const code = (error as NodeJS.ErrnoException).code;
  const reason = code && !error.message.includes(code) ? `${code} ${error.message}` : error.message;
  return new ConnectorError(`The feed at ${shownUrl(url)} could not be read: ${reason}.`, { transient: true, type: 'FeedUnreachable' });
}

function statusError(status: number, text: string | undefined, retryAfter: string | undefined, url: URL): ConnectorError {
  const answered = `The feed at ${shownUrl(url)} answered HTTP ${status}${text ? ` ${text}` : ''}`;
  if (status === 429 || status >= 500) {
    const wait = retryAfterSeconds(retryAfter);
    if (wait !== undefined && wait > MAX_RETRY_AFTER_SECONDS) {
      return new ConnectorError(`${answered} and asks to wait ${wait} s, longer than the retries wait: retrieve it again later.`, {
        type: 'FeedHttpError',
      });
    }
    return new ConnectorError(`${answered}${wait !== undefined ? ` (Retry-After: ${wait} s)` : ''}.`, {
      transient: true,
      type: 'FeedHttpError',
    });
  }
  const hint =
    status === 401 || status === 403
      ? ": check the data source's auth connection"
      : status === 404 || status === 410
        ? ": check the data source's URL"
        : '';
  return new ConnectorError(`${answered}${hint}.`, { type: 'FeedHttpError' });
}

/** Retry-After in seconds (a number of seconds or an HTTP date), or undefined. */
export function retryAfterSeconds(value: string | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\s*\d+\s*$/.test(value)) return Number(value);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}

/** The body as text; a silence longer than the timeout while a chunk is awaited fails it. */
async function* bodyOf(response: http.IncomingMessage, url: URL, request: FeedRequest): AsyncGenerator<string> {
  const encoding = String(response.headers['content-encoding'] ?? '')
    .trim()
    .toLowerCase();
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? zlib.createGunzip()
      : encoding === 'deflate'
        ? zlib.createInflate()
        : encoding === 'br'
          ? zlib.createBrotliDecompress()
          : undefined;
  const stream: Readable = decoder ? pipeline(response, decoder, () => {}) : response;
  stream.setEncoding('utf8');
  const stop = () => stream.destroy(request.signal.reason);
  request.signal.addEventListener('abort', stop);
  const chunks = stream[Symbol.asyncIterator]();
  try {
    for (;;) {
      const timer = setTimeout(
        () =>
          stream.destroy(
            new ConnectorError(`The feed at ${shownUrl(url)} sent nothing for ${request.timeoutMs / 1000} s.`, {
              transient: true,
              type: 'FeedTimeout',
            }),
          ),
        request.timeoutMs,
      );
      let next: IteratorResult<string>;
      try {
        next = await chunks.next();
      } catch (error) {
        throw networkError(error as Error, url, request.signal);
      } finally {
        clearTimeout(timer);
      }
      if (next.done) return;
      yield next.value;
    }
  } finally {
    request.signal.removeEventListener('abort', stop);
    stream.destroy();
    response.destroy();
  }
}
