// `npm start`: builds what is missing or older than its sources — the browser app (vite, into
// STATIC_DIR) and the server bundle (esbuild) — then runs the server with plain Node.
// `--build-only` (`npm run build`) stops after building.
import fs from 'node:fs';
import path from 'node:path';
import { buildServerBundle, newestChange, serverBundle, serverBundleIsStale } from '../build/server-bundle.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const appSources = ['src', 'resources', 'dataProvider', 'authProvider', 'types', 'index.html', 'vite.config.ts', 'package-lock.json'];

async function buildAppIfStale(staticDir) {
  const built = path.join(staticDir, 'index.html');
  const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
  if (builtAt && builtAt >= Math.max(...appSources.map((name) => newestChange(path.join(root, name))))) return;
  console.log('Building the browser app (vite build)…');
  const { build } = await import('vite');
  await build({ root, logLevel: 'warn', build: { outDir: staticDir, emptyOutDir: true } });
}

try {
  await buildAppIfStale(path.resolve(process.env.STATIC_DIR || 'dist'));
  if (serverBundleIsStale()) {
    console.log('Building the server (esbuild)…');
    await buildServerBundle();
  }
} catch (error) {
  console.error(`Could not build: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
if (!process.argv.includes('--build-only')) await import(serverBundle);
