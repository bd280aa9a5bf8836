// The signed-out screens on a first visit, without react-admin: the same components, the same
// messages (react-admin's and ours, src/i18n) and the same light or dark theme, in a few hundred
// lines of the app's own; leaving them for an admin page (after signing in, say) hands over to
// the admin app (src/main.tsx), which the login form starts loading as it is sent.
import { useEffect, useMemo, useState } from 'react';
import { CssBaseline, ThemeProvider, createTheme, useMediaQuery } from '@mui/material';
import { authProvider } from '../../authProvider';
import { API_URL, createDataProvider } from '../../dataProvider';
import { i18nProvider } from '../i18n/i18nProvider';
import { darkTheme, lightTheme } from '../theme';
import { type PublicKit, PublicKitContext } from './kit';
import { isPublicPath } from './pagePaths';
import { PUBLIC_SCREENS } from './publicScreens';

const translate = (key: string, options?: Record<string, unknown>) => i18nProvider.translate(key, options);
const { request } = createDataProvider({ apiUrl: API_URL });


/** The theme react-admin would show: the one chosen in the app (its store), else the system's. */
function useThemeMode(): 'light' | 'dark' {
  const prefersDark = useMediaQuery('(prefers-color-scheme: dark)', { noSsr: true });
  try {
    const chosen = JSON.parse(localStorage.getItem('RaStoretalent-backoffice.theme') ?? 'null');
    if (chosen === 'light' || chosen === 'dark') return chosen;
  } catch {
    // no storage, or not JSON: the system's choice
  }
  return prefersDark ? 'dark' : 'light';
}

interface PublicAppProps {
  /** the admin app's script, asked for early (the login form, as it is sent) */
  loadAdmin: () => Promise<unknown>;
  /** shows the admin app at the browser's current address */
  openAdmin: () => void;
}

export function PublicApp({ loadAdmin, openAdmin }: PublicAppProps) {
  const [location, setLocation] = useState(() => ({ pathname: window.location.pathname, search: window.location.search }));
  const mode = useThemeMode();
  const theme = useMemo(() => createTheme(mode === 'dark' ? darkTheme : lightTheme), [mode]);

  useEffect(() => {
    const onPopState = () => {
      if (!isPublicPath(window.location.pathname)) openAdmin();
      else setLocation({ pathname: window.location.pathname, search: window.location.search });
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [openAdmin]);

  const kit = useMemo<PublicKit>(() => {
    const navigate = (to: string) => {
      const url = new URL(to, window.location.href);
      window.history.pushState(null, '', url);
      if (isPublicPath(url.pathname)) setLocation({ pathname: url.pathname, search: url.search });
      else openAdmin();
    };
    return {
      translate,
      navigate,
      async login(values) {
        const admin = loadAdmin(); // loads while the server checks the password
        const { redirectTo } = (await authProvider.login(values)) as { redirectTo: string };
        await admin;
        navigate(redirectTo);
      },
      checkAuth: () => authProvider.checkAuth?.({}) ?? Promise.reject(),
      request,
      search: new URLSearchParams(location.search),
    };
  }, [location.search, loadAdmin, openAdmin]);

  // the prerendered screen's CSS (server/http/page-preloads.ts), replaced by the app's own once it has rendered
  useEffect(() => document.querySelector('style[data-prerendered]')?.remove(), []);

  const Screen = isPublicPath(location.pathname) ? PUBLIC_SCREENS[location.pathname] : undefined;
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      <PublicKitContext.Provider value={kit}>{Screen && <Screen />}</PublicKitContext.Provider>
    </ThemeProvider>
  );
}
