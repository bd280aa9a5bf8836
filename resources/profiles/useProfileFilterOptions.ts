import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { ProfileDimensions } from '../../types/api';
import type { AppDataProvider } from '../../dataProvider';

/** The query of the dimensions, shared with the list's first queries (firstQueries.ts). */
export const DIMENSIONS_QUERY = {
  queryKey: ['profiles', 'dimensions'],
  queryFn: (dataProvider: AppDataProvider) => dataProvider.request<ProfileDimensions>('GET', '/profiles/dimensions/'),
} as const;

/**
 * What the profile filters offer (GET /profiles/dimensions/), fetched once for all the
 * filter widgets of the screen. SPEC §8: a failed fetch is only logged to the console;
 * the filters then offer nothing and the sliders span 0 to 1.
 */
export function useProfileFilterOptions(): ProfileDimensions | undefined {
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data, error } = useQuery({
    queryKey: DIMENSIONS_QUERY.queryKey,
    retry: false,
    staleTime: 5 * 60 * 1000,
    queryFn: () => DIMENSIONS_QUERY.queryFn(dataProvider),
  });
  useEffect(() => {
    if (error) console.error('Failed to fetch dimensions.', error);
  }, [error]);
  return data;
}
