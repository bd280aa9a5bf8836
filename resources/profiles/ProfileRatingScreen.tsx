import { Typography } from '@mui/material';
import { NumberInput, useGetOne, useTranslate } from 'react-admin';
import type { Profile } from '../../types/api';
import { MissingProfileId, ProfileForm } from './ProfileFormFrame';
import { RATING_ENTRY_STEP, RATING_MAX, RATING_MIN, validRating } from './ratingValidation';
import { useProfileId } from './useProfileId';
import { useProfileWrite } from './useProfileWrite';

const KINDS = {
  /** FS Rating, staff only */
  app: { field: 'app_rating', path: 'app-rating', title: 'resources.profiles.rating.app_title' },
  /** the user's own rating (User Rating) */
  profile: { field: 'profile_rating', path: 'user-rating', title: 'resources.profiles.rating.profile_title' },
} as const;

/**
 * /profiles/{id}/app-rating and /profiles/{id}/profile-rating: one number field (SPEC
 * §5: required, 0.00 to 10.00, step 0.01), starting from the current value.
 */
export function ProfileRatingScreen({ kind }: { kind: keyof typeof KINDS }) {
  const id = useProfileId();
  return id ? <RatingForm id={id} {...KINDS[kind]} /> : <MissingProfileId />;
}

function RatingForm({ id, field, path, title }: { id: string } & (typeof KINDS)[keyof typeof KINDS]) {
  const translate = useTranslate();
  const { data: profile, isPending } = useGetOne<Profile>('profiles', { id: Number(id) }, { retry: false });
  const { write, saving, failure } = useProfileWrite(id, path, 'resources.profiles.rating.failure');
  // a profile that cannot be loaded still takes a rating: the form starts empty
  if (isPending) return <Typography sx={{ p: 2 }}>{translate('app.list.loading')}</Typography>;
  return (
    <ProfileForm
      id={id}
      title={title}
      failure={failure}
      busy={saving}
      record={{ [field]: profile?.[field] ?? null }}
      onSubmit={(values: Record<string, unknown>) => write({ [field]: Number(values[field]) })}
    >
      <NumberInput
        source={field}
        label={`resources.profiles.fields.${field}`}
        validate={validRating}
        step={RATING_ENTRY_STEP}
        min={RATING_MIN.toFixed(2)}
        max={RATING_MAX.toFixed(2)}
        slotProps={{ htmlInput: { 'aria-required': true } }}
      />
    </ProfileForm>
  );
}
