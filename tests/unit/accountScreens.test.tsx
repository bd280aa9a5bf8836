import './support/slowMachine';
import Cookies from 'js-cookie';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChangePasswordPage } from '../../src/auth/ChangePasswordPage';
import { ProfileSettingsPage } from '../../src/auth/ProfileSettingsPage';
import { Home } from '../../src/home/Home';
import { captureTimeouts } from './support/captureTimeouts';
import { installFakeFetch } from './support/fakeFetch';
import { renderScreen, sampleUser } from './support/renderScreen';

beforeEach(() => Cookies.set('fs_token', 'tok', { path: '/' }));
afterEach(() => {
  Cookies.remove('fs_token', { path: '/' });
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('Home', () => {
  it('gives a normal user the three tiles', async () => {
    installFakeFetch({ 'GET /api/v1/users/me': { body: sampleUser } });
    renderScreen(<Home />);
    const tiles: [string, string][] = [
      ['See Profiles', '/profiles'],
      ['Setup Data Source', '/data-sources'],
      ['Create Rule for Notifications', '/rule-sets'],
    ];
    for (const [name, href] of tiles)
      expect(await screen.findByRole('link', { name: new RegExp(`^${name}`) })).toHaveAttribute('href', href);
    expect(screen.getByText('Set up a data source to pull data from the professional network.')).toBeInTheDocument();
    expect(screen.getByText('Create a rule to be notified of job or location changes.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /See my notifications/ })).toBeNull();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('gives a crowdsourcing user only See my notifications', async () => {
    installFakeFetch({ 'GET /api/v1/users/me': { body: { ...sampleUser, is_crowdsourcing: true } } });
    renderScreen(<Home />);
    expect(await screen.findByRole('link', { name: /^See my notifications/ })).toHaveAttribute('href', '/notifications');
    expect(screen.getAllByRole('link')).toHaveLength(1);
  });

  it('shows the error message when the user fetch fails', async () => {
    installFakeFetch({ 'GET /api/v1/users/me': { status: 503, body: { errors: ['Service unavailable'] } } });
    renderScreen(<Home />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Service unavailable');
  });
});

describe('Profile Settings', () => {
  it('shows first name, last name and email, and links to Change Password', async () => {
    installFakeFetch({ 'GET /api/v1/users/me': { body: sampleUser } });
    renderScreen(<ProfileSettingsPage />, { url: '/user-profile-detail' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Profile Settings');
    expect(await screen.findByLabelText('First Name')).toHaveValue('Ada');
    expect(screen.getByLabelText('Last Name')).toHaveValue('Lovelace');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByRole('link', { name: 'Change Password' })).toHaveAttribute('href', '/change-password');
  });
});

describe('/change-password', () => {
  const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}`));

  it('requires the old and the new password', async () => {
    const { calls } = installFakeFetch();
    renderScreen(<ChangePasswordPage />, { url: '/change-password' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findAllByText('Required')).toHaveLength(2);
    expect(calls).toHaveLength(0);
  });

  it('changes the password, says so, then logs out and goes to /login after 2 seconds', async () => {
    const { calls } = installFakeFetch({ 'POST /api/v1/passwords/change/': { body: { detail: 'ok' } } });
    const logouts = captureTimeouts(2000);
    const { location } = renderScreen(<ChangePasswordPage />, { url: '/change-password' });
    const user = userEvent.setup();
    await user.type(field('Old Password'), 'old-pw');
    await user.type(field('New Password'), 'new-pw');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Password changed successfully!')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ url: '/api/v1/passwords/change/', body: { old_password: 'old-pw', new_password: 'new-pw' } });
    expect(calls[0].headers.get('Authorization')).toBe('Token tok');
    expect(Cookies.get('fs_token')).toBe('tok');
    expect(logouts).toHaveLength(1);
    await act(async () => logouts[0]());
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(Cookies.get('fs_token')).toBeUndefined();
  });

  it('shows the server message and keeps the session when refused', async () => {
    installFakeFetch({ 'POST /api/v1/passwords/change/': { status: 400, body: { errors: ['old_password: Wrong password.'] } } });
    const { location } = renderScreen(<ChangePasswordPage />, { url: '/change-password' });
    const user = userEvent.setup();
    await user.type(field('Old Password'), 'bad');
    await user.type(field('New Password'), 'new-pw');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('old_password: Wrong password.');
    expect(location().pathname).toBe('/change-password');
    expect(Cookies.get('fs_token')).toBe('tok');
  });
});
