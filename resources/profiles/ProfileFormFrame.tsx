import { Alert } from '@mui/material';
import { useTranslate } from 'react-admin';
import { SpecForm, type SpecFormProps } from '../../src/admin-kit/form';

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
 * The frame of the rating and comment screens: the kit's form frame, narrower, with the
 * profile's Save and the way back to the profile; the title stays out of the app bar.
 */
export function ProfileForm({ id, ...form }: { id: string } & Omit<SpecFormProps, 'backTo'>) {
  return (
    <SpecForm
      submitLabel="resources.profiles.actions.save"
      backTo={`/profiles/${id}`}
      backLabel="resources.profiles.actions.back_to_profile"
      maxWidth={560}
      inAppBar={false}
      {...form}
    />
  );
}
