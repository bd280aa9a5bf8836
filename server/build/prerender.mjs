// The pages prerendered by the build — the signed-out screens (src/public/prerender.tsx), the frames
// of the signed-in screens opened first (src/adminFrame/prerender.tsx) — written for the server
// (server/http/page-preloads.ts) to send inside their page: the screen paints with the HTML rather
// than after the first script has downloaded and run — a second or more on a phone. The modules are
// loaded through Vite (same aliases, JSX and import.meta.glob as the app) in Node, once per build.
import fs from 'node:fs';
import path from 'node:path';

/** Where the build writes the pages, in the output folder (a dot folder: @fastify/static does not serve it). */
export const PRERENDERED_FILE = '.vite/prerendered.json';

/**
 * @param {{ modules: string[] }} options
 *   modules: the prerender modules, from the project's root ('/src/public/prerender.tsx'): each
 *   exports prerenderPages() → a promise of { [key]: { html, css, ids? } }
 * @returns {import('vite').Plugin}
 */
export function prerenderPages({ modules }) {
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
        const pages = {};
        for (const module of modules) Object.assign(pages, await (await server.ssrLoadModule(module)).prerenderPages());
        const file = path.join(config.build.outDir, PRERENDERED_FILE);
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, `${JSON.stringify(pages)}\n`);
      } finally {
        await server.close();
      }
    },
  };
}
