// The screens seen signed out whose first visit gets the small public app (src/main.tsx), one per
// path of src/public/pagePaths.ts; the admin's own routes (src/App.tsx) render the same components.
import type { ComponentType } from 'react';
import { ActivateAccountPage } from '../auth/ActivateAccountPage';
import { ForgotPasswordPage } from '../auth/ForgotPasswordPage';
import { LoginPage } from '../auth/LoginPage';
import { ResetPasswordPage } from '../auth/ResetPasswordPage';
import { SignupPage } from '../auth/SignupPage';
import type { PublicPath } from './pagePaths';

export const PUBLIC_SCREENS: Record<PublicPath, ComponentType> = {
  '/login': LoginPage,
  '/signup': SignupPage,
  '/forgot-password': ForgotPasswordPage,
  '/reset-password': ResetPasswordPage,
  '/activate-account': ActivateAccountPage,
};
