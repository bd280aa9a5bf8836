// The API's reading of a profiles-mix path (bench/profiles.ts), for the benches that ask the index
// directly: its filters, its terms folded as the database folds them, its ordering and page.
import { RATING_FIELDS } from '../types/api';
import type { ProfileFilters } from '../server/entities/profiles/filters';

export function parseMixPath(path: string) {
  const query = new URLSearchParams(path.split('?')[1]);
  const filters: ProfileFilters = {};
  if (query.has('data_sources')) filters.data_sources = query.getAll('data_sources').map(Number);
  if (query.has('nationalities')) filters.nationalities = query.getAll('nationalities');
  if (query.has('gender')) filters.gender = query.getAll('gender');
  for (const field of RATING_FIELDS)
    for (const bound of ['gte', 'lte'] as const)
      if (query.has(`${field}__${bound}`)) filters[`${field}__${bound}`] = Number(query.get(`${field}__${bound}`));
  const terms = (query.get('search') ?? '').normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().split(/\s+/).filter(Boolean);
  const ordering = query.get('ordering') ?? 'id';
  const page = Number(query.get('page') ?? 1);
  const pageSize = Number(query.get('page_size') ?? 10);
  return {
    filters,
    terms,
    field: ordering.replace(/^-/, ''),
    descending: ordering.startsWith('-'),
    offset: (page - 1) * pageSize,
    pageSize,
  };
}
