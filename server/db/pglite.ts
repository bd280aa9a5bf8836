import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { PGlite } from '@electric-sql/pglite';

/** How the embedded engine is opened: its extensions, its settings, and its WebAssembly loaded early. */
const require = createRequire(import.meta.url);

export type PgliteExtensions = Record<string, unknown>;

/** The PostgreSQL extensions the migrations use, as PGlite loads them. */
export async function pgliteExtensions(): Promise<PgliteExtensions> {
  const [{ pg_trgm }, { unaccent }] = await Promise.all([
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/unaccent'),
  ]);
  return { pg_trgm, unaccent };
}

/**
 * PostgreSQL's shared buffers inside PGlite. Its default, 128 MB, costs about a tenth of a second
 * of every start (setting up that much WebAssembly memory); pages beyond the buffers are still
 * read from the operating system's cache, a synchronous call away.
 */
const SHARED_BUFFERS = '64MB';

interface Preloaded {
  pgliteWasmModule: WebAssembly.Module;
  fsBundle: Blob;
}
let preloaded: Promise<Preloaded | undefined> | undefined;

/**
 * Starts reading PGlite's WebAssembly and file-system bundle and compiling the WebAssembly (V8
 * does that on background threads). Called first thing at start (server/cli/serve.ts), it overlaps
 * with loading the server's own modules instead of leaving the main thread waiting later.
 * Undefined if PGlite's files are not where they are expected: PGlite then loads them itself.
 */
export function preloadPglite(): Promise<Preloaded | undefined> {
  preloaded ??= (async () => {
    const dist = path.dirname(require.resolve('@electric-sql/pglite'));
    // read at once (milliseconds from the page cache): chunked reads would wait for the busy main thread
    const [wasm, data] = [fs.readFileSync(path.join(dist, 'pglite.wasm')), fs.readFileSync(path.join(dist, 'pglite.data'))];
    return { pgliteWasmModule: await WebAssembly.compile(wasm), fsBundle: new Blob([data]) };
  })().catch(() => undefined);
  return preloaded;
}

export async function createPglite(
  dataDir: string | undefined,
  extensions: PgliteExtensions,
  options: { loadDataDir?: Blob } = {},
): Promise<PGlite> {
  const [{ PGlite }, engine] = await Promise.all([import('@electric-sql/pglite'), preloadPglite()]);
  const settings = {
    ...engine,
    extensions: extensions as never,
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${SHARED_BUFFERS}`],
    ...options,
  };
  return dataDir ? PGlite.create(dataDir, settings) : PGlite.create(settings);
}
