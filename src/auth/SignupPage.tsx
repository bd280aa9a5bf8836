// /signup (SPEC §2, §5, §8): first name, last name, email and password, all required;
// on success the activation text, then /login after 1 second.
import { Form, PasswordInput, TextInput, required } from '../public/form';
import { useNavigate, useTranslate } from '../public/kit';
import type { RegistrationRequest } from '../../types/api';
import { REDIRECT_AFTER_SIGNUP_MS } from '../constants';
import { FeedbackBanner } from './FeedbackBanner';
import type { FormValues } from './formValues';
import { PublicLink, PublicLinks, PublicPage } from './PublicPage';
import { SubmitButton } from './SubmitButton';
import { useApi } from './useApi';
import { useSubmission } from './useSubmission';

const requiredField = [required()];

export function SignupPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const request = useApi();
  const { submit, feedback, submitting } = useSubmission<RegistrationRequest>({
    action: (values) => request('POST', '/auth/registration/', values),
    success: 'app.signup.success',
    failure: 'app.signup.failure',
    afterSuccess: { delayMs: REDIRECT_AFTER_SIGNUP_MS, run: () => navigate('/login') },
  });
  const done = feedback?.severity === 'success';

  return (
    <PublicPage title={translate('app.signup.title')}>
      <FeedbackBanner feedback={feedback} />
      {!done && (
        <Form onSubmit={(values: FormValues) => submit(values as RegistrationRequest)} noValidate>
          <TextInput source="first_name" autoComplete="given-name" label="app.fields.first_name" validate={requiredField} />
          <TextInput source="last_name" autoComplete="family-name" label="app.fields.last_name" validate={requiredField} />
          <TextInput source="email" type="email" autoComplete="email" label="app.fields.email" validate={requiredField} />
          <PasswordInput source="password" autoComplete="new-password" label="app.fields.password" validate={requiredField} />
          <SubmitButton label="app.signup.submit" submitting={submitting} />
        </Form>
      )}
      <PublicLinks>
        <PublicLink to="/login" prefix={translate('app.signup.have_account')} label={translate('app.login.submit')} />
      </PublicLinks>
    </PublicPage>
  );
}
