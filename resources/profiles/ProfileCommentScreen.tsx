import { useState } from 'react';
import { TextField } from '@mui/material';
import { useGetOne, useTranslate } from 'react-admin';
import type { Profile } from '../../types/api';
import { useCurrentUser } from '../../src/auth/useCurrentUser';
import { MissingProfileId, ProfileFormFrame } from './ProfileFormFrame';
import { useProfileId } from './useProfileId';
import { useProfileWrite } from './useProfileWrite';

/** SPEC §9: the comment box is 4 rows. */
export const COMMENT_ROWS = 4;

/** /profiles/{id}/comment: a required textarea; staff find their earlier comment in it (SPEC §2, §6). */
export function ProfileCommentScreen() {
  const id = useProfileId();
  return id ? <CommentForm id={id} /> : <MissingProfileId />;
}

function CommentForm({ id }: { id: string }) {
  const translate = useTranslate();
  const { user } = useCurrentUser();
  const staff = user?.is_staff === true;
  const { data: profile } = useGetOne<Profile>('profiles', { id: Number(id) }, { retry: false, enabled: staff });
  const { write, saving, failure } = useProfileWrite(id, 'comment', 'resources.profiles.comment.failure');
  const [typed, setTyped] = useState<string | undefined>(undefined);
  const [missing, setMissing] = useState(false);
  const earlier = staff ? profile?.comments?.find((comment) => comment.email === user?.email)?.comment : undefined;
  const value = typed ?? earlier ?? '';

  const submit = () => {
    const comment = value.trim();
    setMissing(comment === '');
    if (comment !== '') void write({ comment });
  };

  return (
    <ProfileFormFrame id={id} title="resources.profiles.comment.title" failure={failure} saving={saving} onSubmit={submit}>
      <TextField
        name="comment"
        label={translate('resources.profiles.comment.label')}
        value={value}
        onChange={(event) => setTyped(event.target.value)}
        multiline
        rows={COMMENT_ROWS}
        required
        fullWidth
        error={missing}
        helperText={missing ? translate('ra.validation.required') : undefined}
      />
    </ProfileFormFrame>
  );
}
