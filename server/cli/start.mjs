// `npm start`: builds what is missing or older than its sources — the browser app (vite, into
// STATIC_DIR), the server bundle (esbuild) and the databases new installations start from —
// then runs the server with plain Node. `--build-only` (`npm run build`) stops after building.
import fs from 'node:fs';
import path from 'node:path';
import { buildServerBundle, newestChange, prepareBundle, serverBundle, serverBundleIsStale } from '../build/server-bundle.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const appSources = [
  'src',
  'resources',
  'dataProvider',
  'authProvider',
  'types',
  'index.html',
  'vite.config.ts',
  'server/build/precompress.mjs',
  'server/build/route-preloads.mjs',
  'server/build/prerender.mjs',
  'package-lock.json',
];

async function buildAppIfStale(staticDir) {
  const built = path.join(staticDir, 'index.html');
  const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
  if (builtAt && builtAt >= Math.max(...appSources.map((name) => newestChange(path.join(root, name))))) return;
  console.log('Building the browser app (vite build)…');
  const { build } = await import('vite');
  await build({ root, logLevel: 'warn', build: { outDir: staticDir, emptyOutDir: true } });
}

const buildOnly = process.argv.includes('--build-only');
try {
  await buildAppIfStale(path.resolve(process.env.STATIC_DIR || 'dist'));
  const serverChanged = serverBundleIsStale();
  if (serverChanged) {
    console.log('Building the server (esbuild)…');
    await buildServerBundle();
  }
  // only when building: on other starts a missing template is made when a new DATA_DIR needs it
  if (serverChanged || buildOnly) await import(prepareBundle);
} catch (error) {
  console.error(`Could not build: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
if (!buildOnly) await import(serverBundle);
