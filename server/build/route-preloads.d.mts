import type { Plugin } from 'vite';

/** Where the build writes the list, in the output folder. */
export declare const ROUTE_PRELOADS_FILE: string;

/** What the build writes: the scripts a page needs beyond index.html's, as URLs. */
export interface RoutePreloads {
  /** pages that need `first` and `public` (the small public app) */
  publicPaths: string[];
  /** the app's first module (src/main.tsx, imported by the page's small entry once it painted): every page */
  first: string[];
  /** the public app (src/public/PublicApp.tsx): the signed-out pages (none in an older build's list) */
  public?: string[];
  /** the admin app: every other page */
  admin: string[];
  /** per resource folder (= its route), the list's and the detail's screen chunk */
  screens: Record<string, { list?: string[]; show?: string[] }>;
}

/** Vite plugin: writes ROUTE_PRELOADS_FILE into the output folder. */
export declare function routePreloads(options: {
  publicPaths: readonly string[];
  mainModule: string;
  publicModule: string;
  adminModules: readonly string[];
}): Plugin;
