// /user-profile-detail, "Profile Settings" (SPEC §2 Account screens): the user's
// names and email, and the way to change the password; then the daily digest's time zone and
// hour (issue 18: DigestSettings.tsx) and the signed-in sessions (issue 19: SessionsSection.tsx).
import { Button, CircularProgress, Stack, TextField } from '@mui/material';
import { LinkBase, useTranslate } from 'react-admin';
import { errorMessage } from '../../dataProvider/errors';
import { AccountPage } from './AccountPage';
import { DigestSettings } from './DigestSettings';
import { FeedbackBanner } from './FeedbackBanner';
import { SessionsSection } from './SessionsSection';
import { useCurrentUser } from './useCurrentUser';

export function ProfileSettingsPage() {
  const translate = useTranslate();
  const { user, isPending, error } = useCurrentUser();
  const fields = [
    ['first_name', user?.first_name],
    ['last_name', user?.last_name],
    ['email', user?.email],
  ] as const;
  return (
    <AccountPage title={translate('app.profile_settings.title')}>
      {isPending && <CircularProgress size={24} aria-label={translate('ra.page.loading')} />}
      {error != null && <FeedbackBanner feedback={{ severity: 'error', message: errorMessage(error, translate('app.errors.unknown')) }} />}
      {user && (
        <Stack spacing={1}>
          {fields.map(([field, value]) => (
            <TextField
              key={field}
              id={`profile-${field}`}
              label={translate(`app.fields.${field}`)}
              value={value ?? ''}
              slotProps={{ input: { readOnly: true } }}
            />
          ))}
          <Button component={LinkBase} to="/change-password" variant="contained" sx={{ alignSelf: 'flex-start', mt: 2 }}>
            {translate('app.profile_settings.change_password')}
          </Button>
        </Stack>
      )}
      {user && <DigestSettings user={user} />}
      {user && <SessionsSection />}
    </AccountPage>
  );
}
