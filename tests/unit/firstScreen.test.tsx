// The first screen rendered once, with its answers (src/firstScreen.ts): the answers the page asked
// for early are put in react-query's cache under react-admin's own keys before the first render,
// count as fresh only while they are the ones put there, and a lazy screen already loaded renders
// without suspending.
import { Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import Cookies from 'js-cookie';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAuthProvider } from '../../authProvider';
import { createDataProvider } from '../../dataProvider';
import { firstPageQuery } from '../../src/admin-kit/list/firstPage';
import { isLazyScreen, lazyScreen } from '../../src/admin-kit/lazyScreen';
import { firstAnswersStaleTime, prepareFirstScreen } from '../../src/firstScreen';
import { firstRequestsScript } from '../../src/public/firstRequests';
import { apiPathsOf, registry } from '../../src/registry';
import { installFakeFetch } from './support/fakeFetch';

const me = { id: 7, email: 'ada@example.com', first_name: 'Ada', last_name: 'Lovelace', is_staff: true };
const dimensions = { sources: [], nationalities: [], companies: [], ratings: {} };
const page = { count: 1, results: [{ id: 3, first_name: 'Grace', last_name: 'Hopper' }] };

/** The page's own script, run as the browser runs it at `path`. */
function runPageScript(path: string) {
  window.history.replaceState(null, '', path);
  // biome-ignore lint/security/noGlobalEval: the page's inline script, run in the global scope as the page runs it
  const runGlobally = window.eval;
  runGlobally(firstRequestsScript(''));
}

function services() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: firstAnswersStaleTime } } });
  const dataProvider = createDataProvider({ apiUrl: '', resourcePaths: apiPathsOf(registry) });
  return { queryClient, dataProvider, authProvider: createAuthProvider({ apiUrl: '' }), registry };
}

const routes = {
  'GET /api/v1/users/me': { body: me },
  'GET /api/v1/profiles/dimensions/': { body: dimensions },
  'GET /api/v1/profiles': { body: page },
};

beforeEach(() => {
  Cookies.remove('fs_token', { path: '/' });
  localStorage.clear();
  delete (window as { __firstRequests?: unknown }).__firstRequests;
});
afterEach(() => window.history.replaceState(null, '', '/'));

describe('prepareFirstScreen', () => {
  it("puts the page's answers under react-admin's keys, without asking again, and loads the screen", async () => {
    const { calls } = installFakeFetch(routes);
    Cookies.set('fs_token', 'tok-1', { path: '/' });
    runPageScript('/profiles');
    expect(calls).toHaveLength(3);
    const given = services();
    const List = registry.find(({ name }) => name === 'profiles')?.list;
    if (!isLazyScreen(List)) throw new Error('the profiles list is a lazy screen');
    const preload = vi.spyOn(List, 'preload');
    await prepareFirstScreen(given, '/profiles', '');
    // the screen's chunk loaded before the first render: it renders without suspending
    expect(preload).toHaveBeenCalledTimes(1);
    preload.mockRestore();

    const cached = (key: readonly unknown[]) => given.queryClient.getQueryData(key);
    expect(cached(['auth', 'checkAuth', {}])).toBe(true);
    expect(cached(['auth', 'getIdentity'])).toMatchObject({ id: 7, fullName: 'Ada Lovelace' });
    expect(cached(['auth', 'getPermissions', {}])).toMatchObject({ id: 7 });
    expect(cached(['profiles', 'dimensions'])).toEqual(dimensions);
    expect(cached(firstPageQuery('profiles').queryKey)).toMatchObject({ total: 1, data: [{ id: 3, first_name: 'Grace' }] });
    // every answer was the page's: nothing asked twice
    expect(calls).toHaveLength(3);
  });

  it('renders without the answers once it has waited 3 s for them', async () => {
    vi.useFakeTimers();
    try {
      installFakeFetch({ 'GET /api/v1/users/me': () => new Promise(() => undefined) });
      Cookies.set('fs_token', 'tok-1', { path: '/' });
      runPageScript('/users');
      let done = false;
      const prepared = prepareFirstScreen(services(), '/users', '').then(() => {
        done = true;
      });
      await vi.advanceTimersByTimeAsync(2900);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(200);
      await prepared;
      expect(done).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the answers fresh only while they are the ones it put there', async () => {
    installFakeFetch(routes);
    Cookies.set('fs_token', 'tok-1', { path: '/' });
    runPageScript('/profiles');
    const given = services();
    await prepareFirstScreen(given, '/profiles', '');
    const query = given.queryClient.getQueryCache().find({ queryKey: ['profiles', 'dimensions'], exact: true });
    expect(query && firstAnswersStaleTime(query)).toBeGreaterThan(0);
    given.queryClient.setQueryData(['profiles', 'dimensions'], { ...dimensions, sources: ['x'] }, { updatedAt: Date.now() + 1 });
    expect(query && firstAnswersStaleTime(query)).toBe(0);
    // a query it never put there: react-query's default
    given.queryClient.setQueryData(['users', 'getList', {}], { data: [], total: 0 });
    const other = given.queryClient.getQueryCache().find({ queryKey: ['users', 'getList', {}], exact: true });
    expect(other && firstAnswersStaleTime(other)).toBe(0);
  });

  it('puts only who is signed in for a page with a query (the screen asks for something else)', async () => {
    const { calls } = installFakeFetch(routes);
    Cookies.set('fs_token', 'tok-1', { path: '/' });
    runPageScript('/profiles');
    const given = services();
    await prepareFirstScreen(given, '/profiles', '?page=2');
    expect(given.queryClient.getQueryData(['auth', 'checkAuth', {}])).toBe(true);
    expect(given.queryClient.getQueryData(firstPageQuery('profiles').queryKey)).toBeUndefined();
    expect(given.queryClient.getQueryData(['profiles', 'dimensions'])).toBeUndefined();
    expect(calls.filter((call) => call.url.includes('/profiles'))).toHaveLength(2); // the page's, left unused
  });

  it('does nothing when the page did not ask (signed out), and never fails on a refused token', async () => {
    const { calls } = installFakeFetch({ 'GET /api/v1/users/me': { status: 401, body: { errors: ['Invalid token.'] } } });
    const given = services();
    await prepareFirstScreen(given, '/profiles', '');
    expect(calls).toHaveLength(0);
    expect(given.queryClient.getQueryCache().getAll()).toHaveLength(0);

    Cookies.set('fs_token', 'tok-gone', { path: '/' });
    runPageScript('/users');
    await expect(prepareFirstScreen(given, '/users', '')).resolves.toBeUndefined();
    // the refusal is left to react-admin's own check, which then sends the visitor to sign in
    expect(given.queryClient.getQueryData(['auth', 'checkAuth', {}])).toBeUndefined();
  });
});

const Hello = () => <p>hello</p>;
const AgainScreen = () => <p>again</p>;

describe('lazyScreen', () => {
  it('suspends before its module is loaded, and renders at once after preload', async () => {
    let loads = 0;
    const Screen = lazyScreen(
      async () => {
        loads += 1;
        return { Hello };
      },
      (module) => module.Hello,
    );
    const first = render(
      <Suspense fallback={<p>waiting</p>}>
        <Screen />
      </Suspense>,
    );
    expect(screen.getByText('waiting')).toBeTruthy();
    expect(await screen.findByText('hello')).toBeTruthy();
    first.unmount();

    const Again = lazyScreen(
      async () => ({ Hello: AgainScreen }),
      (module) => module.Hello,
    );
    await Again.preload();
    render(
      <Suspense fallback={<p>waiting</p>}>
        <Again />
      </Suspense>,
    );
    // synchronously there: no fallback first
    expect(screen.queryByText('waiting')).toBeNull();
    expect(screen.getByText('again')).toBeTruthy();
    expect(loads).toBe(1);
  });
});
