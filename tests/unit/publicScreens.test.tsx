import './support/slowMachine';
import Cookies from 'js-cookie';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthProvider } from 'react-admin';
import { ActivateAccountPage } from '../../src/auth/ActivateAccountPage';
import { ForgotPasswordPage } from '../../src/auth/ForgotPasswordPage';
import { LoginPage } from '../../src/auth/LoginPage';
import { ResetPasswordPage } from '../../src/auth/ResetPasswordPage';
import { SignupPage } from '../../src/auth/SignupPage';
import { captureTimeouts } from './support/captureTimeouts';
import { installFakeFetch } from './support/fakeFetch';
import { renderScreen, sampleUser } from './support/renderScreen';

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`));

beforeEach(() => Cookies.remove('fs_token', { path: '/' }));
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('/login', () => {
  it('marks both fields required with an asterisk, refuses an empty form and sends nothing', async () => {
    const { calls } = installFakeFetch();
    renderScreen(<LoginPage />, { url: '/login' });
    const user = userEvent.setup();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sign in');
    expect(screen.getByText(/Welcome to Talent Back-office/)).toBeInTheDocument();
    for (const label of ['Email', 'Password']) expect((field(label) as HTMLInputElement).labels?.[0]).toHaveTextContent(`${label} *`);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findAllByText('Required')).toHaveLength(2);
    expect(calls.filter((call) => call.url.includes('sign-in'))).toHaveLength(0);
  });

  it('links to /forgot-password and /signup', () => {
    installFakeFetch();
    renderScreen(<LoginPage />, { url: '/login' });
    expect(screen.getByRole('link', { name: 'Forgot your Password?' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.getByRole('link', { name: 'Sign up here' })).toHaveAttribute('href', '/signup');
  });

  it('shows the server message in an error banner and stays on /login', async () => {
    installFakeFetch({ 'POST /api/v1/auth/sign-in/': { status: 400, body: { errors: ['Invalid email or password.'] } } });
    const { location } = renderScreen(<LoginPage />, { url: '/login' });
    const user = userEvent.setup();
    await user.type(field('Email'), 'ada@example.com');
    await user.type(field('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password.');
    expect(location().pathname).toBe('/login');
  });

  it("says 'An unknown error occurred' for a failure that is not an Error", async () => {
    installFakeFetch();
    const authProvider: AuthProvider = {
      login: () => Promise.reject('nope'),
      logout: () => Promise.resolve(),
      checkAuth: () => Promise.reject(),
      checkError: () => Promise.resolve(),
    };
    renderScreen(<LoginPage />, { url: '/login', authProvider });
    const user = userEvent.setup();
    await user.type(field('Email'), 'a@b.c');
    await user.type(field('Password'), 'x');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^An unknown error occurred$/);
  });

  it('signs in, keeps the token in fs_token and goes to /', async () => {
    const { calls } = installFakeFetch({
      'POST /api/v1/auth/sign-in/': { body: { token: 'tok-9' } },
      'GET /api/v1/users/me': { body: sampleUser },
    });
    const { location } = renderScreen(<LoginPage />, { url: '/login' });
    const user = userEvent.setup();
    await user.type(field('Email'), 'ada@example.com');
    await user.type(field('Password'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(location().pathname).toBe('/'));
    expect(Cookies.get('fs_token')).toBe('tok-9');
    expect(calls.find((call) => call.url.endsWith('/sign-in/'))?.body).toEqual({ email: 'ada@example.com', password: 'secret' });
  });
});

describe('/signup', () => {
  async function fillSignup(user: ReturnType<typeof userEvent.setup>) {
    await user.type(field('First Name'), 'Ada');
    await user.type(field('Last Name'), 'Lovelace');
    await user.type(field('Email'), 'ada@example.com');
    await user.type(field('Password'), 'secret-pw');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
  }

  it('requires first name, last name, email and password', async () => {
    const { calls } = installFakeFetch();
    renderScreen(<SignupPage />, { url: '/signup' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findAllByText('Required')).toHaveLength(4);
    for (const label of ['First Name', 'Last Name', 'Email', 'Password']) expect(field(label)).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it('registers, says an activation email was sent, then goes to /login after 1 second', async () => {
    const { calls } = installFakeFetch({ 'POST /api/v1/auth/registration/': { status: 201, body: { detail: 'ok' } } });
    const redirects = captureTimeouts(1000);
    const { location } = renderScreen(<SignupPage />, { url: '/signup' });
    await fillSignup(userEvent.setup());
    expect(
      await screen.findByText(
        'Registration successful! An activation email has been sent. Please check your email to activate your account.',
      ),
    ).toBeInTheDocument();
    expect(calls[0].body).toEqual({ first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com', password: 'secret-pw' });
    expect(location().pathname).toBe('/signup');
    expect(redirects).toHaveLength(1);
    act(() => redirects[0]());
    expect(location().pathname).toBe('/login');
  });

  it('shows the server message on failure', async () => {
    installFakeFetch({
      'POST /api/v1/auth/registration/': { status: 409, body: { errors: ['email: A user with this email already exists.'] } },
    });
    const { location } = renderScreen(<SignupPage />, { url: '/signup' });
    await fillSignup(userEvent.setup());
    expect(await screen.findByRole('alert')).toHaveTextContent('email: A user with this email already exists.');
    expect(location().pathname).toBe('/signup');
  });

  it("says 'Registration failed. An unknown error occurred' for a failure that is not an Error", async () => {
    vi.stubGlobal('fetch', () => Promise.reject('offline'));
    renderScreen(<SignupPage />, { url: '/signup' });
    await fillSignup(userEvent.setup());
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Registration failed. An unknown error occurred$/);
  });
});

describe('/activate-account', () => {
  it('activates with the email and code of the address, then goes to /login after 1 second', async () => {
    const { calls } = installFakeFetch({ 'POST /api/v1/auth/activation/': { body: { detail: 'ok' } } });
    const redirects = captureTimeouts(1000);
    const { location } = renderScreen(<ActivateAccountPage />, { url: '/activate-account?email=ada%40example.com&code=c0de' });
    expect(await screen.findByText('Account successfully activated. You will be redirected to login.')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0].body).toEqual({ email: 'ada@example.com', code: 'c0de' });
    expect(location().pathname).toBe('/activate-account');
    expect(redirects).toHaveLength(1);
    act(() => redirects[0]());
    expect(location().pathname).toBe('/login');
  });

  it('shows the activation failure text, with the server message, and stays', async () => {
    installFakeFetch({ 'POST /api/v1/auth/activation/': { status: 400, body: { errors: ['Invalid or expired activation code.'] } } });
    const { location } = renderScreen(<ActivateAccountPage />, { url: '/activate-account?email=a%40b.c&code=bad' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Activation failed. Please try again or contact support.');
    expect(alert).toHaveTextContent('Invalid or expired activation code.');
    expect(location().pathname).toBe('/activate-account');
  });

  it('fails without calling the server when the code is missing', async () => {
    const { calls } = installFakeFetch();
    renderScreen(<ActivateAccountPage />, { url: '/activate-account?email=a%40b.c' });
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Activation failed. Please try again or contact support.$/);
    expect(calls).toHaveLength(0);
  });
});

describe('/forgot-password', () => {
  it('requires the email', async () => {
    const { calls } = installFakeFetch();
    renderScreen(<ForgotPasswordPage />, { url: '/forgot-password' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('requests the reset mail and says so', async () => {
    const { calls } = installFakeFetch({ 'POST /api/v1/passwords/request-reset/': { body: { detail: 'ok' } } });
    renderScreen(<ForgotPasswordPage />, { url: '/forgot-password' });
    const user = userEvent.setup();
    await user.type(field('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(
      await screen.findByText(
        'Password change request successful! An email has been sent. Please check your email to change your account.',
      ),
    ).toBeInTheDocument();
    expect(calls[0].body).toEqual({ email: 'ada@example.com' });
  });
});

describe('/reset-password', () => {
  it.each(['', '?email=a%40b.c', '?code=abc'])('says the request is invalid without email and code (%s)', (query) => {
    installFakeFetch();
    renderScreen(<ResetPasswordPage />, { url: `/reset-password${query}` });
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid request. Email or code is missing.');
    expect(screen.queryByRole('button', { name: 'Reset password' })).toBeNull();
  });

  it('requires the new password', async () => {
    const { calls } = installFakeFetch();
    renderScreen(<ResetPasswordPage />, { url: '/reset-password?email=a%40b.c&code=abc' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('sends email, code and the new password, then goes to /login after 2 seconds', async () => {
    const { calls } = installFakeFetch({ 'POST /api/v1/passwords/reset/': { body: { detail: 'ok' } } });
    const redirects = captureTimeouts(2000);
    const { location } = renderScreen(<ResetPasswordPage />, { url: '/reset-password?email=ada%40example.com&code=r3set' });
    const user = userEvent.setup();
    await user.type(field('New Password'), 'brand-new');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByText('Password reset successfully. Please login with your new password.')).toBeInTheDocument();
    expect(calls[0].body).toEqual({ email: 'ada@example.com', code: 'r3set', new_password: 'brand-new' });
    expect(location().pathname).toBe('/reset-password');
    expect(redirects).toHaveLength(1);
    act(() => redirects[0]());
    expect(location().pathname).toBe('/login');
  });

  it('shows the server message when the reset is refused', async () => {
    installFakeFetch({ 'POST /api/v1/passwords/reset/': { status: 400, body: { errors: ['Invalid or expired code.'] } } });
    renderScreen(<ResetPasswordPage />, { url: '/reset-password?email=a%40b.c&code=old' });
    const user = userEvent.setup();
    await user.type(field('New Password'), 'x');
    await user.click(screen.getByRole('button', { name: 'Reset password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid or expired code.');
  });
});
