// Requests to the People Data Labs API (v5): the key in the X-Api-Key header, JSON both ways, a
// time limit per request. 429, 5xx, timeouts and lost connections are tried again here with
// exponential backoff — the wait PDL asks for (Retry-After, else X-RateLimit-Reset on a 429) when
// it says one — and then given up as a transient ConnectorError, which the queue retries later
// with the whole job. A refused key (401/403), used-up credits (402) and a bad request (400) fail
// at once, with PDL's own message. The key is never logged nor put in a message.
import type { FastifyBaseLogger } from 'fastify';
import { ConnectorError } from '../../connector-kit/connector-error';

export interface PdlOptions {
  /** the longest a request (answer and body) may take */
  timeoutMs: number;
  /** attempts per request when the failure is worth another one */
  tries: number;
  /** the longest wait between two attempts; a server asking for more is not waited for here */
  maxWaitMs: number;
  /** the wait before attempt `attempt + 1` when the server does not say (attempt from 1) */
  backoffMs(attempt: number): number;
  /** waits `ms`, or rejects when `signal` aborts (tests replace it to record the waits) */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const stop = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    signal.addEventListener('abort', stop, { once: true });
  });
}

/** Module-wide settings; tests shorten them (e.g. `pdlOptions.sleep = async () => {}`) and restore them. */
export const pdlOptions: PdlOptions = {
  timeoutMs: 30_000,
  tries: 3,
  maxWaitMs: 30_000,
  backoffMs: (attempt) => 1_000 * 2 ** (attempt - 1),
  sleep: abortableSleep,
};

export const DEFAULT_BASE_URL = 'https://api.peopledatalabs.com/v5';

export interface PdlConnection {
  apiKey: string;
  baseUrl: string;
  /** the fetch requests go through (default: Node's); a retrieval's refuses private addresses */
  fetch?: typeof fetch;
}

export interface PdlAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** The wait a response asks for, in ms: Retry-After (seconds or a date), else, on a 429, X-RateLimit-Reset (a date or epoch seconds). */
export function requestedWaitMs(headers: Headers, status: number, now = Date.now()): number | undefined {
  const untilDate = (text: string) => {
    const at = Date.parse(text);
    return Number.isFinite(at) ? Math.max(0, at - now) : undefined;
  };
  const after = headers.get('retry-after')?.trim();
  if (after) {
    if (/^\d+(\.\d+)?$/.test(after)) return Math.round(Number(after) * 1000);
    const wait = untilDate(after);
    if (wait !== undefined) return wait;
  }
  const reset = status === 429 ? headers.get('x-ratelimit-reset')?.trim() : undefined;
  if (reset) {
    if (/^\d{9,}$/.test(reset)) return Math.max(0, Number(reset) * 1000 - now); // epoch seconds
    return untilDate(reset);
  }
  return undefined;
}

const retryable = (status: number) => status === 408 || status === 429 || status >= 500;

/** PDL's error message ({"error": {"type", "message"}}), trimmed, without the key. */
function pdlMessage(body: unknown, key: string): string {
  const error = typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
  const raw =
    typeof error === 'string' ? error : typeof error === 'object' && error !== null ? (error as { message?: unknown }).message : undefined;
  const text = Array.isArray(raw) ? raw.join('; ') : typeof raw === 'string' ? raw : '';
  return redact(text.replace(/\s+/g, ' ').trim().slice(0, 500), key);
}

const redact = (text: string, key: string) => (key ? text.split(key).join('***') : text);

/** The failure of an answer that is not worth another attempt. */
function refusal(status: number, message: string): ConnectorError {
  const detail = message ? `: ${message}${/[.!?]$/.test(message) ? '' : '.'}` : '.';
  if (status === 401 || status === 403)
    return new ConnectorError(`People Data Labs refused the API key (${status})${detail} Check the API key of the platform connection.`, {
      type: 'PdlAuthError',
    });
  if (status === 402)
    return new ConnectorError(`People Data Labs answered 402: the account has no credits left${detail}`, { type: 'PdlCreditsExhausted' });
  return new ConnectorError(`People Data Labs refused the request (${status})${detail}`, { type: 'PdlRequestError' });
}

export interface PdlRequest {
  method: 'GET' | 'POST';
  /** under the base URL, e.g. /person/search */
  path: string;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
  signal: AbortSignal;
  log: FastifyBaseLogger;
}

/**
 * The answer of a request: 200 and 404 are answered (PDL's "no match");
 * everything else throws a ConnectorError, transient when trying later may help.
 */
export async function pdlRequest(connection: PdlConnection, request: PdlRequest): Promise<PdlAnswer> {
  const url = new URL(`${connection.baseUrl.replace(/\/+$/, '')}${request.path}`);
  for (const [key, value] of Object.entries(request.query ?? {})) url.searchParams.set(key, value);
  const options = pdlOptions;
  const tries = Math.max(1, options.tries);
  let last = '';
  let attempt = 0;
  for (;;) {
    attempt++;
    request.signal.throwIfAborted();
    const timeout = AbortSignal.timeout(options.timeoutMs);
    let wait: number | undefined;
    try {
      const response = await (connection.fetch ?? fetch)(url, {
        method: request.method,
        headers: {
          'X-Api-Key': connection.apiKey,
          Accept: 'application/json',
          'User-Agent': 'talent-back-office-pdl/1',
          ...(request.body ? { 'Content-Type': 'application/json' } : {}),
        },
        body: request.body ? JSON.stringify(request.body) : undefined,
        signal: AbortSignal.any([request.signal, timeout]),
        redirect: 'manual', // the key is not sent anywhere else
      });
      const text = await response.text();
      let body: unknown;
      try {
        body = text ? JSON.parse(text) : {};
      } catch {
        body = undefined;
      }
      const answered = typeof body === 'object' && body !== null && !Array.isArray(body);
      if (response.status === 200 || response.status === 404) {
        if (!answered)
          throw new ConnectorError(
            `People Data Labs answered ${response.status} with something other than a JSON object at ${url.pathname}: is the platform connection's API base URL right?`,
            { type: 'PdlAnswerError' },
          );
        return { status: response.status, body: body as Record<string, unknown> };
      }
      if (response.status >= 300 && response.status < 400) {
        throw new ConnectorError(
          `People Data Labs answered ${response.status} (a redirect) at ${url.pathname}: is the platform connection's API base URL right?`,
          { type: 'PdlAnswerError' },
        );
      }
      const message = answered ? pdlMessage(body, connection.apiKey) : '';
      if (!retryable(response.status)) throw refusal(response.status, message);
      last = `answered ${response.status}${message ? ` (${message})` : ''}`;
      wait = requestedWaitMs(response.headers, response.status);
    } catch (error) {
      if (error instanceof ConnectorError) throw error;
      if (request.signal.aborted) throw request.signal.reason ?? error;
      last = timeout.aborted
        ? `did not answer within ${options.timeoutMs / 1000} s`
        : `could not be reached (${redact(causeOf(error), connection.apiKey)})`;
    }
    if (attempt >= tries) break;
    if (wait !== undefined && wait > options.maxWaitMs) {
      last += `, asking to wait ${Math.ceil(wait / 1000)} s`; // longer than a retrieval should hold on: the queue retries later
      break;
    }
    const ms = wait ?? Math.min(options.backoffMs(attempt), options.maxWaitMs);
    request.log.warn({ path: url.pathname, attempt, problem: last, waitMs: ms }, 'People Data Labs request failed: trying again');
    await options.sleep(ms, request.signal);
  }
  throw new ConnectorError(`People Data Labs ${last} at ${url.pathname} (${attempt > 1 ? `tried ${attempt} times` : 'tried once'}).`, {
    transient: true,
    type: 'PdlUnavailable',
  });
}

/** The reason of a failed fetch (undici puts it in `cause`). */
function causeOf(error: unknown): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
  const code = typeof cause === 'object' && cause !== null && 'code' in cause ? String((cause as { code: unknown }).code) : '';
  const message = cause instanceof Error ? cause.message : String(cause);
  return (code && !message.includes(code) ? `${code}: ${message}` : message).slice(0, 200);
}
