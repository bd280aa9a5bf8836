// The signed-out screens prerendered by the build (src/public/prerender.tsx), written for the server
// (server/http/page-preloads.ts) to send inside their page: the form paints with the HTML rather
// than after the first script has downloaded and run — a second or more on a phone. The module is
// loaded through Vite (same aliases, JSX and import.meta.glob as the app) in Node, once per build.
import fs from 'node:fs';
import path from 'node:path';

/** Where the build writes the pages, in the output folder (a dot folder: @fastify/static does not serve it). */
export const PRERENDERED_FILE = '.vite/prerendered.json';

/**
 * @param {{ module: string }} options
 *   module: the prerender module, from the project's root ('/src/public/prerender.tsx'): exports
 *   PRERENDERED_PATHS and prerender(path) → { html, css }
 * @returns {import('vite').Plugin}
 */
export function prerenderPages({ module }) {
  /** @type {import('vite').ResolvedConfig} */
  let config;
  return {
    name: 'talent:prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async writeBundle() {
      if (config.build.ssr) return;
      const { createServer } = await import('vite');
      const server = await createServer({
        root: config.root,
        configFile: config.configFile,
        logLevel: 'warn',
        appType: 'custom',
        server: { middlewareMode: true, hmr: false, ws: false, watch: null },
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      try {
        const { PRERENDERED_PATHS, prerender } = await server.ssrLoadModule(module);
        const pages = Object.fromEntries(PRERENDERED_PATHS.map((pathname) => [pathname, prerender(pathname)]));
        const file = path.join(config.build.outDir, PRERENDERED_FILE);
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, `${JSON.stringify(pages)}\n`);
      } finally {
        await server.close();
      }
    },
  };
}
