// The frame of every create, update and one-field form of the SPEC: the title (in react-admin's
// app bar and as the page's h1), the failure of the last save, a notice (e.g. a failed dimensions
// fetch), then react-admin's <SimpleForm> with its inputs and a toolbar of the screen's submit
// label and its way back (Cancel, 'Back to Profile', 'Back to Users').
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Paper, Stack, Typography } from '@mui/material';
import { SaveButton, SimpleForm, type SimpleFormProps, Toolbar, useSaveContext, useTranslate } from 'react-admin';
import { PageHeading } from '../PageHeading';
import type { ShownFailure } from './errorThenReturn';
import { FailureAlert } from './FailureAlert';

export interface SpecFormProps extends Omit<SimpleFormProps, 'toolbar' | 'title'> {
  /** i18n key of the title */
  title: string;
  /** where the way back leads (the list or the detail) */
  backTo: string;
  /** i18n key of the way back; Cancel unless told */
  backLabel?: string;
  /** i18n key of the submit button; Save unless told */
  submitLabel?: string;
  /** beside the title, e.g. the record's History (SpecEdit) */
  aside?: ReactNode;
  /** under the title, e.g. '2 users selected' */
  subtitle?: ReactNode;
  /** the failure of the last save, shown above the form */
  failure?: ShownFailure | null;
  /** shown above the form, e.g. a failed dimensions fetch */
  notice?: ReactNode;
  /** the frame's width at the most, in pixels */
  maxWidth?: number;
  /** the title in react-admin's app bar as well as the page's h1; false: the h1 only */
  inAppBar?: boolean;
  /**
   * the submit button stays disabled (a save outside react-admin's save context is running,
   * or the screen is on its way back after a failure); react-admin's own saves disable it too
   */
  busy?: boolean;
}

export function SpecForm({
  title,
  backTo,
  backLabel = 'app.form.cancel',
  submitLabel = 'ra.action.save',
  aside,
  subtitle,
  failure = null,
  notice,
  maxWidth = 720,
  inAppBar = true,
  busy = false,
  onSubmit,
  children,
  ...formProps
}: SpecFormProps) {
  const translate = useTranslate();
  const saveContext = useSaveContext();
  const disabled = busy || Boolean(saveContext?.saving);
  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: subtitle ? 1 : 2 }}>
        {inAppBar ? (
          <PageHeading title={translate(title)} sx={{ flexGrow: 1 }} />
        ) : (
          <Typography variant="h5" component="h1" sx={{ flexGrow: 1 }}>
            {translate(title)}
          </Typography>
        )}
        {aside}
      </Stack>
      {subtitle && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {subtitle}
        </Typography>
      )}
      <FailureAlert failure={failure} />
      {notice}
      <Paper variant="outlined">
        <SimpleForm
          // the inputs validate through react-admin, not the browser (min/max/step of a number)
          noValidate
          // A failed save shows its failure above (useReturnOnError): the API's error list is no
          // map of fields for react-admin to set on the inputs.
          onSubmit={onSubmit ?? (async (values: Record<string, unknown>) => void (await saveContext?.save?.(values)))}
          toolbar={
            <Toolbar>
              <Stack direction="row" spacing={2}>
                <SaveButton label={submitLabel} alwaysEnable={!disabled} disabled={disabled} />
                <Button component={RouterLink} to={backTo}>
                  {translate(backLabel)}
                </Button>
              </Stack>
            </Toolbar>
          }
          {...formProps}
        >
          {children}
        </SimpleForm>
      </Paper>
    </Box>
  );
}
