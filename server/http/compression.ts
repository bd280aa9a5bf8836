import type { FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import zlib from 'node:zlib';

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compresses API answers (`/api/…`: the JSON of `/api/v1`, the OpenAPI document and its viewer) of
 * at least COMPRESSION_THRESHOLD_BYTES with brotli or gzip, whichever the client's Accept-Encoding
 * prefers; streamed answers (the CSV export) are compressed as they stream. Empty answers (204) and
 * small ones are left alone. Register before any route: the plugin hooks each route as it is added.
 *
 * The built app is not compressed here: the build made its .br and .gz files
 * (server/build/precompress.mjs) and @fastify/static sends them as they are (static-app.ts), so its
 * routes are left out rather than compressed on every request. Request bodies are not
 * decompressed: nothing sends them compressed, and it keeps request handling as it was.
 * Compressing answers that hold secrets beside reflected input is safe here (no BREACH): the API
 * authenticates by the Authorization header alone, which another site cannot make a browser send.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // runs before the plugin's own onRoute hook (added after it, below)
  app.addHook('onRoute', (route) => {
    if (route.compress === undefined && !route.url.startsWith('/api/')) route.compress = false;
  });
  await app.register(compress, {
    // brotli at quality 3, gzip at zlib's level 6. A page of ten profiles (5.6 KB of JSON) at quality 3:
    // 1,550 bytes in 93 µs; at 4 (the plugin's default) 1,509 bytes in 169 µs — 6 % of the server's
    // main thread under a list load at ten million profiles, for 3 % fewer bytes.
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3 } },
    threshold: COMPRESSION_THRESHOLD_BYTES,
    globalDecompression: false,
  });
}
