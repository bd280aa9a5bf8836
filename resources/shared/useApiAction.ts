// One API call a screen's button makes (mute a rule, mark a notification not relevant, snooze a
// person): busy while it runs, the server's message when it fails, and the queries of `resource`
// refreshed after it, so that the screen and its list show the new state.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider, HttpMethod } from '../../dataProvider';
import { errorMessage, GENERIC_ERROR_MESSAGE } from '../../dataProvider/errors';

export function useApiAction(resource: string) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const run = async (method: HttpMethod, path: string, body?: unknown): Promise<boolean> => {
    setBusy(true);
    setFailure(null);
    try {
      await dataProvider.request(method, path, body);
      return true;
    } catch (error) {
      setFailure(errorMessage(error, GENERIC_ERROR_MESSAGE));
      return false;
    } finally {
      await queryClient.invalidateQueries({ queryKey: [resource] });
      setBusy(false);
    }
  };
  return { run, busy, failure, clearFailure: () => setFailure(null) };
}
