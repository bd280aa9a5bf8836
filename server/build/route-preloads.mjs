// Which scripts a page needs beyond what index.html names, written by the build for the server
// (server/http/page-preloads.ts) to name in the page it sends: a signed-in page (/profiles, /users/3,
// /) needs the admin app (src/App.tsx) and its screen's chunk, which the first script would
// otherwise ask for only once it has run — a round trip more on a phone's network. The signed-out
// pages (src/public/pagePaths.ts) need nothing more. Plain JavaScript, like precompress.mjs.
import path from 'node:path';

/** Where the build writes the list, in the output folder (a dot folder: @fastify/static does not serve it). */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/** A resource's screen module → its folder and kind, by the resources' naming (resources/<folder>/*List.tsx). */
const SCREEN = /\/resources\/([^/]+)\/[^/]+(List|Show)\.tsx$/;

/**
 * @param {{ publicPaths: readonly string[], mainModule: string, publicModule: string, adminModules: readonly string[] }} options
 *   mainModule: the app's first module (an absolute path), loaded with import() by the page's small entry
 *   (src/boot.ts) once the page has painted
 *   publicModule: the signed-out screens' app (an absolute path), loaded with import() by the main module
 *   adminModules: the admin app's modules (absolute paths), loaded with import() by the main module one
 *   after the other (src/adminSteps/loadAdmin.ts), the admin app itself last
 * @returns {import('vite').Plugin}
 */
export function routePreloads({ publicPaths, mainModule, publicModule, adminModules }) {
  return {
    name: 'talent:route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      /** a chunk and every chunk it imports statically, as URLs */
      const closure = (chunk, seen = new Set()) => {
        if (seen.has(chunk.fileName)) return seen;
        seen.add(chunk.fileName);
        for (const imported of chunk.imports) if (byFile.has(imported)) closure(byFile.get(imported), seen);
        return seen;
      };
      const entry = chunks.find((chunk) => chunk.isEntry);
      const chunkOf = (module) => chunks.find((chunk) => chunk.facadeModuleId && path.resolve(chunk.facadeModuleId) === path.resolve(module));
      const main = chunkOf(mainModule);
      const admin = adminModules.map(chunkOf);
      const missing = [mainModule, publicModule, ...adminModules].find((module) => !chunkOf(module));
      if (!entry || missing) throw new Error(`route-preloads: no ${entry ? `chunk of ${missing}` : 'entry chunk'} in the bundle`);
      const named = closure(entry); // index.html names these already
      const firstFiles = [...closure(main)].filter((file) => !named.has(file));
      const publicFiles = [...closure(chunkOf(publicModule))].filter((file) => !named.has(file) && !firstFiles.includes(file));
      const adminClosure = new Set(admin.flatMap((chunk) => [...closure(chunk)]));
      const adminFiles = [...adminClosure].filter((file) => !named.has(file) && !firstFiles.includes(file));
      const screens = {};
      for (const chunk of chunks) {
        const match = chunk.facadeModuleId?.split(path.sep).join('/').match(SCREEN);
        if (!match) continue;
        const [, folder, kind] = match;
        // the screen's own chunk only: its small shared ones (a dozen or more) would hold up the admin
        // app's scripts on a phone's few connections (measured: docs/PERFORMANCE.md); they are asked for
        // as the first script runs (src/public/routeScreens.ts), while the admin app still loads
        screens[folder] = { ...screens[folder], [kind.toLowerCase()]: [chunk.fileName] };
      }
      const url = (file) => `/${file}`;
      const preloads = {
        publicPaths: [...publicPaths],
        first: firstFiles.map(url),
        public: publicFiles.map(url),
        admin: adminFiles.map(url),
        screens: Object.fromEntries(
          Object.entries(screens).map(([folder, kinds]) => [folder, Object.fromEntries(Object.entries(kinds).map(([kind, files]) => [kind, files.map(url)]))]),
        ),
      };
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: `${JSON.stringify(preloads, null, 2)}\n` });
    },
  };
}
