import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { FIRST_REQUESTS_SCRIPT_HASH, FRAME_SCRIPT_HASH, THEME_SCRIPT_HASH } from './page-preloads';

/**
 * Security headers with a CSP the app works under: scripts only from us,
 * inline styles (MUI's emotion injects them), images from us, data: URIs and
 * the https image proxy, API calls to us (or VITE_API_URL's origin).
 */
export async function registerSecurity(app: FastifyInstance): Promise<void> {
  const apiOrigin = process.env.VITE_API_URL ? new URL(process.env.VITE_API_URL).origin : undefined;
  const headers = headersOf(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          // and, by their hashes, the prerendered pages' theme check and the admin pages' first calls (page-preloads.ts)
          scriptSrc: ["'self'", THEME_SCRIPT_HASH, FRAME_SCRIPT_HASH, FIRST_REQUESTS_SCRIPT_HASH],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'https:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", ...(apiOrigin ? [apiOrigin] : [])],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      // the image proxy serves without CORP headers
      crossOriginEmbedderPolicy: false,
      // the app runs on plain http on localhost too
      strictTransportSecurity: false,
    }),
  );
  // The same headers on every answer (no nonces): taken once here rather than helmet's middleware
  // built and run per request (@fastify/helmet does that: ~3 % of the main thread under a list load).
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/** The headers a header-setting middleware sets, from a stand-in response. */
function headersOf(middleware: Middleware): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failed: unknown;
  middleware({} as IncomingMessage, res as unknown as ServerResponse, (error) => (failed = error));
  if (failed) throw failed;
  return headers;
}
