// The server as one ES module for `npm start`: no TypeScript loader at run time and one file to
// parse instead of a thousand small modules. Plain JavaScript so that it runs before anything is built.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const outdir = path.join(root, 'build/server');
export const serverBundle = path.join(outdir, 'serve.mjs');
/** makes the database templates (server/cli/prepare.ts) */
export const prepareBundle = path.join(outdir, 'prepare.mjs');
// src/public/pagePaths.ts: which scripts a page needs, src/public/firstRequests.ts: its inline first
// calls (both read by server/http/page-preloads.ts)
export const sources = ['server', 'types', 'src/public/pagePaths.ts', 'src/public/firstRequests.ts', 'package-lock.json'].map((name) =>
  path.join(root, name),
);

/** packages read from their own folder at run time (WebAssembly, data and static files), or never needed */
const external = ['@electric-sql/pglite', '@fastify/swagger-ui', 'vite', 'esbuild', 'pg-native'];

/** The newest modification time under `entry` (a file or a folder). */
export function newestChange(entry) {
  if (!fs.existsSync(entry)) return 0;
  const stat = fs.statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...fs.readdirSync(entry).map((name) => newestChange(path.join(entry, name))));
}

export function serverBundleIsStale() {
  const builtAt = fs.existsSync(serverBundle) ? fs.statSync(serverBundle).mtimeMs : 0;
  return !builtAt || builtAt < Math.max(...sources.map(newestChange));
}

/**
 * Builds into a folder of its own and moves the files in only when the whole build succeeded: a
 * failed build (a half-finished edit) leaves the last good bundle in place, and a server running
 * from it still finds the chunks it loads later (the previous build's are kept an hour).
 */
export async function buildServerBundle() {
  const { build } = await import('esbuild');
  const next = `${outdir}.next-${process.pid}`;
  fs.rmSync(next, { recursive: true, force: true });
  try {
    await buildInto(build, next);
    moveInto(next, outdir);
  } finally {
    fs.rmSync(next, { recursive: true, force: true });
  }
}

/** Moves every file of `from` into `to` (each rename replaces its file at once); prunes old chunks. */
function moveInto(from, to) {
  const fresh = new Set();
  for (const entry of fs.readdirSync(from, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const relative = path.relative(from, path.join(entry.parentPath ?? entry.path, entry.name));
    fresh.add(relative);
    fs.mkdirSync(path.dirname(path.join(to, relative)), { recursive: true });
    fs.renameSync(path.join(from, relative), path.join(to, relative));
  }
  const chunks = path.join(to, 'chunks');
  const hourAgo = Date.now() - 60 * 60 * 1000;
  for (const name of fs.existsSync(chunks) ? fs.readdirSync(chunks) : []) {
    const file = path.join(chunks, name);
    if (!fresh.has(path.join('chunks', name)) && fs.statSync(file).mtimeMs < hourAgo) fs.rmSync(file, { force: true });
  }
}

async function buildInto(build, outdir) {
  await build({
    entryPoints: { serve: path.join(root, 'server/cli/serve.ts'), prepare: path.join(root, 'server/cli/prepare.ts') },
    outdir,
    outExtension: { '.js': '.mjs' },
    // what the server imports on demand (pg-boss after listening, nodemailer with the first mail, pg
    // only on PostgreSQL) goes to chunks of its own, read when first needed
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external,
    logLevel: 'error',
    legalComments: 'none',
    // bundled CommonJS packages call require(); an ES module has none of its own
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  });
}
