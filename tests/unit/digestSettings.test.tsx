// Profile Settings' 'Daily digest' (issue 18; src/auth/DigestSettings.tsx): prefilled with the
// browser's zone when none is saved (and said so), or the saved one; saving sends the zone and
// hour, shows the outcome, and the cached signed-in user (the authProvider's and the screen's)
// becomes the one the server answered; a refusal shows the server's words.
import './support/slowMachine';
import Cookies from 'js-cookie';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAuthProvider } from '../../authProvider';
import { ProfileSettingsPage } from '../../src/auth/ProfileSettingsPage';
import { installFakeFetch } from './support/fakeFetch';
import { renderScreen, sampleUser } from './support/renderScreen';

const resolvedOptions = Intl.DateTimeFormat.prototype.resolvedOptions;

beforeEach(() => {
  Cookies.set('fs_token', 'tok', { path: '/' });
  // the browser says it is in Berlin
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...resolvedOptions.call(this), timeZone: 'Europe/Berlin' };
  });
});
afterEach(() => {
  Cookies.remove('fs_token', { path: '/' });
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const section = async () => within(await screen.findByRole('region', { name: 'Daily digest' }));

describe('Profile Settings: Daily digest', () => {
  it('offers the browser’s zone when none is saved, saves zone and hour, and keeps the answered user', async () => {
    const user = { ...sampleUser, time_zone: null, digest_hour: 7 };
    const { calls } = installFakeFetch({
      'GET /api/v1/users/me': { body: user },
      'PUT /api/v1/users/me/settings/': ({ body }) => ({ body: { ...user, ...(body as object) } }),
    });
    const authProvider = createAuthProvider();
    renderScreen(<ProfileSettingsPage />, { url: '/user-profile-detail', authProvider });
    const digest = await section();
    // SPEC's fields stay
    expect(screen.getByLabelText('First Name')).toHaveValue('Ada');
    expect(screen.getByRole('link', { name: 'Change Password' })).toHaveAttribute('href', '/change-password');
    const zone = digest.getByRole('combobox', { name: 'Time zone' });
    expect(zone).toHaveValue('Europe/Berlin');
    expect(digest.getByText('From your browser; not saved yet')).toBeInTheDocument();
    expect(digest.getByText('Your daily digest leaves at 07:00 UTC.')).toBeInTheDocument();

    const typing = userEvent.setup();
    await typing.click(digest.getByRole('combobox', { name: 'Digest hour' }));
    await typing.click(await screen.findByRole('option', { name: '06:00' }));
    await typing.click(digest.getByRole('button', { name: 'Save' }));

    expect(await digest.findByRole('status')).toHaveTextContent('Your digest settings are saved.');
    const put = calls.find((call) => call.method === 'PUT');
    expect(put?.body).toEqual({ time_zone: 'Europe/Berlin', digest_hour: 6 });
    expect(await digest.findByText('Your daily digest leaves at 06:00 Europe/Berlin.')).toBeInTheDocument();
    expect(digest.queryByText('From your browser; not saved yet')).toBeNull();
    // the authProvider now answers the saved user without asking the server again
    expect(await authProvider.getIdentity!()).toMatchObject({ time_zone: 'Europe/Berlin', digest_hour: 6 });
    expect(calls.filter((call) => call.method === 'GET' && call.url.endsWith('/users/me'))).toHaveLength(1);
  });

  it('prefills the saved zone and hour, and shows the server’s refusal', async () => {
    const user = { ...sampleUser, time_zone: 'America/New_York', digest_hour: 21 };
    const { calls } = installFakeFetch({
      'GET /api/v1/users/me': { body: user },
      'PUT /api/v1/users/me/settings/': { status: 400, body: { errors: ['time_zone: Unknown time zone "Australia/Sydney".'] } },
    });
    renderScreen(<ProfileSettingsPage />, { url: '/user-profile-detail' });
    const digest = await section();
    const zone = digest.getByRole('combobox', { name: 'Time zone' });
    expect(zone).toHaveValue('America/New_York');
    expect(digest.getByRole('combobox', { name: 'Digest hour' })).toHaveTextContent('21:00');
    expect(digest.queryByText('From your browser; not saved yet')).toBeNull();
    expect(digest.getByText('Your daily digest leaves at 21:00 America/New_York.')).toBeInTheDocument();

    const typing = userEvent.setup();
    await typing.clear(zone);
    await typing.type(zone, 'Australia/Syd');
    await typing.click(await screen.findByRole('option', { name: 'Australia/Sydney' }));
    expect(zone).toHaveValue('Australia/Sydney');
    await typing.click(digest.getByRole('button', { name: 'Save' }));
    expect(await digest.findByRole('alert')).toHaveTextContent('time_zone: Unknown time zone "Australia/Sydney".');
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ time_zone: 'Australia/Sydney', digest_hour: 21 }),
    );
    // nothing changed: the sentence still tells the saved hour
    expect(digest.getByText('Your daily digest leaves at 21:00 America/New_York.')).toBeInTheDocument();
  });
});
