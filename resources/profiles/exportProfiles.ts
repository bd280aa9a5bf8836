// The CSV export of the profiles screen: GET /api/v1/profiles/export/ with the list's
// own query (search, ordering, filters; no page), saved as the file the server names.
// Through the app's one httpClient (Token header, error messages, 401 → signed out).
import { API_URL, buildQueryString, httpClient } from '../../dataProvider';
import { apiFilterOf } from '../../src/admin-kit/list/addressQuery';
import type { ListQuery } from '../../src/admin-kit/list/types';

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
  const { body, headers } = await httpClient(exportUrl(query), { headers: new Headers({ Accept: 'text/csv' }) });
  const href = URL.createObjectURL(new Blob([body], { type: headers.get('Content-Type') ?? 'text/csv' }));
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = filenameOf(headers.get('Content-Disposition'));
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  URL.revokeObjectURL(href);
}
