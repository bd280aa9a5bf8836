// What a <SpecList> asks for when its address says nothing — page 1, the server's order, no
// filter — in one place for SpecList and for the first screen's early answers
// (src/firstScreen.ts), whose query key must be exactly react-admin's own (useGetList's).
import type { RaRecord } from 'react-admin';
import { PAGE_SIZE } from '../../constants';
import type { FirstQuery } from '../../resourceTypes';

/** No ordering unless the address asks for one: the server's default order. */
export const SERVER_ORDER = { field: '', order: 'ASC' } as const;

/**
 * The list's first page as useGetList keys and fetches it; `sampleRows`, made up, are the rows the
 * build renders the screen's styles with (FirstQuery's frameSample).
 */
export function firstPageQuery(resource: string, sampleRows?: RaRecord[]): FirstQuery {
  const params = { pagination: { page: 1, perPage: PAGE_SIZE }, sort: { ...SERVER_ORDER }, filter: {} };
  return {
    queryKey: [resource, 'getList', params],
    queryFn: (dataProvider) =>
      dataProvider.getList(resource, params).then(({ data, total, pageInfo, meta }) => ({ data, total, pageInfo, meta })),
    // ten pages' worth, so that the pagination's page buttons are styled too
    frameSample: sampleRows && { data: sampleRows, total: PAGE_SIZE * 10 },
  };
}
