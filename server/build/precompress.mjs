// Brotli and gzip copies of the built app, made once at build time (vite build) so that the server
// sends them as they are (@fastify/static `preCompressed`, server/http/static-app.ts) instead of
// compressing a megabyte of script on every request. node:zlib only, no dependency; plain
// JavaScript (types in precompress.d.mts) so that vite.config.ts imports it with its extension.
import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { promisify } from 'node:util';

const brotliCompress = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Files worth compressing: text, and the few binary formats that are not compressed already. */
export const COMPRESSIBLE = /\.(?:js|mjs|cjs|css|html?|svg|json|map|txt|xml|webmanifest|ico|wasm)$/i;

/** Brotli at its highest quality (11), for a file of `size` bytes: paid once per build, not per request. */
export function brotliOptions(size) {
  return { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size } };
}
/** gzip at level 9. */
export const GZIP_OPTIONS = { level: zlib.constants.Z_BEST_COMPRESSION };

async function filesUnder(dir) {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath ?? entry.path, entry.name));
}

/**
 * Writes `name.br` and `name.gz` beside every compressible file under `dir`; a sibling that would
 * not be smaller than the file is not written (and an older one is removed). The compressions run
 * on libuv's thread pool, several at once.
 * @param {string} dir
 * @returns {Promise<import('./precompress.d.mts').PrecompressedFile[]>}
 */
export async function precompressDir(dir) {
  const files = (await filesUnder(dir)).filter((file) => COMPRESSIBLE.test(file)).sort();
  return Promise.all(
    files.map(async (file) => {
      const content = await fs.readFile(file);
      const [br, gz] = await Promise.all([brotliCompress(content, brotliOptions(content.length)), gzip(content, GZIP_OPTIONS)]);
      const written = { file: path.relative(dir, file).split(path.sep).join('/'), size: content.length };
      for (const [extension, compressed] of [['br', br], ['gz', gz]]) {
        const sibling = `${file}.${extension}`;
        if (compressed.length < content.length) {
          await fs.writeFile(sibling, compressed);
          written[extension] = compressed.length;
        } else {
          await fs.rm(sibling, { force: true });
        }
      }
      return written;
    }),
  );
}

const kb = (bytes) => `${Math.round(bytes / 1024)} KB`;

/**
 * Vite plugin: once the bundle is written (the public folder's files are there too), every
 * compressible file of the output folder gets its .br and .gz.
 * @returns {import('vite').Plugin}
 */
export function precompress() {
  let log = () => {};
  return {
    name: 'talent:precompress',
    apply: 'build',
    configResolved(config) {
      log = (message) => config.logger.info(message);
    },
    writeBundle: {
      sequential: true,
      order: 'post',
      async handler(options) {
        const dir = options.dir ?? (options.file ? path.dirname(options.file) : undefined);
        if (!dir) return;
        const done = await precompressDir(dir);
        const total = (key) => done.reduce((sum, file) => sum + (file[key] ?? file.size), 0);
        log(`precompressed ${done.length} files: ${kb(total('size'))} → brotli ${kb(total('br'))}, gzip ${kb(total('gz'))}`);
      },
    },
  };
}
