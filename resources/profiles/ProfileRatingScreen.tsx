import { useState } from 'react';
import { TextField } from '@mui/material';
import { useGetOne, useTranslate } from 'react-admin';
import type { Profile } from '../../types/api';
import { MissingProfileId, ProfileFormFrame } from './ProfileFormFrame';
import { RATING_ENTRY_STEP, RATING_MAX, RATING_MIN, ratingProblem } from './ratingValidation';
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
 * §5: required, 0.00 to 10.00, step 0.01), filled with the current value once loaded.
 */
export function ProfileRatingScreen({ kind }: { kind: keyof typeof KINDS }) {
  const id = useProfileId();
  return id ? <RatingForm id={id} {...KINDS[kind]} /> : <MissingProfileId />;
}

function RatingForm({ id, field, path, title }: { id: string } & (typeof KINDS)[keyof typeof KINDS]) {
  const translate = useTranslate();
  const { data: profile } = useGetOne<Profile>('profiles', { id: Number(id) }, { retry: false });
  const { write, saving, failure } = useProfileWrite(id, path, 'resources.profiles.rating.failure');
  const [typed, setTyped] = useState<string | undefined>(undefined);
  const [problem, setProblem] = useState<ReturnType<typeof ratingProblem>>(null);
  const current = profile?.[field];
  const value = typed ?? (current === null || current === undefined ? '' : String(current));

  const submit = () => {
    const found = ratingProblem(value);
    setProblem(found);
    if (!found) void write({ [field]: Number(value) });
  };

  return (
    <ProfileFormFrame id={id} title={title} failure={failure} saving={saving} onSubmit={submit}>
      <TextField
        type="number"
        name={field}
        label={translate(`resources.profiles.fields.${field}`)}
        value={value}
        onChange={(event) => setTyped(event.target.value)}
        required
        fullWidth
        error={problem !== null}
        helperText={problem ? translate(problem.message, problem.args) : undefined}
        slotProps={{ htmlInput: { step: RATING_ENTRY_STEP, min: RATING_MIN.toFixed(2), max: RATING_MAX.toFixed(2) } }}
      />
    </ProfileFormFrame>
  );
}
