// An admin page asks for its first screen's calls itself (src/public/firstRequests.ts, the inline
// script the server puts in the page); the app's httpClient takes each answer once, for the same
// URL and token, and reads it exactly as it reads its own calls.
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import { createDataProvider, httpClient } from '../../dataProvider';
import { FIRST_REQUESTS, firstRequestsScript } from '../../src/public/firstRequests';
import { installFakeFetch } from './support/fakeFetch';

const me = { id: 7, email: 'ada@example.com' };
const page = { count: 1, results: [{ id: 3, first_name: 'Ada' }] };

/** Runs the page's script as the browser would (a classic script at `path`), with the fake fetch. */
function runScript(path: string, apiUrl = '') {
  window.history.replaceState(null, '', path);
  // biome-ignore lint/security/noGlobalEval: the inline script of the page, run in the global scope as the page runs it
  const runGlobally = window.eval;
  runGlobally(firstRequestsScript(apiUrl));
}

beforeEach(() => {
  Cookies.remove('fs_token', { path: '/' });
  localStorage.clear();
  delete (window as { __firstRequests?: unknown }).__firstRequests;
});
afterEach(() => window.history.replaceState(null, '', '/'));

describe('the page script', () => {
  it('asks for who is signed in and, on /profiles, its options and first page, with the token', () => {
    const { calls } = installFakeFetch({ 'GET /api/v1/users/me': { body: me } });
    Cookies.set('fs_token', 'tok-1', { path: '/' });
    runScript('/profiles');
    expect(calls.map((call) => call.url)).toEqual(['/api/v1/users/me', ...FIRST_REQUESTS['/profiles'].urls]);
    for (const call of calls) expect(call.headers.get('authorization')).toBe('Token tok-1');
  });

  it('asks for nothing signed out or with a query, only who is signed in on other pages', () => {
    const { calls } = installFakeFetch();
    runScript('/profiles');
    expect(calls).toHaveLength(0);
    Cookies.set('fs_token', 'tok-1', { path: '/' });
    runScript('/profiles?filter=%7B%7D');
    expect(calls).toHaveLength(0);
    runScript('/users');
    expect(calls.map((call) => call.url)).toEqual(['/api/v1/users/me']);
  });

  it('asks for the first page however the list was left: it starts from its address (src/admin-kit/list/AddressSync.tsx)', () => {
    const { calls } = installFakeFetch();
    Cookies.set('fs_token', 'tok-1', { path: '/' });
    localStorage.setItem('RaStoretalent-backoffice.profiles.addressList', '{"sort":"last_name","page":3}');
    runScript('/profiles');
    expect(calls.map((call) => call.url)).toEqual(['/api/v1/users/me', ...FIRST_REQUESTS['/profiles'].urls]);
  });

  it("prefixes the app's API address", () => {
    const { calls } = installFakeFetch();
    Cookies.set('fs_token', 'tok-1', { path: '/' });
    runScript('/', 'https://api.example.com');
    expect(calls.map((call) => call.url)).toEqual(['https://api.example.com/api/v1/users/me']);
  });
});

describe('the httpClient', () => {
  it('takes an early answer once, for its URL and token, then fetches as always', async () => {
    const { calls } = installFakeFetch({ 'GET /api/v1/users/me': { body: me }, 'GET /api/v1/profiles': { body: page } });
    Cookies.set('fs_token', 'tok-1', { path: '/' });
    runScript('/profiles');
    expect(calls).toHaveLength(3);
    const list = await createDataProvider().getList('profiles', {
      pagination: { page: 1, perPage: 10 },
      sort: { field: '', order: 'ASC' },
      filter: {},
    });
    expect(list).toEqual({ data: page.results, total: 1 });
    expect((await httpClient('/api/v1/users/me')).json).toEqual(me);
    expect(calls).toHaveLength(3); // both answered by the page's calls
    await httpClient('/api/v1/users/me');
    expect(calls).toHaveLength(4); // once only
  });

  it("ignores the answers another token's page asked for, and any write", async () => {
    const { calls } = installFakeFetch({ 'GET /api/v1/users/me': { body: me }, 'POST /api/v1/users/me': { body: me } });
    Cookies.set('fs_token', 'tok-1', { path: '/' });
    runScript('/');
    Cookies.set('fs_token', 'tok-2', { path: '/' });
    await httpClient('/api/v1/users/me');
    expect(calls).toHaveLength(2);
    expect(calls[1].headers.get('authorization')).toBe('Token tok-2');
  });

  it('reads a refused early answer as its own: the error message, and a 401 ends the session', async () => {
    installFakeFetch({ 'GET /api/v1/users/me': { status: 401, body: { errors: ['Invalid token.'] } } });
    Cookies.set('fs_token', 'tok-1', { path: '/' });
    runScript('/');
    const error = await httpClient('/api/v1/users/me').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(401);
    expect(Cookies.get('fs_token')).toBeUndefined();
  });
});
