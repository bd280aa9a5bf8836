import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { notFoundBody } from './errors';

/**
 * Serves the built app, precompressed; client routes (/profiles/12, /login…) get index.html
 * (history fallback). Nothing here is compressed on the fly (server/http/compression.ts).
 */
export async function registerStaticApp(app: FastifyInstance, root: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    // files are looked up per request: a rebuild while the server runs is served at once
    wildcard: true,
    index: ['index.html'],
    // the build writes a .br and a .gz beside every text file (server/build/precompress.mjs): sent as
    // they are with Content-Encoding and Vary: Accept-Encoding, the plain file to clients that take
    // neither; index.html too, for the history fallback below (sendFile)
    preCompressed: true,
    // hashed assets never change; index.html must always be fresh
    setHeaders(res, filePath) {
      res.header('Cache-Control', filePath.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.setNotFoundHandler((request, reply) => {
    // a file has an extension in its path; a page's query may hold dots (?search=john.doe)
    const pathname = request.url.split('?')[0];
    const isPage = request.method === 'GET' && !pathname.startsWith('/api/') && !/\.[a-z0-9]+$/i.test(pathname);
    if (isPage) return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    return reply.status(404).send(notFoundBody(request.method, request.url));
  });
}
