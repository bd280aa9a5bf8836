import type { FormEvent, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Paper, Stack } from '@mui/material';
import { useTranslate } from 'react-admin';
import { PageHeading } from '../../src/lists/PageHeading';
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
  notice,
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
  /** shown above the form, e.g. a failed dimensions fetch */
  notice?: ReactNode;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const translate = useTranslate();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 720 }}>
      <PageHeading title={translate(title)} sx={{ mb: 2 }} />
      <FailureAlert failure={failure} />
      {notice}
      <Paper variant="outlined" component="form" noValidate onSubmit={submit} sx={{ p: 2 }}>
        <Stack spacing={2}>{children}</Stack>
        <Stack direction="row" spacing={2} sx={{ mt: 2 }}>
          <Button type="submit" variant="contained" disabled={saving}>
            {translate(submitLabel)}
          </Button>
          <Button component={RouterLink} to={backTo}>
            {translate('app.form.cancel')}
          </Button>
        </Stack>
      </Paper>
    </Box>
  );
}
