// Saving a saved search's alert settings (watched, priority, delivery) from its row or its detail:
// a PUT of its name and query with the changed settings (the API's body; no other field), answered
// before the screen shows it (pessimistic: a switch never shows a state the server refused), and
// the failure's message kept for the screen to show beside the control.
import { useState } from 'react';
import { useTranslate, useUpdate } from 'react-admin';
import type { SavedSearch, SavedSearchWrite } from '../../types/api';
import { errorMessage } from '../../dataProvider/errors';

export type AlertSettings = Partial<Pick<SavedSearchWrite, 'watched' | 'priority' | 'notification_type'>>;

export function useSearchUpdate(search: SavedSearch | undefined) {
  const translate = useTranslate();
  const [update, { isPending }] = useUpdate<SavedSearch>();
  const [error, setError] = useState<string | null>(null);
  const save = (settings: AlertSettings) => {
    if (!search) return;
    setError(null);
    const data: SavedSearchWrite = {
      name: search.name,
      url: search.url,
      watched: search.watched,
      priority: search.priority,
      notification_type: search.notification_type,
      ...settings,
    };
    update(
      'searches',
      { id: search.id, data, previousData: search },
      {
        mutationMode: 'pessimistic',
        onError: (failure) =>
          setError(translate('resources.searches.watch.failed', { message: errorMessage(failure, translate('app.errors.unknown')) })),
      },
    );
  };
  return { save, saving: isPending, error };
}
