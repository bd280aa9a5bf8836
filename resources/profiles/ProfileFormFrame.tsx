import type { ReactNode } from 'react';
import { Alert } from '@mui/material';
import { useTranslate } from 'react-admin';
import { FormFrame } from '../shared/FormFrame';
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

/**
 * The frame of the rating and comment screens: the shared form frame, narrower, with the
 * profile's Save and the way back to the profile; the title stays out of the app bar.
 */
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
  return (
    <FormFrame
      title={title}
      submitLabel="resources.profiles.actions.save"
      saving={saving}
      failure={failure}
      backTo={`/profiles/${id}`}
      backLabel="resources.profiles.actions.back_to_profile"
      maxWidth={560}
      inAppBar={false}
      onSubmit={onSubmit}
    >
      {children}
    </FormFrame>
  );
}
