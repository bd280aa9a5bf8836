import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Divider, Stack, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import type { Profile } from '../../types/api';
import { DetailFields } from '../../src/lists/DetailFields';
import { DetailScreen } from '../../src/lists/DetailScreen';
import { useCurrentUser } from '../../src/auth/useCurrentUser';
import { ProfileAvatar } from './ProfileAvatar';
import { ProfileComments } from './ProfileComments';
import { ProfileItemLists } from './ProfileItemLists';
import { ProfileChanges } from './ProfileChanges';
import { annotationFields, basicInfoFields, ratingFields } from './profileFields';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const translate = useTranslate();
  return (
    <Box component="section" sx={{ minWidth: 0 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate(title)}
      </Typography>
      {children}
    </Box>
  );
}

/** The four buttons of SPEC §2 Profile detail; 'Add/Update FS Rating' for staff only. */
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
    </>
  );
}

/** /profiles/{id}: photo, Basic Info, AI Annotation, Rating, Comments and the ten lists. */
export function ProfileShow() {
  const { user } = useCurrentUser();
  const [locale] = useLocaleState();
  const staff = user?.is_staff === true;
  return (
    <DetailScreen<Profile>
      resource="profiles"
      title="resources.profiles.show_title"
      actions={(profile) => <ProfileActions profile={profile} staff={staff} />}
    >
      {(profile) => (
        <Stack spacing={3} divider={<Divider flexItem />}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={3}>
            <ProfileAvatar profile={profile} />
            <Section title="resources.profiles.sections.basic_info">
              <DetailFields record={profile} fields={basicInfoFields} resource="profiles" />
            </Section>
          </Stack>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 1fr)' }, gap: 3 }}>
            <Section title="resources.profiles.sections.annotation">
              <DetailFields record={profile} fields={annotationFields(locale)} resource="profiles" />
            </Section>
            <Stack spacing={3}>
              <Section title="resources.profiles.sections.rating">
                <DetailFields record={profile} fields={ratingFields} resource="profiles" />
              </Section>
              <Section title="resources.profiles.sections.comments">
                <ProfileComments comments={profile.comments ?? []} staff={staff} />
              </Section>
            </Stack>
          </Box>
          <ProfileItemLists profile={profile} />
          <Section title="resources.profiles.sections.changes">
            <ProfileChanges profileId={profile.id} />
          </Section>
        </Stack>
      )}
    </DetailScreen>
  );
}
