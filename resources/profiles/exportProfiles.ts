// The CSV export of the profiles screen: GET /api/v1/profiles/export/ with the list's own query
// (search, ordering, filters; no page), through the list kit's CSV download.
import { API_URL } from '../../dataProvider';
import { csvExportUrl, downloadCsv, filenameOf as csvFilenameOf } from '../../src/admin-kit/list/exportCsv';
import type { ListQuery } from '../../src/admin-kit/list/types';

const EXPORT_PATH = '/api/v1/profiles/export/';
const FALLBACK_FILENAME = 'profiles.csv';

export const exportUrl = (query: ListQuery, apiUrl = API_URL): string => csvExportUrl(EXPORT_PATH, query, apiUrl);

/** The filename of `attachment; filename="profiles-20261122.csv"` (or filename*=UTF-8''…). */
export const filenameOf = (contentDisposition: string | null): string => csvFilenameOf(contentDisposition, FALLBACK_FILENAME);

/** Fetches the CSV of every profile matching `query` and hands it to the browser as a download. */
export const downloadProfilesCsv = (query: ListQuery): Promise<void> => downloadCsv(EXPORT_PATH, query, FALLBACK_FILENAME);
