import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DetailSchema, errors } from '../../../types/schema';
import {
  ActivationRequestSchema,
  ChangePasswordRequestSchema,
  RegistrationRequestSchema,
  RequestResetRequestSchema,
  ResetPasswordRequestSchema,
  SignInRequestSchema,
  SignInResponseSchema,
} from '../../../types/wire/auth';
import { typed } from '../../http/crud';
import { ValidationError, fieldError, fieldErrors } from '../../errors';
import { countAttempt } from '../../http/throttle';
import { hashPassword, passwordProblems, UNUSABLE_PASSWORD_HASH, verifyPassword } from '../../accounts/passwords';
import { issueToken, revokeToken, revokeTokens } from '../../accounts/tokens';
import { auditedAccountWrite, PASSWORD_CHANGED, sessionsEnded } from '../../audit/account';
import sessionRoutes, { sessionDevice } from './sessions';
import { consumeCode, issueCode } from '../../accounts/codes';
import { activationMail, passwordResetMail } from '../../mail/templates';
import { findUserByEmail, insertUser, updateUser } from '../../accounts/users';
import { isUniqueViolation } from '../../db/errors';

const SIGN_IN_FAILED = 'Unable to log in with provided credentials.';
const EMAIL_TAKEN = 'A user with this email already exists.';
const RESET_REQUESTED = 'If an account exists for this e-mail, a link to reset its password has been sent.';

function checkPassword(field: string, value: string): void {
  const problems = passwordProblems(value);
  if (problems.length) throw fieldErrors(problems.map((problem) => [field, problem]));
}

type App = ReturnType<typeof typed>;

/**
 * What the account calls share: the throttles and mail sent after the answer. An attempt is
 * counted (and refused with 429 past the limit) before anything else is done, per route against
 * the client address and the account; what must not count is given back afterwards (a sign-in
 * that succeeded does not count against the account).
 */
function accountCallTools(app: App) {
  const { perIp, perAccount } = app.throttles;
  const ipKey = (request: FastifyRequest) => `${request.routeOptions.url}:${request.ip}`;
  const accountKey = (request: FastifyRequest, account: string) => `${request.routeOptions.url}:${account.trim().toLowerCase()}`;
  const attempt = (request: FastifyRequest, account: string) =>
    countAttempt([
      [perIp, ipKey(request)],
      [perAccount, accountKey(request, account)],
    ]);
  const accountAttempt = (request: FastifyRequest, account: string) => countAttempt([[perAccount, accountKey(request, account)]]);
  /** mail is sent after the answer: its delay must not tell whether the account exists */
  const sendLater = (mail: Parameters<typeof app.mailer.send>[0]) =>
    void app.mailer.send(mail).catch((error) => app.log.error({ err: error, to: mail.to }, 'sending e-mail failed'));
  return { attempt, accountAttempt, perAccount, sendLater };
}

type Tools = ReturnType<typeof accountCallTools>;
const publicRoute = { access: 'public' as const };

/** Sign-in, registration, activation and the three password calls (SPEC §7 Authentication and users). */
export default async function authRoutes(instance: FastifyInstance) {
  const app = typed(instance);
  const tools = accountCallTools(app);
  for (const route of [signIn, signOut, register, activate, requestReset, resetPassword, changePassword]) route(app, tools);
  await instance.register(sessionRoutes);
}

/** Sign-in: a token for an active user; only failures count against the account. */
function signIn(app: App, { attempt, perAccount }: Tools) {
  app.post(
    '/auth/sign-in/',
    {
      config: publicRoute,
      schema: {
        tags: ['auth'],
        summary: 'Sign in: answers a token for an active user',
        body: SignInRequestSchema,
        response: { 200: SignInResponseSchema, ...errors(400, 429) },
      },
    },
    async (request) => {
      const { email: address, password: given } = request.body;
      const counted = await attempt(request, address);
      const user = await findUserByEmail(app.db, address);
      const matches = await verifyPassword(given, user?.password_hash ?? UNUSABLE_PASSWORD_HASH);
      if (!user || !matches) throw new ValidationError([SIGN_IN_FAILED]);
      await counted.giveBack(perAccount); // only failures count against the account
      if (!user.is_active) throw new ValidationError(['This account is not activated yet. Please use the link in the activation e-mail.']);
      return { token: await issueToken(app.db, user.id, sessionDevice(request)) };
    },
  );
}

/** Sign-out: the token of the request is revoked. */
function signOut(app: App, _tools: Tools) {
  app.post(
    '/auth/sign-out/',
    {
      schema: { tags: ['auth'], summary: 'Revoke the token of this request', response: { 200: DetailSchema, ...errors(401) } },
    },
    async (request) => {
      await revokeToken(app.db, request.tokenHash);
      return { detail: 'Signed out.' };
    },
  );
}

/** Registration: an inactive user and the e-mailed activation link. */
function register(app: App, { attempt, sendLater }: Tools) {
  app.post(
    '/auth/registration/',
    {
      config: publicRoute,
      schema: {
        tags: ['auth'],
        summary: 'Register: creates an inactive user and e-mails the activation link',
        body: RegistrationRequestSchema,
        response: { 201: DetailSchema, ...errors(400, 429) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      await attempt(request, body.email);
      checkPassword('password', body.password);
      const existing = await findUserByEmail(app.db, body.email);
      if (existing?.is_active) throw fieldError('email', EMAIL_TAKEN);
      // Never activated: send a fresh link but keep the first details. Taking the new password
      // would let anyone who knows the e-mail set the password the owner then activates.
      const user = existing
        ? existing
        : await insertUser(app.db, {
            email: body.email,
            first_name: body.first_name.trim(),
            last_name: body.last_name.trim(),
            password_hash: await hashPassword(body.password),
            is_active: false,
          }).catch((error) => {
            // the same e-mail registered at the same moment (a double submit): one wins
            throw isUniqueViolation(error) ? fieldError('email', EMAIL_TAKEN) : error;
          });
      const code = await issueCode(app.db, user.id, 'activation');
      sendLater(activationMail(app.config.appUrl, user, code));
      reply.status(201);
      return { detail: 'Registration successful. An activation e-mail has been sent.' };
    },
  );
}

/** Activation with the e-mailed code. */
function activate(app: App, { attempt }: Tools) {
  app.post(
    '/auth/activation/',
    {
      config: publicRoute,
      schema: {
        tags: ['auth'],
        summary: 'Activate an account with the e-mailed code',
        body: ActivationRequestSchema,
        response: { 200: DetailSchema, ...errors(400, 429) },
      },
    },
    async (request) => {
      await attempt(request, request.body.email);
      const userId = await consumeCode(app.db, request.body.email, request.body.code, 'activation');
      if (!userId) throw new ValidationError(['This activation link is invalid or has expired.']);
      // the holder of the e-mailed code is the account's owner: they activate it
      const account = { id: userId, email: request.body.email };
      await auditedAccountWrite(
        app.db,
        account,
        account,
        'activation',
        (trx) => updateUser(trx, userId, { is_active: true }),
        () => ({ is_active: { before: false, after: true } }),
      );
      return { detail: 'Account activated.' };
    },
  );
}

/** A password-reset link by e-mail; the same answer whether or not the account exists. */
function requestReset(app: App, { attempt, sendLater }: Tools) {
  app.post(
    '/passwords/request-reset/',
    {
      config: publicRoute,
      schema: {
        tags: ['passwords'],
        summary: 'E-mail a password-reset link; answers the same whether or not the account exists',
        body: RequestResetRequestSchema,
        response: { 200: DetailSchema, ...errors(400, 429) },
      },
    },
    async (request) => {
      await attempt(request, request.body.email);
      const user = await findUserByEmail(app.db, request.body.email);
      if (user) {
        const code = await issueCode(app.db, user.id, 'reset');
        sendLater(passwordResetMail(app.config.appUrl, user, code));
      }
      return { detail: RESET_REQUESTED };
    },
  );
}

/** A new password with the e-mailed code; every session is signed out. */
function resetPassword(app: App, { attempt }: Tools) {
  app.post(
    '/passwords/reset/',
    {
      config: publicRoute,
      schema: {
        tags: ['passwords'],
        summary: 'Set a new password with the e-mailed code; signs out every session',
        body: ResetPasswordRequestSchema,
        response: { 200: DetailSchema, ...errors(400, 429) },
      },
    },
    async (request) => {
      const { email: address, code, new_password } = request.body;
      await attempt(request, address);
      checkPassword('new_password', new_password);
      const userId = await consumeCode(app.db, address, code, 'reset');
      if (!userId) throw new ValidationError(['This password reset link is invalid or has expired.']);
      const passwordHash = await hashPassword(new_password);
      const account = { id: userId, email: address };
      await auditedAccountWrite(
        app.db,
        account,
        account,
        'password',
        async (trx) => {
          await updateUser(trx, userId, { password_hash: passwordHash });
          return revokeTokens(trx, userId);
        },
        (ended) => ({ ...PASSWORD_CHANGED, ...sessionsEnded(ended) }),
      );
      return { detail: 'Password has been reset.' };
    },
  );
}

/** A new password for the signed-in user; their other sessions are signed out. */
function changePassword(app: App, { accountAttempt, perAccount }: Tools) {
  app.post(
    '/passwords/change/',
    {
      schema: {
        tags: ['passwords'],
        summary: "Change one's password; the user's other sessions are signed out",
        body: ChangePasswordRequestSchema,
        response: { 200: DetailSchema, ...errors(400, 401, 429) },
      },
    },
    async (request) => {
      const { old_password, new_password } = request.body;
      // only wrong old passwords count against the account
      const counted = await accountAttempt(request, request.user.email);
      const user = await findUserByEmail(app.db, request.user.email);
      if (!user || !(await verifyPassword(old_password, user.password_hash))) {
        throw fieldError('old_password', 'Your old password was entered incorrectly.');
      }
      await counted.giveBack(perAccount);
      checkPassword('new_password', new_password);
      const passwordHash = await hashPassword(new_password);
      await auditedAccountWrite(
        app.db,
        request.user,
        user,
        'password',
        async (trx) => {
          await updateUser(trx, user.id, { password_hash: passwordHash });
          return revokeTokens(trx, user.id, request.tokenHash);
        },
        (ended) => ({ ...PASSWORD_CHANGED, ...sessionsEnded(ended) }),
      );
      return { detail: 'Password changed.' };
    },
  );
}
