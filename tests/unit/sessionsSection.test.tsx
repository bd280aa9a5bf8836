// Profile Settings' 'Signed-in sessions' (issue 19; src/auth/SessionsSection.tsx): each session's
// device, times and "This device"; "End" on another one ends it and the list is read again; "End
// all other sessions" asks first; ending this one signs out (the cookie goes, to /login).
import './support/slowMachine';
import Cookies from 'js-cookie';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProfileSettingsPage } from '../../src/auth/ProfileSettingsPage';
import { formatDateTime } from '../../src/format';
import type { Session } from '../../types/api';
import { installFakeFetch } from './support/fakeFetch';
import { renderScreen, sampleUser } from './support/renderScreen';

const session = (overrides: Partial<Session>): Session => ({
  id: 1,
  browser: null,
  os: null,
  user_agent: null,
  ip_address: '203.0.113.7',
  created_at: '2026-11-20T09:00:00Z',
  last_used_at: '2026-11-26T10:15:30Z',
  current: false,
  ...overrides,
});
const THIS = session({ id: 3, browser: 'Firefox', os: 'Windows', current: true, ip_address: '198.51.100.2' });
const LAPTOP = session({ id: 2, browser: 'Chrome', os: 'Linux' });
const PHONE = session({ id: 1, browser: 'Safari', os: 'iPhone', ip_address: null });
const SCRIPT = session({ id: 4, browser: null, os: null });

beforeEach(() => {
  Cookies.set('fs_token', 'tok', { path: '/' });
});
afterEach(() => {
  Cookies.remove('fs_token', { path: '/' });
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const section = async () => within(await screen.findByRole('region', { name: 'Signed-in sessions' }));

describe('Profile Settings: Signed-in sessions', () => {
  it('lists each session’s device, times and address, with “This device” on this one; the SPEC’s fields stay', async () => {
    installFakeFetch({
      'GET /api/v1/users/me': { body: sampleUser },
      'GET /api/v1/auth/sessions/': { body: { count: 4, results: [THIS, LAPTOP, PHONE, SCRIPT] } },
    });
    renderScreen(<ProfileSettingsPage />, { url: '/user-profile-detail' });
    const sessions = await section();
    const items = await sessions.findAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual([
      'Firefox on Windows',
      'Chrome on Linux',
      'Safari on iPhone',
      'Unknown device',
    ]);
    expect(within(items[0]).getByText('This device')).toBeInTheDocument();
    expect(within(items[1]).queryByText('This device')).toBeNull();
    const times = `Signed in ${formatDateTime(LAPTOP.created_at)} · last used ${formatDateTime(LAPTOP.last_used_at)} · 203.0.113.7`;
    expect(within(items[1]).getByText(times)).toBeInTheDocument();
    expect(within(items[0]).getByRole('button', { name: 'End this session (sign out)' })).toBeInTheDocument();
    expect(within(items[1]).getByRole('button', { name: 'End the session on Chrome on Linux' })).toHaveTextContent('End');
    // SPEC's Profile Settings, word for word, above
    expect(screen.getByLabelText('First Name')).toHaveValue('Ada');
    expect(screen.getByLabelText('Last Name')).toHaveValue('Lovelace');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByRole('link', { name: 'Change Password' })).toHaveAttribute('href', '/change-password');
  });

  it('“End” ends that session and reads the list again', async () => {
    let results = [THIS, LAPTOP, PHONE];
    const { calls } = installFakeFetch({
      'GET /api/v1/users/me': { body: sampleUser },
      'GET /api/v1/auth/sessions/': () => ({ body: { count: results.length, results } }),
      'DELETE /api/v1/auth/sessions/2/': () => {
        results = [THIS, PHONE];
        return { status: 204 };
      },
    });
    renderScreen(<ProfileSettingsPage />, { url: '/user-profile-detail' });
    const sessions = await section();
    const typing = userEvent.setup();
    await typing.click(await sessions.findByRole('button', { name: 'End the session on Chrome on Linux' }));
    expect(await sessions.findByRole('status')).toHaveTextContent('The session is ended.');
    await waitFor(() => expect(sessions.queryByRole('listitem', { name: 'Chrome on Linux' })).toBeNull());
    expect(sessions.getByRole('listitem', { name: 'Safari on iPhone' })).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => new URL(call.url, 'http://x').pathname)).toEqual([
      '/api/v1/auth/sessions/2/',
    ]);
    expect(Cookies.get('fs_token')).toBe('tok');
  });

  it('“End all other sessions” asks first, and nothing is ended on Cancel', async () => {
    let results = [THIS, LAPTOP, PHONE];
    const { calls } = installFakeFetch({
      'GET /api/v1/users/me': { body: sampleUser },
      'GET /api/v1/auth/sessions/': () => ({ body: { count: results.length, results } }),
      'POST /api/v1/auth/sessions/end-others/': () => {
        results = [THIS];
        return { body: { detail: 'Other sessions ended.', ended: 2 } };
      },
    });
    renderScreen(<ProfileSettingsPage />, { url: '/user-profile-detail' });
    const sessions = await section();
    const typing = userEvent.setup();
    await sessions.findByRole('listitem', { name: 'Chrome on Linux' });
    await typing.click(sessions.getByRole('button', { name: 'End all other sessions' }));
    let dialog = await screen.findByRole('dialog', { name: 'End all other sessions?' });
    expect(dialog).toHaveTextContent('Every other device signed in to your account will be signed out.');
    await typing.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await typing.click(sessions.getByRole('button', { name: 'End all other sessions' }));
    dialog = await screen.findByRole('dialog', { name: 'End all other sessions?' });
    await typing.click(within(dialog).getByRole('button', { name: 'End all other sessions' }));
    expect(await sessions.findByRole('status')).toHaveTextContent('Every other session is ended.');
    await waitFor(() => expect(sessions.getAllByRole('listitem')).toHaveLength(1));
    expect(sessions.getByText('You are signed in on this device only.')).toBeInTheDocument();
    expect(sessions.getByRole('button', { name: 'End all other sessions' })).toBeDisabled();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('ending this session signs out', async () => {
    const { calls } = installFakeFetch({
      'GET /api/v1/users/me': { body: sampleUser },
      'GET /api/v1/auth/sessions/': { body: { count: 2, results: [THIS, LAPTOP] } },
      'DELETE /api/v1/auth/sessions/3/': { status: 204 },
    });
    const { location } = renderScreen(<ProfileSettingsPage />, { url: '/user-profile-detail' });
    const sessions = await section();
    await userEvent.setup().click(await sessions.findByRole('button', { name: 'End this session (sign out)' }));
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(Cookies.get('fs_token')).toBeUndefined();
    expect(calls.some((call) => call.method === 'DELETE' && call.url.endsWith('/auth/sessions/3/'))).toBe(true);
  });

  it('shows the server’s refusal', async () => {
    installFakeFetch({
      'GET /api/v1/users/me': { body: sampleUser },
      'GET /api/v1/auth/sessions/': { body: { count: 2, results: [THIS, LAPTOP] } },
      'DELETE /api/v1/auth/sessions/2/': { status: 404, body: { errors: ['Not found.'] } },
    });
    renderScreen(<ProfileSettingsPage />, { url: '/user-profile-detail' });
    const sessions = await section();
    await userEvent.setup().click(await sessions.findByRole('button', { name: 'End the session on Chrome on Linux' }));
    expect(await sessions.findByRole('alert')).toHaveTextContent('Not found.');
  });
});
