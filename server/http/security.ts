import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import { FIRST_REQUESTS_SCRIPT_HASH, FRAME_SCRIPT_HASH, THEME_SCRIPT_HASH } from './page-preloads';

/**
 * Security headers with a CSP the app works under: scripts only from us,
 * inline styles (MUI's emotion injects them), images from us, data: URIs and
 * the https image proxy, API calls to us (or VITE_API_URL's origin).
 */
export async function registerSecurity(app: FastifyInstance): Promise<void> {
  const apiOrigin = process.env.VITE_API_URL ? new URL(process.env.VITE_API_URL).origin : undefined;
  await app.register(helmet, {
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
  });
}
