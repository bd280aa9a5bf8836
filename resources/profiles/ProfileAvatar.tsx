import { Avatar } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Profile } from '../../types/api';
import { initialsOf } from '../../src/auth/useCurrentUser';
import { PROFILE_IMAGE_SIZE, proxiedImageUrl } from './imageProxy';

/** The photo through the image proxy; the initials when there is none or it fails to load. */
export function ProfileAvatar({ profile }: { profile: Pick<Profile, 'first_name' | 'last_name' | 'image_url'> }) {
  const translate = useTranslate();
  const name = [profile.first_name, profile.last_name].filter(Boolean).join(' ');
  return (
    <Avatar
      variant="rounded"
      // MUI shows the children instead of a broken image
      src={profile.image_url ? proxiedImageUrl(profile.image_url) : undefined}
      alt={translate('resources.profiles.image', { name })}
      sx={{ width: PROFILE_IMAGE_SIZE, height: PROFILE_IMAGE_SIZE, fontSize: 48, flexShrink: 0 }}
    >
      {initialsOf(profile) ?? '?'}
    </Avatar>
  );
}
