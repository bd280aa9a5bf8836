// The dataProvider's action call (POST /api/v1/…) for the account screens.
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';

export function useApi(): AppDataProvider['request'] {
  return useDataProvider<AppDataProvider>().request;
}
