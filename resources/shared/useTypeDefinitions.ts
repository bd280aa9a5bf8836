import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';

/**
 * The type definitions that drive a resource's forms and labels
 * (GET /data-sources/dimensions/, GET /platform-connections/dimensions/), fetched once
 * per screen and kept a few minutes. A failure is the screen's to show
 * ('Failed to fetch dimensions.'); the labels then fall back to internal names.
 */
export function useTypeDefinitions<D>(resource: string) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: [resource, 'dimensions'],
    retry: false,
    staleTime: 5 * 60 * 1000,
    queryFn: () => dataProvider.request<D>('GET', `/${resource}/dimensions/`),
  });
}
