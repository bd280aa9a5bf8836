// /forgot-password (SPEC §2, §5, §8): email required; the server emails a reset link.
import { Form, TextInput, required } from '../public/form';
import { useTranslate } from '../public/kit';
import type { RequestResetRequest } from '../../types/api';
import { FeedbackBanner } from './FeedbackBanner';
import type { FormValues } from './formValues';
import { PublicLink, PublicLinks, PublicPage } from './PublicPage';
import { SubmitButton } from './SubmitButton';
import { useApi } from './useApi';
import { useSubmission } from './useSubmission';

const requiredField = [required()];

export function ForgotPasswordPage() {
  const translate = useTranslate();
  const request = useApi();
  const { submit, feedback, submitting } = useSubmission<RequestResetRequest>({
    action: (values) => request('POST', '/passwords/request-reset/', { email: values.email }),
    success: 'app.forgot_password.success',
  });

  return (
    <PublicPage title={translate('app.forgot_password.title')} intro={translate('app.forgot_password.intro')}>
      <FeedbackBanner feedback={feedback} />
      {feedback?.severity !== 'success' && (
        <Form onSubmit={(values: FormValues) => submit(values as RequestResetRequest)} noValidate>
          <TextInput source="email" type="email" autoComplete="email" label="app.fields.email" validate={requiredField} />
          <SubmitButton label="app.forgot_password.submit" submitting={submitting} />
        </Form>
      )}
      <PublicLinks>
        <PublicLink to="/login" label={translate('app.back_to_login')} />
      </PublicLinks>
    </PublicPage>
  );
}
