// A saved search's query (the profiles screen's address query) told as its filters, for the
// search's detail screen: 'Search: berlin', 'Genders: female', 'Tech Rating: 7 – 10', 'Sorted by…'.
// Pure, so that it is tested without a screen; data source ids are named by the screen.
import { RATING_FIELDS } from '../../types/api';

export type QueryPart =
  | { kind: 'search'; value: string }
  | { kind: 'data_sources'; ids: number[] }
  | { kind: 'nationalities' | 'gender'; values: string[] }
  | { kind: 'range'; field: (typeof RATING_FIELDS)[number]; low: string | null; high: string | null }
  | { kind: 'sort'; field: string; descending: boolean };

/** The parts of `url` (with or without its '?') in the order the profiles screen shows its filters. */
export function queryParts(url: string): QueryPart[] {
  const params = new URLSearchParams(url.replace(/^\?/, ''));
  const all = (key: string) => params.getAll(key).filter((value) => value !== '');
  const parts: QueryPart[] = [];
  const search = params.get('search')?.trim();
  if (search) parts.push({ kind: 'search', value: search });
  const ids = all('data_sources')
    .map(Number)
    .filter((id) => Number.isInteger(id));
  if (ids.length) parts.push({ kind: 'data_sources', ids });
  for (const kind of ['nationalities', 'gender'] as const) {
    const values = all(kind);
    if (values.length) parts.push({ kind, values });
  }
  for (const field of RATING_FIELDS) {
    const [low, high] = [params.get(`${field}__gte`) || null, params.get(`${field}__lte`) || null];
    if (low !== null || high !== null) parts.push({ kind: 'range', field, low, high });
  }
  const sort = params.get('sort') ?? params.get('ordering')?.replace(/^-/, '');
  if (sort) {
    const descending = params.has('sort') ? params.get('direction') === 'desc' : (params.get('ordering') ?? '').startsWith('-');
    parts.push({ kind: 'sort', field: sort, descending });
  }
  return parts;
}
