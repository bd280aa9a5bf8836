// /alert-action?token=… (issue 18; docs/ALERTS.md): the page a mail's or Slack message's 'Mute this
// rule' or 'Not relevant' link opens, without signing in. It says what the link does (GET) and does
// it only when asked (POST): mail scanners open every link, and must not mute anything by doing so.
// A link that is forged, expired or no longer valid says so in the server's words.
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { AlertAction } from '../../types/api';
import { errorMessage } from '../../dataProvider/errors';
import { PublicLink, PublicLinks, PublicPage } from '../../src/auth/PublicPage';
import { useApi } from '../../src/auth/useApi';

type State = { step: 'loading' } | { step: 'failed'; message: string } | { step: 'ready' | 'working'; action: AlertAction };

export function AlertActionPage() {
  const translate = useTranslate();
  const request = useApi();
  const [query] = useSearchParams();
  const token = query.get('token') ?? '';
  const path = `/alert-actions/?token=${encodeURIComponent(token)}`;
  const [state, setState] = useState<State>({ step: 'loading' });
  const fail = (error: unknown) =>
    setState({ step: 'failed', message: errorMessage(error, translate('resources.notifications.alert_action.failed')) });

  // read the link once per token, even when effects run twice (StrictMode)
  const read = useRef<string | null>(null);
  useEffect(() => {
    if (read.current === token) return;
    read.current = token;
    if (!token) {
      setState({ step: 'failed', message: translate('resources.notifications.alert_action.missing') });
      return;
    }
    request<AlertAction>('GET', path).then(
      (action) => setState({ step: 'ready', action }),
      (error) => setState({ step: 'failed', message: errorMessage(error, translate('resources.notifications.alert_action.failed')) }),
    );
  }, [token, path, request, translate]);

  const act = async (action: AlertAction) => {
    setState({ step: 'working', action });
    try {
      setState({ step: 'ready', action: await request<AlertAction>('POST', path, {}) });
    } catch (error) {
      fail(error);
    }
  };

  return (
    <PublicPage title={translate('resources.notifications.alert_action.title')}>
      {state.step === 'loading' && (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, my: 2 }}>
          <CircularProgress size={20} aria-hidden />
          {translate('resources.notifications.alert_action.loading')}
        </Box>
      )}
      {state.step === 'failed' && (
        <Alert severity="error" role="alert" sx={{ my: 2 }}>
          {state.message}
        </Alert>
      )}
      {(state.step === 'ready' || state.step === 'working') &&
        (state.action.done ? (
          <Alert severity="success" role="status" sx={{ my: 2 }}>
            {state.action.message}
          </Alert>
        ) : (
          <>
            <Typography sx={{ my: 2 }}>{state.action.message}</Typography>
            <Button variant="contained" disabled={state.step === 'working'} onClick={() => act(state.action)}>
              {translate(`resources.notifications.alert_action.do.${state.action.action}`)}
            </Button>
          </>
        ))}
      <PublicLinks>
        <PublicLink to="/" label={translate('resources.notifications.alert_action.open_app')} />
      </PublicLinks>
    </PublicPage>
  );
}
