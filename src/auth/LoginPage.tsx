// /login (SPEC §2 Public screens, §5, §8): email and password required; failure shows
// the server's message in a banner, success goes to / (the authProvider says so).
import { useEffect } from 'react';
import { Form, PasswordInput, TextInput, required } from '../public/form';
import { useCheckAuth, useLogin, useNavigate, useTranslate } from '../public/kit';
import type { SignInRequest } from '../../types/api';
import { FeedbackBanner } from './FeedbackBanner';
import type { FormValues } from './formValues';
import { PublicLink, PublicLinks, PublicPage } from './PublicPage';
import { SubmitButton } from './SubmitButton';
import { useSubmission } from './useSubmission';

const requiredField = [required()];

export function LoginPage() {
  const translate = useTranslate();
  const login = useLogin();
  const checkAuth = useCheckAuth();
  const navigate = useNavigate();
  const { submit, feedback, submitting } = useSubmission<SignInRequest>({ action: (values) => login(values) });

  // Someone already signed in has nothing to do here.
  useEffect(() => {
    checkAuth()
      .then(() => navigate('/'))
      .catch(() => undefined);
  }, [checkAuth, navigate]);

  return (
    <PublicPage title={translate('app.login.title')} intro={translate('app.login.welcome')}>
      <FeedbackBanner feedback={feedback} />
      <Form onSubmit={(values: FormValues) => submit(values as SignInRequest)} noValidate>
        <TextInput source="email" type="email" autoComplete="email" label="app.fields.email" validate={requiredField} />
        <PasswordInput source="password" autoComplete="current-password" label="app.fields.password" validate={requiredField} />
        <SubmitButton label="app.login.submit" submitting={submitting} />
      </Form>
      <PublicLinks>
        <PublicLink to="/forgot-password" label={translate('app.login.forgot_password')} />
        <PublicLink to="/signup" prefix={translate('app.login.no_account')} label={translate('app.login.sign_up')} />
      </PublicLinks>
    </PublicPage>
  );
}
