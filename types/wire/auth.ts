// Accounts: sign-in, registration, activation and passwords (SPEC §3 User, §7 Authentication and users).
import { Type } from 'typebox';
import { DateTime, Email, Id, Password, RequiredText } from '../schema';

export const UserSchema = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  first_name: Type.String(),
  last_name: Type.String(),
  is_staff: Type.Boolean(),
  is_superuser: Type.Boolean(),
  is_active: Type.Boolean(),
  is_crowdsourcing: Type.Boolean(),
  date_joined: DateTime,
});

export const SignInRequestSchema = Type.Object({ email: RequiredText(254), password: Password });
export const SignInResponseSchema = Type.Object({ token: Type.String() });
export const RegistrationRequestSchema = Type.Object({
  first_name: RequiredText(150),
  last_name: RequiredText(150),
  email: Email,
  password: Password,
});
export const ActivationRequestSchema = Type.Object({ email: RequiredText(254), code: RequiredText(200) });
export const RequestResetRequestSchema = Type.Object({ email: RequiredText(254) });
export const ResetPasswordRequestSchema = Type.Object({ email: RequiredText(254), code: RequiredText(200), new_password: Password });
export const ChangePasswordRequestSchema = Type.Object({ old_password: Password, new_password: Password });

export const UserIdRequestSchema = Type.Object({ user_id: Id });
export const CrowdsourcingRequestSchema = Type.Object({ user_id: Id, is_crowdsourcing: Type.Boolean() });
