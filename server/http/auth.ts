import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { userForToken } from '../accounts/tokens';
import type { CurrentUser } from '../accounts/users';
import { forbidden } from '../errors';
import { unauthorized } from './errors';

/** Who may call a route: everyone, any signed-in user (the default), or staff only. */
export type Access = 'public' | 'user' | 'staff';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    /** the signed-in user; set on every route that is not public */
    user: CurrentUser;
    /** hash of the token the request came with */
    tokenHash: string;
  }
}

/** `Authorization: Token {token}` on every API route but the public ones (CONVENTIONS "API"). */
export default fp(
  async (app) => {
    app.decorateRequest('user', null as unknown as CurrentUser);
    app.decorateRequest('tokenHash', '');
    // onRequest: the caller's identity is checked before their input is validated
    app.addHook('onRequest', async (request: FastifyRequest) => {
      // only API routes: an unknown path (the 404 handler, or the built app's catch-all
      // file route) answers 404 whoever asks, as it does in Django REST framework
      if (!request.routeOptions.url?.startsWith('/api/v1/')) return;
      const access: Access = request.routeOptions.config?.access ?? 'user';
      if (access === 'public') return;
      const header = request.headers.authorization ?? '';
      const match = /^Token\s+(\S+)\s*$/i.exec(header);
      if (!match) throw unauthorized();
      // a read reads the tables' versions with the token (one round trip: see server/db/viewer.ts)
      const found = await userForToken(app.db, match[1], { versions: request.method === 'GET' || request.method === 'HEAD' });
      if (!found) throw unauthorized('Invalid token.');
      request.user = found.user;
      request.tokenHash = found.tokenHash;
      if (access === 'staff' && !found.user.is_staff) throw forbidden();
    });
  },
  { name: 'auth', dependencies: ['context'] },
);
