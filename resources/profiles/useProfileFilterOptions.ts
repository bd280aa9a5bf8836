import { useContext, useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { DataProviderContext } from 'react-admin';
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
  // the provider itself, not react-admin's useDataProvider: that one also reads the router (to log
  // out on a refused call), so every filter rendered again whenever the routes above did (as they
  // do as the admin mounts); a refused session is the list's own call's to end
  const dataProvider = useContext(DataProviderContext) as AppDataProvider;
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
