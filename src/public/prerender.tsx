// The signed-out screens as HTML, made by the build (server/build/prerender.mjs) for the server to
// send inside the page (server/http/page-preloads.ts): a phone paints the form with the page itself
// instead of after ~130 KB of script, and the public app (src/public/PublicApp.tsx) then renders the
// same markup over it. Light theme, no query: the screens whose first render depends on neither.
import { renderToString } from 'react-dom/server';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { CssBaseline, ThemeProvider, createTheme } from '@mui/material';
import { i18nProvider } from '../i18n/i18nProvider';
import { lightTheme } from '../theme';
import { type PublicKit, PublicKitContext } from './kit';
import type { PrerenderedPages } from '../../server/build/prerender.mjs';
import type { PublicPath } from './pagePaths';
import { disabledUntilTheApp, emotionStyles } from './prerenderedMarkup';
import { PUBLIC_SCREENS } from './publicScreens';

/** The screens prerendered: their first render reads no query (reset and activation read their link's). */
export const PRERENDERED_PATHS: readonly PublicPath[] = ['/login', '/signup', '/forgot-password'];

const idle = () => new Promise<never>(() => undefined);

/** Nothing in it runs while rendering to a string: effects and handlers run in the browser only. */
const kit: PublicKit = {
  translate: (key, options) => i18nProvider.translate(key, options),
  navigate: () => undefined,
  login: idle,
  checkAuth: idle,
  request: idle,
  search: new URLSearchParams(),
};

/** `pathname`'s screen as HTML (its fields and buttons disabled), and the CSS its emotion styles (MUI's) need. */
export function prerender(pathname: PublicPath): { html: string; css: string } {
  // compat: emotion records the styles in the cache rather than writing <style> tags into the markup
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  const Screen = PUBLIC_SCREENS[pathname];
  const html = renderToString(
    <CacheProvider value={cache}>
      <ThemeProvider theme={createTheme(lightTheme)}>
        <CssBaseline enableColorScheme />
        <PublicKitContext.Provider value={kit}>
          <Screen />
        </PublicKitContext.Provider>
      </ThemeProvider>
    </CacheProvider>,
  );
  return { html: disabledUntilTheApp(html), css: emotionStyles(cache).css };
}

/** Every signed-out screen prerendered, by path (server/build/prerender.mjs). */
export const prerenderPages = async (): Promise<PrerenderedPages> =>
  Object.fromEntries(PRERENDERED_PATHS.map((pathname) => [pathname, prerender(pathname)]));
