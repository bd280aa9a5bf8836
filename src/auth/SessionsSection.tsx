// Profile Settings' 'Signed-in sessions' (issue 19): every device the account is signed in on
// (GET /auth/sessions/), when it signed in and was last used, "This device" on this one; another
// session can be ended, or all of them at once after a confirmation; ending this one is signing
// out. A password change ends the others too (the server does it).
import { useState } from 'react';
import { Box, Button, Chip, CircularProgress, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { Confirm, useLogout, useTranslate } from 'react-admin';
import { useQuery } from '@tanstack/react-query';
import type { EndSessionsResponse, ListResponse, Session } from '../../types/api';
import { errorMessage } from '../../dataProvider/errors';
import { formatDateTime } from '../format';
import { FeedbackBanner } from './FeedbackBanner';
import { useApi } from './useApi';
import { useSubmission } from './useSubmission';

type Translate = ReturnType<typeof useTranslate>;

/** "Chrome on Linux", "Safari", "iPhone" or "Unknown device" */
export function deviceLabel(session: Pick<Session, 'browser' | 'os'>, translate: Translate): string {
  const { browser, os } = session;
  if (browser && os) return translate('app.profile_settings.sessions.device', { browser, os });
  return browser ?? os ?? translate('app.profile_settings.sessions.unknown_device');
}

export function SessionsSection() {
  const translate = useTranslate();
  const request = useApi();
  const logout = useLogout();
  const [confirming, setConfirming] = useState(false);
  const sessions = useQuery({
    queryKey: ['auth', 'sessions'],
    queryFn: () => request<ListResponse<Session>>('GET', '/auth/sessions/'),
    retry: false,
  });
  const refresh = () => void sessions.refetch();
  const ending = useSubmission<Session>({
    action: async (session) => {
      await request('DELETE', `/auth/sessions/${session.id}/`);
      if (session.current) return logout();
      refresh();
    },
    success: 'app.profile_settings.sessions.ended',
  });
  const endingOthers = useSubmission<void>({
    action: async () => {
      await request<EndSessionsResponse>('POST', '/auth/sessions/end-others/');
      refresh();
    },
    success: 'app.profile_settings.sessions.others_ended',
  });
  const busy = ending.submitting || endingOthers.submitting;
  const results = sessions.data?.results ?? [];
  const others = results.filter((session) => !session.current).length;

  return (
    <Box component="section" aria-labelledby="sessions-title" sx={{ mt: 4 }}>
      <Typography variant="h6" component="h2" id="sessions-title" gutterBottom>
        {translate('app.profile_settings.sessions.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        {translate('app.profile_settings.sessions.intro')}
      </Typography>
      <FeedbackBanner feedback={ending.feedback ?? endingOthers.feedback} />
      {sessions.isPending && <CircularProgress size={24} aria-label={translate('ra.page.loading')} />}
      {sessions.error != null && (
        <FeedbackBanner feedback={{ severity: 'error', message: errorMessage(sessions.error, translate('app.errors.unknown')) }} />
      )}
      {sessions.data && (
        <List aria-labelledby="sessions-title" dense>
          {results.map((session) => (
            <SessionItem
              key={session.id}
              session={session}
              busy={busy}
              onEnd={() => {
                endingOthers.setFeedback(null);
                void ending.submit(session);
              }}
            />
          ))}
        </List>
      )}
      {sessions.data && (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Button variant="outlined" color="error" disabled={busy || others === 0} onClick={() => setConfirming(true)}>
            {translate('app.profile_settings.sessions.end_others')}
          </Button>
          {others === 0 && (
            <Typography variant="body2" color="text.secondary">
              {translate('app.profile_settings.sessions.only_this')}
            </Typography>
          )}
        </Stack>
      )}
      <Confirm
        isOpen={confirming}
        title="app.profile_settings.sessions.confirm_title"
        content="app.profile_settings.sessions.confirm_content"
        confirm="app.profile_settings.sessions.end_others"
        confirmColor="warning"
        onConfirm={() => {
          setConfirming(false);
          ending.setFeedback(null);
          void endingOthers.submit(undefined);
        }}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}

function SessionItem({ session, busy, onEnd }: { session: Session; busy: boolean; onEnd: () => void }) {
  const translate = useTranslate();
  const device = deviceLabel(session, translate);
  const times = [
    translate('app.profile_settings.sessions.signed_in', { date: formatDateTime(session.created_at) }),
    translate('app.profile_settings.sessions.last_used', { date: formatDateTime(session.last_used_at) }),
    session.ip_address,
  ].filter(Boolean);
  return (
    <ListItem
      divider
      aria-label={device}
      secondaryAction={
        <Button
          size="small"
          color={session.current ? 'inherit' : 'error'}
          disabled={busy}
          onClick={onEnd}
          aria-label={translate(
            session.current ? 'app.profile_settings.sessions.sign_out_label' : 'app.profile_settings.sessions.end_label',
            { device },
          )}
        >
          {translate(session.current ? 'app.profile_settings.sessions.sign_out' : 'app.profile_settings.sessions.end')}
        </Button>
      }
    >
      <ListItemText
        primary={
          <Stack direction="row" spacing={1} component="span" sx={{ alignItems: 'center' }}>
            <span>{device}</span>
            {session.current && <Chip size="small" color="primary" label={translate('app.profile_settings.sessions.this_device')} />}
          </Stack>
        }
        secondary={times.join(' · ')}
        sx={{ pr: 10 }}
      />
    </ListItem>
  );
}
