// A list's CSV export: GET {path} with the list's own query (search, ordering, filters; no page),
// saved as the file the server names. Through the app's one httpClient (Token header, error
// messages, 401 → signed out). The profiles and the audit log export this way.
import { API_URL, buildQueryString, httpClient } from '../../../dataProvider';
import { apiFilterOf } from './addressQuery';
import type { ListQuery } from './types';

/** `path` (e.g. '/api/v1/profiles/export/') with the list's filters, search and ordering. */
export function csvExportUrl(path: string, query: ListQuery, apiUrl = API_URL): string {
  const search = buildQueryString(apiFilterOf(query));
  return `${apiUrl}${path}${search ? `?${search}` : ''}`;
}

/** The filename of `attachment; filename="profiles-20261122.csv"` (or filename*=UTF-8''…). */
export function filenameOf(contentDisposition: string | null, fallback: string): string {
  if (!contentDisposition) return fallback;
  const encoded = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(contentDisposition);
  if (encoded) {
    try {
      return decodeURIComponent(encoded[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // a malformed encoding: fall back to the plain filename
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(contentDisposition);
  return plain?.[1].trim() || fallback;
}

/** Fetches the CSV of every row matching `query` and hands it to the browser as a download. */
export async function downloadCsv(path: string, query: ListQuery, fallbackName: string): Promise<void> {
  const { body, headers } = await httpClient(csvExportUrl(path, query), { headers: new Headers({ Accept: 'text/csv' }) });
  const href = URL.createObjectURL(new Blob([body], { type: headers.get('Content-Type') ?? 'text/csv' }));
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = filenameOf(headers.get('Content-Disposition'), fallbackName);
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  URL.revokeObjectURL(href);
}
