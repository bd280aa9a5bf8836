import fs from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config';
import { closeOnSignals, startServer } from '../main';

/** `npm start`: build the browser app when it is missing or older than its sources, then serve. */
const SOURCES = ['src', 'resources', 'dataProvider', 'authProvider', 'types', 'index.html', 'vite.config.ts', 'package-lock.json'];

function newestChange(entry: string): number {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...fs.readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

async function buildIfNeeded(staticDir: string): Promise<void> {
  const built = path.join(staticDir, 'index.html');
  const builtAt = fs.existsSync(built) ? fs.statSync(built).mtimeMs : 0;
  if (builtAt && builtAt >= Math.max(...SOURCES.map(newestChange))) return;
  console.log('Building the browser app (vite build)…');
  const { build } = await import('vite');
  await build({ logLevel: 'warn', build: { outDir: staticDir, emptyOutDir: true } });
}

const config = loadConfig();
try {
  await buildIfNeeded(config.staticDir);
  closeOnSignals(await startServer(config));
} catch (error) {
  console.error(`Could not start: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
