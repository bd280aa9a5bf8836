// Profile Settings' 'Daily digest' (issue 18, digests at the reader's hour): the time zone and the
// local hour at which the daily digest leaves (PUT /users/me/settings/). Until the user saves
// one, the zone offered is the browser's, said to be not saved yet — the server meanwhile sends
// at the saved hour in UTC, which the sentence under the form tells.
import { type FormEvent, useMemo, useState } from 'react';
import { Autocomplete, Box, Button, MenuItem, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { DigestSettings as DigestSettingsBody, User } from '../../types/api';
import type { CurrentUser } from '../../authProvider';
import { FeedbackBanner } from './FeedbackBanner';
import { useApi } from './useApi';
import { useRememberCurrentUser } from './useCurrentUser';
import { useSubmission } from './useSubmission';

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
/** the server's default (a user read before the field existed has none) */
const DEFAULT_HOUR = 7;

/** '07:00' */
export const hourText = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** The browser's IANA zone (UTC when it does not say). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** The zones this browser knows, plus UTC and any of `extra` it lists under another name. */
function timeZoneChoices(extra: (string | null)[]): string[] {
  const zones = new Set(Intl.supportedValuesOf('timeZone'));
  for (const zone of ['UTC', ...extra]) if (zone) zones.add(zone);
  return [...zones].sort();
}

export function DigestSettings({ user }: { user: CurrentUser }) {
  const translate = useTranslate();
  const request = useApi();
  const remember = useRememberCurrentUser();
  const browserZone = useMemo(browserTimeZone, []);
  const choices = useMemo(() => timeZoneChoices([browserZone, user.time_zone]), [browserZone, user.time_zone]);
  const [timeZone, setTimeZone] = useState(user.time_zone ?? browserZone);
  const savedHour = user.digest_hour ?? DEFAULT_HOUR;
  const [hour, setHour] = useState(savedHour);
  const { submit, feedback, submitting } = useSubmission<DigestSettingsBody>({
    action: async (settings) => remember(await request<User>('PUT', '/users/me/settings/', settings)),
    success: 'app.profile_settings.digest.success',
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit({ time_zone: timeZone, digest_hour: hour });
  };

  return (
    <Box component="section" aria-labelledby="digest-settings-title" sx={{ mt: 4 }}>
      <Typography variant="h6" component="h2" id="digest-settings-title" gutterBottom>
        {translate('app.profile_settings.digest.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {translate('app.profile_settings.digest.intro')}
      </Typography>
      <FeedbackBanner feedback={feedback} />
      <Box component="form" onSubmit={onSubmit} noValidate sx={{ display: 'flex', flexDirection: 'column', gap: 2, mt: 1 }}>
        <Autocomplete
          id="digest-time-zone"
          options={choices}
          value={timeZone}
          disableClearable
          onChange={(_event, next) => setTimeZone(next)}
          renderInput={(params) => (
            <TextField
              {...params}
              label={translate('app.profile_settings.digest.time_zone')}
              helperText={user.time_zone ? undefined : translate('app.profile_settings.digest.from_browser')}
            />
          )}
        />
        <TextField
          id="digest-hour"
          select
          label={translate('app.profile_settings.digest.hour')}
          value={hour}
          onChange={(event) => setHour(Number(event.target.value))}
        >
          {HOURS.map((one) => (
            <MenuItem key={one} value={one}>
              {hourText(one)}
            </MenuItem>
          ))}
        </TextField>
        <Typography variant="body2">
          {translate('app.profile_settings.digest.summary', { hour: hourText(savedHour), zone: user.time_zone ?? 'UTC' })}
        </Typography>
        <Button type="submit" variant="contained" disabled={submitting} sx={{ alignSelf: 'flex-start' }}>
          {translate('app.profile_settings.digest.save')}
        </Button>
      </Box>
    </Box>
  );
}
