import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Divider, Stack } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { Profile } from '../../types/api';
import { SpecShow } from '../../src/admin-kit/show/SpecShow';
import { ShowSection } from '../../src/admin-kit/show/ShowSection';
import { useCurrentUser } from '../../src/auth/useCurrentUser';
import { ProfileAvatar } from './ProfileAvatar';
import { ProfileChanges } from './ProfileChanges';
import { ProfileComments } from './ProfileComments';
import { ProfileItemLists } from './ProfileItemLists';
import { SnoozeAlerts } from './SnoozeAlerts';
import { ProfileAnnotation, ProfileBasicInfo, ProfileRatings } from './profileFields';

/** The four buttons of SPEC §2 Profile detail ('Add/Update FS Rating' for staff only), then 'Snooze alerts' (issue 18). */
function ProfileActions({ profile, staff }: { profile: Profile; staff: boolean }) {
  const translate = useTranslate();
  const button = (path: string, label: string) => (
    <Button key={path} variant="outlined" component={RouterLink} to={`/profiles/${profile.id}/${path}`}>
      {translate(`resources.profiles.actions.${label}`)}
    </Button>
  );
  return (
    <>
      {staff && button('app-rating', 'app_rating')}
      {button('profile-rating', 'profile_rating')}
      {button('comment', 'comment')}
      {button('connections', 'connections')}
      <SnoozeAlerts profileId={profile.id} />
    </>
  );
}

/** Photo, Basic Info, AI Annotation, Rating, Comments, the ten lists and the changes of the profile in the record context. */
function ProfileDetail({ staff }: { staff: boolean }) {
  const profile = useRecordContext<Profile>();
  if (!profile) return null;
  return (
    <Stack spacing={3} divider={<Divider flexItem />}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3}>
        <ProfileAvatar profile={profile} />
        <ShowSection title="resources.profiles.sections.basic_info">
          <ProfileBasicInfo />
        </ShowSection>
      </Stack>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 1fr)' }, gap: 3 }}>
        <ShowSection title="resources.profiles.sections.annotation">
          <ProfileAnnotation />
        </ShowSection>
        <Stack spacing={3}>
          <ShowSection title="resources.profiles.sections.rating">
            <ProfileRatings />
          </ShowSection>
          <ShowSection title="resources.profiles.sections.comments">
            <ProfileComments comments={profile.comments ?? []} staff={staff} />
          </ShowSection>
        </Stack>
      </Box>
      <ProfileItemLists />
      <ShowSection title="resources.profiles.sections.changes">
        <ProfileChanges profileId={profile.id} />
      </ShowSection>
    </Stack>
  );
}

/** /profiles/{id}: the profile, its four buttons ('Add/Update FS Rating' for staff only), no Edit. */
export function ProfileShow() {
  const { user } = useCurrentUser();
  const staff = user?.is_staff === true;
  return (
    <SpecShow<Profile>
      resource="profiles"
      title="resources.profiles.show_title"
      actions={(profile) => <ProfileActions profile={profile} staff={staff} />}
    >
      <ProfileDetail staff={staff} />
    </SpecShow>
  );
}
