// The switch that watches a saved search (issue 18, saved-search alerts): on its row in My Searches
// and on its detail. Named for its search ('Watch “Berlin founders”'), disabled while the change
// is saved; a refused change leaves the switch as it was and says why beside it.
import { Stack, Switch, Typography } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { SavedSearch } from '../../types/api';
import { useSearchUpdate } from './useSearchUpdate';

export function WatchSwitch({ search: given }: { search?: SavedSearch }) {
  const translate = useTranslate();
  const fromContext = useRecordContext<SavedSearch>();
  const search = given ?? fromContext;
  const { save, saving, error } = useSearchUpdate(search);
  if (!search) return null;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} onClick={(event) => event.stopPropagation()}>
      <Switch
        checked={search.watched}
        disabled={saving}
        onChange={(event) => save({ watched: event.target.checked })}
        slotProps={{ input: { 'aria-label': translate('resources.searches.watch.label', { name: search.name }) } }}
      />
      {error && (
        <Typography role="alert" variant="caption" color="error">
          {error}
        </Typography>
      )}
    </Stack>
  );
}
