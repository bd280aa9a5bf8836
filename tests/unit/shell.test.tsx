import './support/slowMachine';
import Cookies from 'js-cookie';
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryStore } from 'react-admin';
import { App } from '../../src/App';
import { messages } from '../../src/i18n/i18nProvider';
import { themeKeepingStore } from '../../src/theme';
import { installFakeFetch } from './support/fakeFetch';
import { sampleUser } from './support/renderScreen';

afterEach(() => {
  Cookies.remove('fs_token', { path: '/' });
  vi.unstubAllGlobals();
  window.history.pushState({}, '', '/');
});

/**
 * Polls `probe` every 50 ms. testing-library's findBy/waitFor re-run their query on every
 * DOM mutation, and over the whole shell that starves the rendering in jsdom.
 */
async function eventually<T>(probe: () => T | null | undefined, timeoutMs = 8000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`not there after ${timeoutMs} ms:\n${document.body.innerHTML.slice(0, 2000)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function visit(path: string) {
  window.history.pushState({}, '', path);
  return render(<App />);
}

describe('<App>', () => {
  it('sends an unauthenticated visitor of a protected route to /login', async () => {
    installFakeFetch();
    visit('/users');
    expect(await eventually(() => document.querySelector('h1'))).toHaveTextContent('Sign in');
    await eventually(() => window.location.pathname === '/login');
  });

  it('serves the public screens without a session', async () => {
    const { calls } = installFakeFetch();
    visit('/signup');
    expect(await eventually(() => document.querySelector('h1'))).toHaveTextContent('Sign up');
    expect(window.location.pathname).toBe('/signup');
    expect(calls.filter((call) => call.url.includes('users/me'))).toHaveLength(0);
  });

  it('shows Home inside the layout (top bar, generated menu) to a signed-in staff user', async () => {
    installFakeFetch({ 'GET /api/v1/users/me': { body: { ...sampleUser, is_staff: true } } });
    Cookies.set('fs_token', 'tok', { path: '/' });
    visit('/');
    expect(await eventually(() => document.querySelector('#main-content a[href="/profiles"]'))).toHaveTextContent(/^See Profiles/);
    const nav = await eventually(() => document.querySelector<HTMLElement>('nav[aria-label="Main menu"]'));
    expect(nav.querySelector('a[href="/users"]')).toHaveTextContent('Users');
    expect(nav.querySelector('a[href="/organizations"]')).toHaveTextContent('Organizations');
    expect(document.querySelector('header button[aria-haspopup="menu"]')).toHaveTextContent('AL');
    expect(document.querySelector('header [aria-label="Toggle light/dark mode"]')).not.toBeNull();
  });

  it('drops a token that users/me refuses and goes to /login', async () => {
    installFakeFetch({ 'GET /api/v1/users/me': { status: 401, body: { errors: ['Invalid token.'] } } });
    Cookies.set('fs_token', 'revoked', { path: '/' });
    visit('/user-profile-detail');
    await eventually(() => window.location.pathname === '/login');
    expect(Cookies.get('fs_token')).toBeUndefined();
  });
});

describe('themeKeepingStore', () => {
  it('keeps the theme choice when react-admin resets the store at logout', () => {
    const store = themeKeepingStore(memoryStore());
    store.setup();
    store.setItem('theme', 'dark');
    store.setItem('users.listParams', { page: 2 });
    store.reset();
    expect(store.getItem('theme')).toBe('dark');
    expect(store.getItem('users.listParams')).toBeUndefined();
  });
});

describe('i18n catalogue', () => {
  it("merges react-admin's messages, the app's and the partial catalogues of resources and lists", () => {
    const catalogue = messages as Record<string, any>;
    expect(catalogue.ra.validation.required).toBe('Required');
    expect(catalogue.app.login.forgot_password).toBe('Forgot your Password?');
    expect(catalogue.app.list.select_action).toBe('Select Action');
    expect(catalogue.resources.users.menu).toBe('Users');
    expect(catalogue.resources.users.subtitle).toBe('There are %{count} users');
  });
});
