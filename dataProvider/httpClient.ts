// The one HTTP client of the app: react-admin's fetchUtils.fetchJson (JSON in and out,
// HttpError on a non-2xx answer) plus what our API adds (SPEC §4, §7, §8): the
// `Authorization: Token {token}` header from the session cookie, the `{"errors": [...]}`
// message of every error, and a 401 that ends the session.
import { fetchUtils, HttpError } from 'react-admin';
import { clearToken, getToken } from './tokenCookie';
import { toHttpError } from './errors';
import { takeFirstRequest } from './firstRequests';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** fetchUtils.fetchJson's own signature, so that ra-data-simple-rest takes it as it is. */
export type HttpClient = typeof fetchUtils.fetchJson;

/** `url` is absolute or relative to the page's origin; apiUrl is prefixed by the callers. */
export const httpClient: HttpClient = async (url, options = {}) => {
  const token = getToken();
  try {
    const early = !options.method || options.method === 'GET' ? takeFirstRequest(url, token) : undefined;
    if (early) return await answered(await early);
    return await fetchUtils.fetchJson(url, {
      ...options,
      user: { authenticated: token !== undefined, token: `Token ${token}` },
    });
  } catch (error) {
    if (!(error instanceof HttpError)) throw error; // no answer at all (network, abort)
    if (error.status === 401) clearToken();
    throw toHttpError(error.status, error.body);
  }
};

/** An answer the page asked for early (src/public/firstRequests.ts), read as fetchUtils.fetchJson reads its own. */
async function answered(response: Response): ReturnType<HttpClient> {
  const body = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    json = undefined;
  }
  if (response.status < 200 || response.status >= 300) {
    throw new HttpError((json as { message?: string } | undefined)?.message || response.statusText, response.status, json);
  }
  return { status: response.status, headers: response.headers, body, json };
}
