// Signed-in screens as a frame: the build renders the admin app (src/App.tsx) in Node at a list
// screen's address, its answers not yet there — the layout, the heading, the search box and filters,
// the table saying "Loading..." — once for a phone and once for a wide screen. The server sends the
// frame inside the page (server/http/page-preloads.ts), so a phone paints the screen with the HTML
// instead of after its scripts have run (seconds of a phone's CPU), and the app then renders over it
// at the same places. Its styles go in the page in emotion's server form: the app's emotion cache
// takes them as already inserted instead of writing each rule again as it renders.
import { renderToString } from 'react-dom/server';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import type { QueryClient } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import type { PrerenderedPage, PrerenderedPages } from '../../server/build/prerender.mjs';
import { fullNameOf } from '../../authProvider';
import type { User } from '../../types/api';
import { AdminApp, newQueryClient } from '../App';
import { isLazyScreen } from '../admin-kit/lazyScreen';
import { type FrameDevice, frameKey } from '../public/pagePaths';
import { disabledUntilTheApp, emotionStylesWithGlobals } from '../public/prerenderedMarkup';
import { registry } from '../registry';
import { lightTheme } from '../theme';
import { widthMatches } from './mediaQueries';

/** The viewport width each frame is laid out for (Lighthouse's phone is 412 px wide). */
export const FRAME_WIDTHS: Record<FrameDevice, number> = { phone: 412, wide: 1280 };

/** The list screens whose page asks for their first answers itself (`listFirstQueries`): the ones opened first. */
export const FRAMED_PATHS = registry.filter(({ listFirstQueries }) => listFirstQueries?.length).map(({ name }) => `/${name}`);

/**
 * react-admin reads two things of `document` as it renders (the preferences inspector's default
 * place, the title's portal target): a stand-in for the render, at the device's width, none found.
 */
function withDocument<T>(width: number, render: () => T): T {
  const global = globalThis as { document?: unknown };
  if (global.document !== undefined) return render();
  global.document = { body: { clientWidth: width }, getElementById: () => null, querySelector: () => null, querySelectorAll: () => [] };
  try {
    return render();
  } finally {
    delete global.document;
  }
}

/** `pathname`'s screen for `device`, signed in and waiting for its answers. */
export async function prerenderFrame(pathname: string, device: FrameDevice): Promise<PrerenderedPage> {
  const width = FRAME_WIDTHS[device];
  const client = newQueryClient();
  // signed in (the page is only sent with a session); who it is and the screen's data are not known
  client.setQueryData(['auth', 'checkAuth', {}], true);
  for (const { list } of registry) if (isLazyScreen(list)) await list.preload();
  const theme = {
    ...lightTheme,
    components: {
      ...lightTheme.components,
      MuiUseMediaQuery: { defaultProps: { ssrMatchMedia: (query: string) => ({ matches: widthMatches(query, width) }) } },
    },
  };
  // compat: emotion records the styles in the cache rather than writing <style> tags into the markup
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  const render = (queryClient: QueryClient) =>
    withDocument(width, () =>
      renderToString(
        <CacheProvider value={cache}>
          <MemoryRouter initialEntries={[pathname]}>
            <AdminApp client={queryClient} theme={theme} />
          </MemoryRouter>
        </CacheProvider>,
      ),
    );
  const html = render(client);
  // The app's first render has its answers (src/firstScreen.ts): rows, filters, the user's menu, each
  // styled by rules the frame lacks, which emotion would write in that render's commit (a phone's
  // longest task). The screen rendered again with made-up answers adds them to the page's styles.
  render(answeredClient(pathname));
  return { html: disabledUntilTheApp(html), ...emotionStylesWithGlobals(cache) };
}

/** A signed-in staff member, made up: the top bar's user menu as the app renders it. */
const SAMPLE_USER: User = {
  id: 1,
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  is_staff: true,
  is_superuser: true,
  is_active: true,
  is_crowdsourcing: false,
  date_joined: '2026-01-01T00:00:00Z',
  time_zone: null,
  digest_hour: 8,
};

/** A query client holding what the app's first render at `pathname` has: the user and the screen's sample answers. */
function answeredClient(pathname: string): QueryClient {
  const client = newQueryClient();
  client.setQueryData(['auth', 'checkAuth', {}], true);
  client.setQueryData(['auth', 'getIdentity'], { ...SAMPLE_USER, fullName: fullNameOf(SAMPLE_USER) });
  client.setQueryData(['auth', 'getPermissions', {}], SAMPLE_USER);
  const declaration = registry.find(({ name }) => `/${name}` === pathname);
  for (const { queryKey, frameSample } of declaration?.listFirstQueries ?? [])
    if (frameSample !== undefined) client.setQueryData(queryKey, frameSample);
  return client;
}

/** Every framed screen for every device, under the keys the server looks them up by. */
export async function prerenderPages(): Promise<PrerenderedPages> {
  const pages: PrerenderedPages = {};
  for (const pathname of FRAMED_PATHS)
    for (const device of Object.keys(FRAME_WIDTHS) as FrameDevice[])
      pages[frameKey(pathname, device)] = await prerenderFrame(pathname, device);
  return pages;
}
