import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { notFoundBody } from './errors';
import { userForToken } from '../accounts/tokens';
import { frameDeviceOf, pagePreloader, sessionTokenOf } from './page-preloads';

/**
 * Serves the built app, precompressed; pages (/, /profiles/12, /login…) get index.html (history
 * fallback), naming the scripts the page needs beyond its own when the build listed them
 * (page-preloads.ts). Nothing here is compressed per request (server/http/compression.ts).
 */
export async function registerStaticApp(app: FastifyInstance, root: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    // files are looked up per request: a rebuild while the server runs is served at once
    wildcard: true,
    // '/' is a page like the others (below): it names the admin app's scripts
    index: false,
    // the build writes a .br and a .gz beside every text file (server/build/precompress.mjs): sent as
    // they are with Content-Encoding and Vary: Accept-Encoding, the plain file to clients that take
    // neither; index.html too, for the history fallback below (sendFile)
    preCompressed: true,
    // hashed assets never change; index.html must always be fresh
    setHeaders(res, filePath) {
      res.header('Cache-Control', filePath.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const pageFor = pagePreloader(root);
  const sendPage = async (request: FastifyRequest, reply: FastifyReply, pathname: string) => {
    reply.header('Cache-Control', 'no-cache');
    // a signed-in page may come with its screen's frame, made for the visitor's device (page-preloads.ts):
    // only with a live session, or an expired one would show the screen before the sign-in page
    const token = pageFor.hasFrame(pathname) ? sessionTokenOf(request.headers.cookie) : undefined;
    const signedIn = token !== undefined && (await userForToken(app.db, token)) !== undefined;
    const page = pageFor(pathname, request.headers['accept-encoding'], { signedIn, device: frameDeviceOf(request.headers) });
    if (!page) return reply.sendFile('index.html');
    reply.header('Vary', 'Accept-Encoding, Cookie, Sec-CH-UA-Mobile, User-Agent').header('ETag', page.etag);
    if (
      String(request.headers['if-none-match'] ?? '')
        .split(/\s*,\s*/)
        .includes(page.etag)
    )
      return reply.status(304).send();
    if (page.encoding) reply.header('Content-Encoding', page.encoding);
    return reply.type('text/html; charset=utf-8').send(page.body);
  };
  // the home page: @fastify/static would send index.html as it is
  app.get('/', { schema: { hide: true } }, (request, reply) => sendPage(request, reply, '/'));
  app.setNotFoundHandler((request, reply) => {
    // a file has an extension in its path; a page's query may hold dots (?search=john.doe)
    const pathname = request.url.split('?')[0];
    const isPage = request.method === 'GET' && !pathname.startsWith('/api/') && !/\.[a-z0-9]+$/i.test(pathname);
    if (!isPage) return reply.status(404).send(notFoundBody(request.method, request.url));
    return sendPage(request, reply, pathname);
  });
}
