// Accounts: sign-in, registration, activation and passwords (SPEC §3 User, §7 Authentication and users).
import { Type } from 'typebox';
import { DateTime, Email, Id, Nullable, Password, RequiredText } from '../schema';

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
  /** IANA time zone of the daily digest (null: not set, UTC) */
  time_zone: Nullable(Type.String()),
  /** local hour (0–23) at which the daily digest leaves */
  digest_hour: Type.Integer(),
});

/** Body of PUT /users/me/settings/ (issue 18: digests at the reader's hour). */
export const DigestSettingsSchema = Type.Object({
  time_zone: Type.String({ minLength: 1, maxLength: 64 }),
  digest_hour: Type.Integer({ minimum: 0, maximum: 23 }),
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

/** One of the signed-in user's live sessions (issue 19); never its token or the token's hash. */
export const SessionSchema = Type.Object({
  id: Type.Integer(),
  /** read from the User-Agent it was signed in with: "Chrome", "Safari"…; null when unknown */
  browser: Nullable(Type.String()),
  /** "Linux", "iPhone", "Windows"…; null when unknown */
  os: Nullable(Type.String()),
  user_agent: Nullable(Type.String()),
  ip_address: Nullable(Type.String()),
  created_at: DateTime,
  /** refreshed at most once a minute */
  last_used_at: DateTime,
  /** the session of this request */
  current: Type.Boolean(),
});
export const EndSessionsResponseSchema = Type.Object({ detail: Type.String(), ended: Type.Integer() });
