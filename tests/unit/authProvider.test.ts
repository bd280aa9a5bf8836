import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAuthProvider } from '../../authProvider';
import { installFakeFetch } from './support/fakeFetch';

const me = {
  id: 7,
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  is_staff: true,
  is_superuser: false,
  is_active: true,
  is_crowdsourcing: false,
  date_joined: '2026-01-01T00:00:00Z',
};

beforeEach(() => Cookies.remove('fs_token', { path: '/' }));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('authProvider', () => {
  it('login posts the credentials, sets fs_token with path /, SameSite Lax, Secure, and goes to /', async () => {
    const { calls } = installFakeFetch({
      'POST /api/v1/auth/sign-in/': { body: { token: 'tok-1' } },
      'GET /api/v1/users/me': { body: me },
    });
    const setSpy = vi.spyOn(Cookies, 'set');
    const provider = createAuthProvider();
    await expect(provider.login({ email: 'ada@example.com', password: 'pw' })).resolves.toEqual({ redirectTo: '/' });
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/v1/auth/sign-in/', body: { email: 'ada@example.com', password: 'pw' } });
    expect(setSpy).toHaveBeenCalledWith('fs_token', 'tok-1', { path: '/', sameSite: 'Lax', secure: true });
    expect(Cookies.get('fs_token')).toBe('tok-1');
    expect(calls[1].headers.get('Authorization')).toBe('Token tok-1');
  });

  it('a failed login rejects with the server message and sets no cookie', async () => {
    installFakeFetch({ 'POST /api/v1/auth/sign-in/': { status: 400, body: { errors: ['Invalid credentials.'] } } });
    const provider = createAuthProvider();
    await expect(provider.login({ email: 'a@b.c', password: 'x' })).rejects.toThrow('Invalid credentials.');
    expect(Cookies.get('fs_token')).toBeUndefined();
  });

  it('checkAuth rejects without a cookie, without calling the server', async () => {
    const { calls } = installFakeFetch();
    await expect(createAuthProvider().checkAuth({})).rejects.toBeDefined();
    expect(calls).toHaveLength(0);
  });

  it('validates a token through users/me once, and shares that user as identity and permissions', async () => {
    const { calls } = installFakeFetch({ 'GET /api/v1/users/me': { body: me } });
    Cookies.set('fs_token', 'tok-2', { path: '/' });
    const provider = createAuthProvider();
    await expect(provider.checkAuth({})).resolves.toBeUndefined();
    await expect(provider.getIdentity!()).resolves.toMatchObject({ id: 7, fullName: 'Ada Lovelace', email: 'ada@example.com' });
    await expect(provider.getPermissions!({})).resolves.toMatchObject({ is_staff: true, is_crowdsourcing: false });
    expect(calls).toHaveLength(1);
    expect(calls[0].headers.get('Authorization')).toBe('Token tok-2');
  });

  it('fetches users/me again when the token changes', async () => {
    const { calls } = installFakeFetch({ 'GET /api/v1/users/me': { body: me } });
    const provider = createAuthProvider();
    Cookies.set('fs_token', 'one', { path: '/' });
    await provider.checkAuth({});
    Cookies.set('fs_token', 'two', { path: '/' });
    await provider.checkAuth({});
    expect(calls.map((call) => call.headers.get('Authorization'))).toEqual(['Token one', 'Token two']);
  });

  it('a token that users/me refuses is cleared and the user is logged out', async () => {
    installFakeFetch({ 'GET /api/v1/users/me': { status: 500, body: { errors: ['Database down'] } } });
    Cookies.set('fs_token', 'bad', { path: '/' });
    const provider = createAuthProvider();
    await expect(provider.checkAuth({})).rejects.toThrow('Database down');
    expect(Cookies.get('fs_token')).toBeUndefined();
    await expect(provider.getIdentity!()).rejects.toBeDefined();
  });

  it('checkError rejects and clears the cookie on 401, resolves on other errors', async () => {
    const provider = createAuthProvider();
    Cookies.set('fs_token', 'tok', { path: '/' });
    await expect(provider.checkError({ status: 403 })).resolves.toBeUndefined();
    await expect(provider.checkError({ status: 500 })).resolves.toBeUndefined();
    expect(Cookies.get('fs_token')).toBe('tok');
    await expect(provider.checkError({ status: 401 })).rejects.toBeDefined();
    expect(Cookies.get('fs_token')).toBeUndefined();
  });

  it('logout ends the session on the server, clears the cookie and the cached user, and sends to /login', async () => {
    const { calls } = installFakeFetch({
      'GET /api/v1/users/me': { body: me },
      'POST /api/v1/auth/sign-out/': { body: { detail: 'Signed out.' } },
    });
    Cookies.set('fs_token', 'tok', { path: '/' });
    const provider = createAuthProvider();
    await provider.checkAuth({});
    await expect(provider.logout({})).resolves.toBe('/login');
    expect(Cookies.get('fs_token')).toBeUndefined();
    expect(calls.map((c) => `${c.method} ${new URL(c.url, 'http://localhost').pathname}`)).toEqual([
      'GET /api/v1/users/me',
      'POST /api/v1/auth/sign-out/',
    ]);
    expect(calls[1].headers.get('Authorization')).toBe('Token tok');
    await expect(provider.checkAuth({})).rejects.toBeDefined();
    // signed out already: a second logout sends nothing
    await provider.logout({});
    Cookies.set('fs_token', 'tok', { path: '/' });
    await provider.checkAuth({});
    expect(calls).toHaveLength(3);
  });
});
