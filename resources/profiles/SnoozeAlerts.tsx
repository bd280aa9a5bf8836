// 'Snooze alerts' on a profile (issue 18; docs/ALERTS.md): none of the signed-in user's rules fires
// for this person for 7, 30 or 90 days; while snoozed it says until when, and 'Wake' ends it.
// GET, PUT and DELETE /profiles/{id}/snooze/ — the snooze is the user's own, not the profile's.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Menu, MenuItem, Typography } from '@mui/material';
import { useDataProvider, useTranslate } from 'react-admin';
import type { Snooze } from '../../types/api';
import { SNOOZE_DAYS } from '../../types/api';
import type { AppDataProvider } from '../../dataProvider';
import { formatDateTime } from '../../src/format';
import { useApiAction } from '../shared/useApiAction';

export function SnoozeAlerts({ profileId }: { profileId: number }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const path = `/profiles/${profileId}/snooze/`;
  // under the resource's key: the action below refreshes it
  const { data } = useQuery({
    queryKey: ['profiles', 'snooze', profileId],
    queryFn: () => dataProvider.request<Snooze>('GET', path),
  });
  const { run, busy, failure, clearFailure } = useApiAction('profiles');
  const [menuAt, setMenuAt] = useState<HTMLElement | null>(null);
  const snoozeFor = (days: number) => {
    setMenuAt(null);
    void run('PUT', path, { days });
  };

  return (
    <>
      {failure && (
        <Alert severity="error" onClose={clearFailure}>
          {translate('resources.profiles.snooze.failed', { message: failure })}
        </Alert>
      )}
      {data?.until ? (
        <>
          <Typography variant="body2" role="status">
            {translate('resources.profiles.snooze.until', { date: formatDateTime(data.until) })}
          </Typography>
          <Button variant="outlined" disabled={busy} onClick={() => run('DELETE', path)}>
            {translate('resources.profiles.snooze.wake')}
          </Button>
        </>
      ) : (
        <>
          <Button
            variant="outlined"
            disabled={busy || !data}
            aria-haspopup="menu"
            aria-expanded={menuAt !== null}
            onClick={(event) => setMenuAt(event.currentTarget)}
          >
            {translate('resources.profiles.snooze.button')}
          </Button>
          <Menu anchorEl={menuAt} open={menuAt !== null} onClose={() => setMenuAt(null)}>
            {SNOOZE_DAYS.map((days) => (
              <MenuItem key={days} onClick={() => snoozeFor(days)}>
                {translate('resources.profiles.snooze.days', { smart_count: days })}
              </MenuItem>
            ))}
          </Menu>
        </>
      )}
    </>
  );
}
