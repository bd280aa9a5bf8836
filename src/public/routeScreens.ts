// The screen chunk of the page being opened, asked for beside the admin app's own script: the
// resource's lazy screen (src/admin-kit/lazyScreen.ts) then finds it loaded or on its way, instead
// of asking for it once the app has rendered (a round trip on a slow network). By the
// resources' naming: /<resource> is resources/<resource>/*List.tsx, /<resource>/<id> *Show.tsx.
const lists = import.meta.glob('../../resources/*/*List.tsx');
const shows = import.meta.glob('../../resources/*/*Show.tsx');

/** The screen modules of `pathname` (paths as the loaders' keys), none when it is not a list or a detail. */
export function routeScreenPaths(pathname: string): string[] {
  const [folder, id, more] = pathname.split('/').filter(Boolean);
  if (!folder || more !== undefined || id === 'create') return [];
  return Object.keys(id === undefined ? lists : shows).filter((path) => path.split('/').at(-2) === folder);
}

export function preloadRouteScreen(pathname: string): void {
  for (const path of routeScreenPaths(pathname)) {
    (lists[path] ?? shows[path])().catch(() => undefined); // the screen, when rendered, reports a failure itself
  }
}
