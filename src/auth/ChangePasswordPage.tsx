// /change-password (SPEC §2, §4, §5): old and new password required; on success the
// user is told, then logged out and sent to /login after 2 seconds.
import { Form, PasswordInput, required, useLogout, useTranslate } from 'react-admin';
import type { ChangePasswordRequest } from '../../types/api';
import { REDIRECT_AFTER_PASSWORD_MS } from '../constants';
import { AccountPage } from './AccountPage';
import { FeedbackBanner } from './FeedbackBanner';
import type { FormValues } from './formValues';
import { SubmitButton } from './SubmitButton';
import { useApi } from './useApi';
import { useSubmission } from './useSubmission';

const requiredField = [required()];

export function ChangePasswordPage() {
  const translate = useTranslate();
  const logout = useLogout();
  const request = useApi();
  const { submit, feedback, submitting } = useSubmission<ChangePasswordRequest>({
    action: ({ old_password, new_password }) => request('POST', '/passwords/change/', { old_password, new_password }),
    success: 'app.change_password.success',
    afterSuccess: { delayMs: REDIRECT_AFTER_PASSWORD_MS, run: () => logout() },
  });

  return (
    <AccountPage title={translate('app.change_password.title')}>
      <FeedbackBanner feedback={feedback} />
      {feedback?.severity !== 'success' && (
        <Form onSubmit={(values: FormValues) => submit(values as ChangePasswordRequest)} noValidate>
          <PasswordInput source="old_password" autoComplete="current-password" label="app.fields.old_password" validate={requiredField} />
          <PasswordInput source="new_password" autoComplete="new-password" label="app.fields.new_password" validate={requiredField} />
          <SubmitButton label="app.change_password.submit" submitting={submitting} />
        </Form>
      )}
    </AccountPage>
  );
}
