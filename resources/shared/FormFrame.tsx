import type { FormEvent, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { PageHeading } from '../../src/admin-kit/PageHeading';
import { FailureAlert } from './FailureAlert';
import type { ShownFailure } from './useErrorThenReturn';

/**
 * The frame of a create or update form: the title, the failure of the last submit, the
 * fields, Save and the way back (the list or the detail).
 */
export function FormFrame({
  title,
  submitLabel,
  saving,
  failure,
  backTo,
  backLabel = 'app.form.cancel',
  notice,
  maxWidth = 720,
  inAppBar = true,
  onSubmit,
  children,
}: {
  /** i18n keys */
  title: string;
  submitLabel: string;
  saving: boolean;
  failure: ShownFailure | null;
  /** where Cancel leads */
  backTo: string;
  /** i18n key of the way back; Cancel unless told */
  backLabel?: string;
  /** shown above the form, e.g. a failed dimensions fetch */
  notice?: ReactNode;
  /** the frame's width at the most, in pixels */
  maxWidth?: number;
  /** the title in react-admin's app bar as well as the page's h1; false: the h1 only */
  inAppBar?: boolean;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const translate = useTranslate();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth }}>
      {inAppBar ? (
        <PageHeading title={translate(title)} sx={{ mb: 2 }} />
      ) : (
        <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
          {translate(title)}
        </Typography>
      )}
      <FailureAlert failure={failure} />
      {notice}
      <Paper variant="outlined" component="form" noValidate onSubmit={submit} sx={{ p: 2 }}>
        <Stack spacing={2}>{children}</Stack>
        <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
          <Button type="submit" variant="contained" disabled={saving}>
            {translate(submitLabel)}
          </Button>
          <Button component={RouterLink} to={backTo}>
            {translate(backLabel)}
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
