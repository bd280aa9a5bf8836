// The one HTTP client of the app: Token header from the session cookie, JSON bodies,
// `{"errors": [...]}` → HttpError, and any 401 ends the session (SPEC §4, §7, §8).
import { clearToken, getToken } from '../authProvider/tokenCookie';
import { toHttpError } from './errors';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface HttpRequest {
  method?: HttpMethod;
  body?: unknown;
  signal?: AbortSignal;
}

export type HttpClient = <T = unknown>(url: string, request?: HttpRequest) => Promise<T>;

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** `url` is absolute or relative to the page's origin; apiUrl is prefixed by the callers. */
export const httpClient: HttpClient = async <T,>(url: string, request: HttpRequest = {}) => {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Token ${token}`;
  let body: string | undefined;
  if (request.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(request.body);
  }
  const response = await fetch(url, {
    method: request.method ?? 'GET',
    headers,
    body,
    signal: request.signal,
  });
  const payload = await readBody(response);
  if (response.status === 401) clearToken();
  if (!response.ok) throw toHttpError(response.status, payload);
  return payload as T;
};
