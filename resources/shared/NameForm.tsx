import { useEffect, useState, type FormEvent } from 'react';
import { Box, Button, Paper, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { PageHeading } from '../../src/admin-kit/PageHeading';
import { FailureAlert } from './FailureAlert';
import type { ShownFailure } from './useErrorThenReturn';

/**
 * The form of a container that only has a name (organization, profile list): one
 * required Name field and a submit button (SPEC §5: "name required").
 */
export function NameForm({
  title,
  submitLabel,
  initialName = '',
  saving,
  failure,
  onSubmit,
}: {
  /** i18n keys */
  title: string;
  submitLabel: string;
  initialName?: string;
  saving: boolean;
  failure: ShownFailure | null;
  onSubmit: (name: string) => void;
}) {
  const translate = useTranslate();
  const [name, setName] = useState(initialName);
  const [missing, setMissing] = useState(false);
  useEffect(() => setName(initialName), [initialName]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    setMissing(trimmed === '');
    if (trimmed !== '') onSubmit(trimmed);
  };

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 560 }}>
      <PageHeading title={translate(title)} sx={{ mb: 2 }} />
      <FailureAlert failure={failure} />
      <Paper variant="outlined" component="form" noValidate onSubmit={submit} sx={{ p: 2 }}>
        <TextField
          label={translate('app.form.name')}
          name="name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          required
          fullWidth
          error={missing}
          helperText={missing ? translate('ra.validation.required') : undefined}
          sx={{ mb: 2 }}
        />
        <Button type="submit" variant="contained" disabled={saving}>
          {translate(submitLabel)}
        </Button>
      </Paper>
    </Box>
  );
}
