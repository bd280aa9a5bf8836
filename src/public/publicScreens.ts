// The screens seen signed out whose first visit gets the small public app (src/main.tsx):
// the admin's own routes (src/App.tsx) render the same components.
import type { ComponentType } from 'react';
import { ActivateAccountPage } from '../auth/ActivateAccountPage';
import { ForgotPasswordPage } from '../auth/ForgotPasswordPage';
import { LoginPage } from '../auth/LoginPage';
import { ResetPasswordPage } from '../auth/ResetPasswordPage';
import { SignupPage } from '../auth/SignupPage';

export const PUBLIC_SCREENS: Record<string, ComponentType> = {
  '/login': LoginPage,
  '/signup': SignupPage,
  '/forgot-password': ForgotPasswordPage,
  '/reset-password': ResetPasswordPage,
  '/activate-account': ActivateAccountPage,
};
