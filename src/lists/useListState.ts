import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { readListQuery, toggleOrdering, writeListQuery } from '../admin-kit/list/addressQuery';
import type { FilterValues, ListQuery, SortUrlStyle } from './types';

/**
 * The list state read from and written to the address bar. Every change but a page
 * change goes back to page 1 (SPEC §4: "changing the search text resets the page to 1").
 */
export function useListState(style: SortUrlStyle = 'ordering', filterKeys: string[] = []) {
  const [searchParams, setSearchParams] = useSearchParams();
  const filterKeyList = filterKeys.join('\n');
  const query = useMemo(
    () => readListQuery(searchParams, style, filterKeyList ? filterKeyList.split('\n') : []),
    [searchParams, style, filterKeyList],
  );

  const update = useCallback(
    (change: Partial<ListQuery>) => setSearchParams(writeListQuery({ ...query, ...change }, style)),
    [query, setSearchParams, style],
  );

  return {
    query,
    setPage: (page: number) => update({ page }),
    setSearch: (search: string) => update({ search, page: 1 }),
    toggleSort: (field: string) => update({ ordering: toggleOrdering(query.ordering, field), page: 1 }),
    setFilters: (next: FilterValues) => {
      const filters = { ...query.filters, ...next };
      for (const [key, values] of Object.entries(next)) if (values.length === 0) delete filters[key];
      update({ filters, page: 1 });
    },
  };
}
