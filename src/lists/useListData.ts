import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDataProvider, type RaRecord } from 'react-admin';
import { apiFilterOf } from '../admin-kit/list/addressQuery';
import type { ListQuery } from './types';

/**
 * One page of a resource through the app's dataProvider. The query key follows
 * react-admin's ([resource, 'getList', …]) so that its mutations refresh the list too.
 * No `sort` is sent: the order travels as `ordering` inside the filter, as the API wants it.
 * No retry: a failed load shows its error at once instead of after react-query's back-off.
 * The previous page stays as placeholder so that the count and the pager do not blink;
 * the table still says 'Loading...' (isPlaceholderData).
 */
export function useListData<R extends RaRecord>(resource: string, query: ListQuery) {
  const dataProvider = useDataProvider();
  const pagination = { page: query.page, perPage: query.pageSize };
  const filter = apiFilterOf(query);
  return useQuery({
    queryKey: [resource, 'getList', { pagination, filter }],
    retry: false,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      dataProvider.getList<R>(resource, {
        pagination,
        filter,
        signal: dataProvider.supportAbortSignal === true ? signal : undefined,
      }),
  });
}
