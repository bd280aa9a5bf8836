// /activate-account?email=…&code=… (the emailed link, SPEC §2, §4, §8): activates at
// once, then /login after 1 second.
import { useEffect, useRef } from 'react';
import { CircularProgress, Box } from '@mui/material';
import { useNavigate, useTranslate } from '../public/kit';
import type { ActivationRequest } from '../../types/api';
import { REDIRECT_AFTER_SIGNUP_MS } from '../constants';
import { FeedbackBanner } from './FeedbackBanner';
import { PublicLink, PublicLinks, PublicPage } from './PublicPage';
import { useApi } from './useApi';
import { useEmailedLink } from './useEmailedLink';
import { useSubmission } from './useSubmission';

export function ActivateAccountPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const request = useApi();
  const { email, code } = useEmailedLink();
  const { submit, feedback, setFeedback } = useSubmission<ActivationRequest>({
    action: (values) => request('POST', '/auth/activation/', values),
    success: 'app.activation.success',
    failure: 'app.activation.failure',
    // The fixed text tells what happened and what to do; the server's words say why.
    failureFirst: true,
    afterSuccess: { delayMs: REDIRECT_AFTER_SIGNUP_MS, run: () => navigate('/login') },
  });

  // Codes are single-use: activate once even when effects run twice (StrictMode).
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (email && code) submit({ email, code });
    else setFeedback({ severity: 'error', message: translate('app.activation.failure') });
  }, [email, code, submit, setFeedback, translate]);

  return (
    <PublicPage title={translate('app.activation.title')}>
      {feedback ? (
        <FeedbackBanner feedback={feedback} />
      ) : (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 2, my: 2 }}>
          <CircularProgress size={20} aria-hidden />
          {translate('app.activation.pending')}
        </Box>
      )}
      <PublicLinks>
        <PublicLink to="/login" label={translate('app.back_to_login')} />
      </PublicLinks>
    </PublicPage>
  );
}
