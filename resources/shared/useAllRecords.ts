import { useQuery } from '@tanstack/react-query';
import { useDataProvider, type RaRecord } from 'react-admin';

/** The API's largest page (CONVENTIONS: page_size at most 100). */
const LARGEST_PAGE = 100;

/**
 * Every record of a resource, page after page, for a dropdown that must offer all of
 * them (the organizations of the add-users screen, the profile lists of add-profiles).
 */
export function useAllRecords<R extends RaRecord>(resource: string) {
  const dataProvider = useDataProvider();
  return useQuery({
    queryKey: [resource, 'getList', { all: true }],
    retry: false,
    queryFn: async () => {
      const records: R[] = [];
      for (let page = 1; ; page += 1) {
        const { data, total = 0 } = await dataProvider.getList<R>(resource, {
          pagination: { page, perPage: LARGEST_PAGE },
          filter: {},
        });
        records.push(...data);
        if (data.length === 0 || records.length >= total) return records;
      }
    },
  });
}
