// The screen chunk of the page being opened, asked for beside the admin app's own script: the
// resource's lazy screen (src/admin-kit/lazyScreen.ts) then finds it loaded or on its way, instead
// of asking for it once the app has rendered (a round trip on a slow network). The page the
// server sent names these already when it could (server/http/page-preloads.ts); this covers a
// build served otherwise (vite preview, another server) and is free when it did.
import { screenOfPath } from './pagePaths';

const lists = import.meta.glob('../../resources/*/*List.tsx');
const shows = import.meta.glob('../../resources/*/*Show.tsx');

/** The screen modules of `pathname` (paths as the loaders' keys), none when it is not a list or a detail. */
export function routeScreenPaths(pathname: string): string[] {
  const screen = screenOfPath(pathname);
  if (!screen) return [];
  return Object.keys(screen.kind === 'list' ? lists : shows).filter((path) => path.split('/').at(-2) === screen.folder);
}

export function preloadRouteScreen(pathname: string): void {
  for (const path of routeScreenPaths(pathname)) {
    (lists[path] ?? shows[path])().catch(() => undefined); // the screen, when rendered, reports a failure itself
  }
}

/**
 * Whether the page named its scripts itself (server/http/page-preloads.ts: modulepreload links, or a
 * framed page's template of them), the opened screen's among them: asking for the screen here would
 * then only evaluate it early — its whole module graph (react-admin, Material UI) in one task as soon
 * as it has arrived, ahead of the admin app's steps (src/adminSteps/loadAdmin.ts).
 */
export function pageNamedItsScripts(): boolean {
  return document.querySelector('link[rel="modulepreload"], template[data-after-paint]') !== null;
}
