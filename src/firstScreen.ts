// The first screen rendered once, with its answers. A page opened by its address asked for its
// first calls itself (src/public/firstRequests.ts); react-admin would still render the screen
// once per answer as each arrives (signed in, the screen's chunk, its options, its rows), every
// render a long task of a phone's CPU, and react-query's updates cannot be sliced (they are
// useSyncExternalStore updates, always rendered at once). So the app waits for those answers and
// puts them in react-query's cache under the keys react-admin's hooks use, then renders once — as
// a transition, in slices. The answers travel beside the app's scripts, so the wait is mostly
// spent loading them anyway. A key that does not match only costs the hook its own fetch, as without this.
import { hashKey, type Query, type QueryClient } from '@tanstack/react-query';
import type { AuthProvider } from 'react-admin';
import type { AppDataProvider } from '../dataProvider';
import { hasFirstRequests } from '../dataProvider/firstRequests';
import { isLazyScreen } from './admin-kit/lazyScreen';
import { screenOfPath } from './public/pagePaths';
import type { FirstQuery, ResourceDeclaration } from './resourceTypes';

/** How long an answer put in the cache here counts as fresh: the hooks mounting with it do not fetch it again. */
const FRESH_MS = 10_000;

/** How long the first render waits for the answers at most. */
const LONGEST_WAIT_MS = 3000;

/** query hash → when its answer was put in the cache here */
const seededAt = new Map<string, number>();

/**
 * react-query's staleTime for the app's queries: 0 (react-query's default: a mounting hook fetches
 * again) except for an answer put in the cache here, fresh for FRESH_MS and only until it is replaced.
 */
export function firstAnswersStaleTime(query: Query): number {
  // the same number every time it is asked (react-query compares it between renders and replans its timers when it moves)
  return seededAt.get(query.queryHash) === query.state.dataUpdatedAt ? FRESH_MS : 0;
}

export interface FirstScreenServices {
  queryClient: QueryClient;
  authProvider: AuthProvider;
  dataProvider: AppDataProvider;
  registry: ResourceDeclaration[];
}

/** The queries of `pathname`'s first screen beyond the signed-in user's, and its lazy screen. */
function screenOf(pathname: string, registry: ResourceDeclaration[]) {
  const screen = screenOfPath(pathname);
  const declaration = screen && registry.find(({ name }) => name === screen.folder);
  if (!screen || !declaration) return { queries: [], component: undefined };
  return screen.kind === 'list'
    ? { queries: declaration.listFirstQueries ?? [], component: declaration.list }
    : { queries: [], component: declaration.show };
}

/**
 * Waits for the first answers of the page at `pathname` (`search`: its query) and puts them in the
 * cache; loads the screen's chunk. Nothing when the page did not ask early (no session, another
 * page): the app then renders and fetches as always. Never fails: a failed answer is left to the
 * hook that asks for it (its error, a sign-in page on a 401).
 */
export async function prepareFirstScreen(
  { queryClient, authProvider, dataProvider, registry }: FirstScreenServices,
  pathname: string,
  search: string,
) {
  if (!hasFirstRequests()) return;
  const put = async ({ queryKey, queryFn }: FirstQuery) => {
    const data = await queryFn(dataProvider);
    const updatedAt = Date.now();
    queryClient.setQueryData(queryKey, data, { updatedAt });
    seededAt.set(hashKey(queryKey), updatedAt);
  };
  const signedIn: FirstQuery[] = [
    // CoreAdminRoutes' check (useAuthState's key) and the top bar's user (useGetIdentity's)
    { queryKey: ['auth', 'checkAuth', {}], queryFn: () => authProvider.checkAuth({}).then(() => true) },
    { queryKey: ['auth', 'getIdentity'], queryFn: () => (authProvider.getIdentity ? authProvider.getIdentity() : Promise.reject()) },
    // usePermissions' (react-admin's own screens ask for it)
    {
      queryKey: ['auth', 'getPermissions', {}],
      queryFn: () => (authProvider.getPermissions ? authProvider.getPermissions({}) : Promise.reject()),
    },
  ];
  const { queries, component } = screenOf(pathname, registry);
  const answered = Promise.allSettled([
    ...signedIn.map(put),
    // the screen's own queries only for its plain address: a query string asks for something else
    ...(search ? [] : queries).map(put),
    isLazyScreen(component) ? component.preload() : undefined,
  ]);
  // a slow answer does not hold the whole app back: it then renders, and its hooks wait as always
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([answered, new Promise((resolve) => (timer = setTimeout(resolve, LONGEST_WAIT_MS)))]);
  clearTimeout(timer);
}
