import type { FormEvent, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { FailureAlert } from '../shared/FailureAlert';
import type { ShownFailure } from '../shared/useErrorThenReturn';

/** 'Profile ID is missing.' (SPEC §5), for the sub-screens reached without a usable id. */
export function MissingProfileId() {
  const translate = useTranslate();
  return (
    <Alert severity="error" sx={{ m: 2 }}>
      {translate('resources.profiles.missing_id')}
    </Alert>
  );
}

/** The frame of the rating and comment screens: title, failure, one field, Save and the way back. */
export function ProfileFormFrame({
  id,
  title,
  failure,
  saving,
  onSubmit,
  children,
}: {
  id: string;
  /** i18n key */
  title: string;
  failure: ShownFailure | null;
  saving: boolean;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const translate = useTranslate();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 560 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {translate(title)}
      </Typography>
      <FailureAlert failure={failure} />
      <Paper variant="outlined" component="form" noValidate onSubmit={submit} sx={{ p: 2 }}>
        {children}
        <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
          <Button type="submit" variant="contained" disabled={saving}>
            {translate('resources.profiles.actions.save')}
          </Button>
          <Button component={RouterLink} to={`/profiles/${id}`}>
            {translate('resources.profiles.actions.back_to_profile')}
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
