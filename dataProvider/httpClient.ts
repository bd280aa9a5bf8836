// The one HTTP client of the app: react-admin's fetchUtils.fetchJson (JSON in and out,
// HttpError on a non-2xx answer) plus what our API adds (SPEC §4, §7, §8): the
// `Authorization: Token {token}` header from the session cookie, the `{"errors": [...]}`
// message of every error, and a 401 that ends the session.
import { fetchUtils, HttpError } from 'react-admin';
import { clearToken, getToken } from './tokenCookie';
import { toHttpError } from './errors';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** fetchUtils.fetchJson's own signature, so that ra-data-simple-rest takes it as it is. */
export type HttpClient = typeof fetchUtils.fetchJson;

/** `url` is absolute or relative to the page's origin; apiUrl is prefixed by the callers. */
export const httpClient: HttpClient = async (url, options = {}) => {
  const token = getToken();
  try {
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
