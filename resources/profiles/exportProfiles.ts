// The CSV export of the profiles screen: GET /api/v1/profiles/export/ with the list's
// own query (search, ordering, filters; no page), saved as the file the server names.
// httpClient reads JSON; a file needs the raw body, hence this one fetch of its own.
import { API_URL, buildQueryString } from '../../dataProvider';
import { toHttpError } from '../../dataProvider/errors';
import { clearToken, getToken } from '../../authProvider/tokenCookie';
import { apiFilterOf, type ListQuery } from '../../src/lists/listQuery';

const FALLBACK_FILENAME = 'profiles.csv';

export function exportUrl(query: ListQuery, apiUrl = API_URL): string {
  const search = buildQueryString(apiFilterOf(query));
  return `${apiUrl}/api/v1/profiles/export/${search ? `?${search}` : ''}`;
}

/** The filename of `attachment; filename="profiles-20261122.csv"` (or filename*=UTF-8''…). */
export function filenameOf(contentDisposition: string | null): string {
  if (!contentDisposition) return FALLBACK_FILENAME;
  const encoded = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(contentDisposition);
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // a malformed encoding: fall back to the plain filename
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(contentDisposition);
  return plain?.[1].trim() || FALLBACK_FILENAME;
}

/** Fetches the CSV of every profile matching `query` and hands it to the browser as a download. */
export async function downloadProfilesCsv(query: ListQuery): Promise<void> {
  const token = getToken();
  const response = await fetch(exportUrl(query), {
    headers: { Accept: 'text/csv', ...(token ? { Authorization: `Token ${token}` } : {}) },
  });
  if (!response.ok) {
    if (response.status === 401) clearToken();
    const text = await response.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: the generic message
    }
    throw toHttpError(response.status, body);
  }
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = filenameOf(response.headers.get('Content-Disposition'));
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  URL.revokeObjectURL(href);
}
