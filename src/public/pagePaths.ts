// What a page's path says about the scripts it needs, read by the app (src/main.tsx), the build
// (vite.config.ts) and the server (server/http/page-preloads.ts) alike: the signed-out screens a
// first visit shows in the small public app (src/public/PublicApp.tsx), and the resource screen
// that an admin page opens, by the resources' naming (resources/<folder>/*List.tsx, *Show.tsx).
export const PUBLIC_PATHS = ['/login', '/signup', '/forgot-password', '/reset-password', '/activate-account'] as const;

export type PublicPath = (typeof PUBLIC_PATHS)[number];

/** Whether `pathname` is one of the screens the public app shows. */
export const isPublicPath = (pathname: string): pathname is PublicPath => (PUBLIC_PATHS as readonly string[]).includes(pathname);

/** The resource screen `pathname` opens: /<folder> its list, /<folder>/<id> its detail; else null. */
export function screenOfPath(pathname: string): { folder: string; kind: 'list' | 'show' } | null {
  const [folder, id, more] = pathname.split('/').filter(Boolean);
  if (!folder || more !== undefined || id === 'create') return null;
  return { folder, kind: id === undefined ? 'list' : 'show' };
}

/** The device a signed-in page's frame is made for (src/adminFrame/prerender.tsx): its layout differs. */
export type FrameDevice = 'phone' | 'wide';

/** Where the build keeps `pathname`'s frame for `device` among its prerendered pages (server/build/prerender.mjs). */
export const frameKey = (pathname: string, device: FrameDevice) => `${pathname} ${device}`;
