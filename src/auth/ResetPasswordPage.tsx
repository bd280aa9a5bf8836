// /reset-password?email=…&code=… (the emailed link, SPEC §2, §5, §8): a new password,
// then /login after 2 seconds. Without email and code there is nothing to reset.
import { Form, PasswordInput, required } from '../public/form';
import { useNavigate, useTranslate } from '../public/kit';
import type { ResetPasswordRequest } from '../../types/api';
import { REDIRECT_AFTER_PASSWORD_MS } from '../constants';
import { FeedbackBanner } from './FeedbackBanner';
import type { FormValues } from './formValues';
import { PublicLink, PublicLinks, PublicPage } from './PublicPage';
import { SubmitButton } from './SubmitButton';
import { useApi } from './useApi';
import { useEmailedLink } from './useEmailedLink';
import { useSubmission } from './useSubmission';

const requiredField = [required()];

export function ResetPasswordPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const request = useApi();
  const { email, code } = useEmailedLink();
  const { submit, feedback, submitting } = useSubmission<Pick<ResetPasswordRequest, 'new_password'>>({
    action: ({ new_password }) => request('POST', '/passwords/reset/', { email, code, new_password }),
    success: 'app.reset_password.success',
    afterSuccess: { delayMs: REDIRECT_AFTER_PASSWORD_MS, run: () => navigate('/login') },
  });
  const missing = !email || !code;

  return (
    <PublicPage title={translate('app.reset_password.title')}>
      <FeedbackBanner feedback={missing ? { severity: 'error', message: translate('app.reset_password.missing') } : feedback} />
      {!missing && feedback?.severity !== 'success' && (
        <Form onSubmit={(values: FormValues) => submit(values as ResetPasswordRequest)} noValidate>
          <PasswordInput source="new_password" autoComplete="new-password" label="app.fields.new_password" validate={requiredField} />
          <SubmitButton label="app.reset_password.submit" submitting={submitting} />
        </Form>
      )}
      <PublicLinks>
        <PublicLink to="/login" label={translate('app.back_to_login')} />
      </PublicLinks>
    </PublicPage>
  );
}
