import { Typography } from '@mui/material';
import { TextInput, useGetOne, useTranslate } from 'react-admin';
import type { Profile } from '../../types/api';
import { ariaRequired, filled } from '../../src/admin-kit/form';
import { useCurrentUser } from '../../src/auth/useCurrentUser';
import { MissingProfileId, ProfileForm } from './ProfileFormFrame';
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
  const { user, isPending: userPending } = useCurrentUser();
  const staff = user?.is_staff === true;
  const { data: profile, isPending: profilePending } = useGetOne<Profile>('profiles', { id: Number(id) }, { retry: false, enabled: staff });
  const { write, saving, failure } = useProfileWrite(id, 'comment', 'resources.profiles.comment.failure');
  if (userPending || (staff && profilePending)) return <Typography sx={{ p: 2 }}>{translate('app.list.loading')}</Typography>;
  const earlier = staff ? profile?.comments?.find((comment) => comment.email === user?.email)?.comment : undefined;
  return (
    <ProfileForm
      id={id}
      title="resources.profiles.comment.title"
      failure={failure}
      busy={saving}
      record={{ comment: earlier ?? '' }}
      onSubmit={(values: Record<string, unknown>) => write({ comment: String(values.comment).trim() })}
    >
      <TextInput
        source="comment"
        label="resources.profiles.comment.label"
        multiline
        rows={COMMENT_ROWS}
        validate={filled()}
        {...ariaRequired}
      />
    </ProfileForm>
  );
}
