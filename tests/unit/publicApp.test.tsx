// The small app of a first visit to a signed-out screen (src/public/PublicApp.tsx): the same
// screens, messages and theme as in the admin, its own navigation between them, the admin app
// asked for as the login form is sent and shown once signed in; and the screen chunk that the
// admin app's first load asks for beside its own script (src/public/routeScreens.ts).
import './support/slowMachine';
import Cookies from 'js-cookie';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isPublicPath } from '../../src/public/pagePaths';
import { PublicApp } from '../../src/public/PublicApp';
import { routeScreenPaths } from '../../src/public/routeScreens';
import { installFakeFetch } from './support/fakeFetch';
import { sampleUser } from './support/renderScreen';

const THEME_KEY = 'RaStoretalent-backoffice.theme';

function renderAt(url: string) {
  window.history.replaceState(null, '', url);
  const loadAdmin = vi.fn(() => Promise.resolve());
  const openAdmin = vi.fn();
  render(<PublicApp loadAdmin={loadAdmin} openAdmin={openAdmin} />);
  return { loadAdmin, openAdmin };
}

beforeEach(() => Cookies.remove('fs_token', { path: '/' }));
afterEach(() => {
  localStorage.removeItem(THEME_KEY);
  vi.unstubAllGlobals();
});

describe('the public app', () => {
  it('knows the signed-out screens, and only them', () => {
    for (const path of ['/login', '/signup', '/forgot-password', '/reset-password', '/activate-account'])
      expect(isPublicPath(path)).toBe(true);
    for (const path of ['/', '/profiles', '/login/x', '/alert-action', '/change-password']) expect(isPublicPath(path)).toBe(false);
  });

  it("shows /login with react-admin's messages and moves between the public screens without the admin", async () => {
    installFakeFetch();
    const { loadAdmin, openAdmin } = renderAt('/login');
    const user = userEvent.setup();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sign in');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findAllByText('Required')).toHaveLength(2); // ra.validation.required
    await user.click(screen.getByRole('link', { name: 'Sign up here' }));
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Sign up');
    expect(window.location.pathname).toBe('/signup');
    window.history.back();
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sign in'));
    expect(loadAdmin).not.toHaveBeenCalled();
    expect(openAdmin).not.toHaveBeenCalled();
  });

  it("takes the prerendered screen's CSS out of the page once it has rendered its own", () => {
    const style = document.createElement('style');
    style.dataset.prerendered = '';
    document.head.append(style);
    installFakeFetch();
    renderAt('/login');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sign in');
    expect(document.querySelector('style[data-prerendered]')).toBeNull();
  });

  it('reads the emailed link of /reset-password from the address', () => {
    installFakeFetch();
    renderAt('/reset-password');
    expect(screen.getByRole('alert')).toHaveTextContent('Email or code is missing');
    cleanup();
    renderAt('/reset-password?email=a%40b.c&code=abc');
    expect(screen.getByLabelText(/^New Password/)).toBeInTheDocument();
  });

  it('signs in, asking for the admin app as the form is sent, and hands over to it at /', async () => {
    const { calls } = installFakeFetch({
      'POST /api/v1/auth/sign-in/': { body: { token: 'tok-9' } },
      'GET /api/v1/users/me': { body: sampleUser },
    });
    const { loadAdmin, openAdmin } = renderAt('/login');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Email/), 'ada@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'secret');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(openAdmin).toHaveBeenCalledTimes(1));
    expect(loadAdmin).toHaveBeenCalledTimes(1);
    expect(window.location.pathname).toBe('/');
    expect(Cookies.get('fs_token')).toBe('tok-9');
    expect(calls.find((call) => call.url.endsWith('/auth/sign-in/'))?.body).toEqual({ email: 'ada@example.com', password: 'secret' });
  });

  it('leaves /login for the admin at once when someone is signed in already', async () => {
    Cookies.set('fs_token', 'tok-9', { path: '/' });
    installFakeFetch({ 'GET /api/v1/users/me': { body: sampleUser } });
    const { openAdmin } = renderAt('/login');
    await waitFor(() => expect(openAdmin).toHaveBeenCalledTimes(1));
    expect(window.location.pathname).toBe('/');
  });

  it("takes the theme chosen in the admin (react-admin's store), else the light one", () => {
    installFakeFetch();
    renderAt('/login');
    expect(getComputedStyle(document.body).backgroundColor).not.toBe('rgb(31, 31, 31)');
    cleanup();
    localStorage.setItem(THEME_KEY, JSON.stringify('dark'));
    renderAt('/login');
    expect(getComputedStyle(document.body).backgroundColor).toBe('rgb(31, 31, 31)'); // darkTheme's background (src/theme.ts)
  });
});

describe("the opened screen's chunk, asked for with the admin app", () => {
  it('is the list of /<resource> and the detail of /<resource>/<id>', () => {
    expect(routeScreenPaths('/profiles')).toEqual(['../../resources/profiles/ProfileList.tsx']);
    expect(routeScreenPaths('/profile-lists/')).toEqual(['../../resources/profile-lists/ProfileListList.tsx']);
    expect(routeScreenPaths('/users/3')).toEqual(['../../resources/users/UserShow.tsx']);
  });

  it('is nothing for the home page, a form, a sub-page or an unknown path', () => {
    for (const path of ['/', '/profiles/create', '/profiles/3/update', '/profiles/3/rating', '/nothing-here', '/login']) {
      expect(routeScreenPaths(path), path).toEqual([]);
    }
  });
});
