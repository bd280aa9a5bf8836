// Two ways in. A first visit to a signed-out screen (/login, /signup…) gets the small public app:
// no react-admin to download and parse before the form shows (a phone on a slow network shows
// it a second sooner). Every other page gets the admin app, with the opened screen's chunk
// asked for at the same time rather than once the app has rendered (src/public/routeScreens.ts).
// Neither is imported here: this module is what every page evaluates first (React itself), and
// each app's modules are evaluated as that app is opened, in tasks of their own.
import { StrictMode, startTransition, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadAdmin } from './adminSteps/loadAdmin';
import { isPublicPath } from './public/pagePaths';
import { pageNamedItsScripts, preloadRouteScreen } from './public/routeScreens';

const root = createRoot(document.getElementById('root')!);
const show = (app: ReactNode) => root.render(<StrictMode>{app}</StrictMode>);

function openAdmin() {
  const { pathname, search } = window.location;
  // only for a page that did not name the screen's scripts (a build another server serves), in a task
  // of its own (the preload helper appends a link for each chunk: a phone's millisecond or four each)
  if (!pageNamedItsScripts()) setTimeout(() => preloadRouteScreen(pathname));
  // the first render waits for the screen's first answers (src/firstScreen.ts) and is a
  // transition: React renders in slices, leaving the main thread free between them
  loadAdmin()
    .then(async ({ App, prepareFirstRender }) => {
      await prepareFirstRender(pathname, search);
      return App;
    })
    .then((App) => startTransition(() => show(<App />)));
}

// The page came with its screen prerendered (server/http/page-preloads.ts): React renders over it as a
// transition, in slices that leave the main thread free between them, not one long task of a phone's CPU.
function openPublic() {
  import('./public/PublicApp').then(({ PublicApp }) =>
    startTransition(() => show(<PublicApp loadAdmin={loadAdmin} openAdmin={openAdmin} />)),
  );
}

// After this module's own evaluation (React's, the longest single task of a page on a phone), in a task of its own.
setTimeout(() => (isPublicPath(window.location.pathname) ? openPublic() : openAdmin()));
