// The signed-in user's sessions (issue 19): where they are signed in (the device read from the
// User-Agent a token was issued to, its address, when it was signed in and last used), and ending
// one, or all but this one. Ending this request's own session is signing out.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IdParams, ListOf, NoContent, errors } from '../../../types/schema';
import { EndSessionsResponseSchema, SessionSchema } from '../../../types/wire/auth';
import type { Session } from '../../../types/api';
import { typed } from '../../http/crud';
import { notFound } from '../../errors';
import { liveSessions, revokeSession, revokeTokens, type SessionOrigin } from '../../accounts/tokens';
import { auditedAccountWrite, sessionsEnded } from '../../audit/account';
import { describeDevice } from '../../accounts/device';

const tags = ['auth'];

/** What a new session records of the request that signs in. */
export function sessionDevice(request: FastifyRequest): SessionOrigin {
  return { userAgent: request.headers['user-agent'], ip: request.ip };
}

export default async function sessionRoutes(instance: FastifyInstance) {
  const app = typed(instance);

  app.get(
    '/auth/sessions',
    {
      schema: {
        tags,
        summary: "The signed-in user's live sessions, the last used first (`current`: this request's)",
        response: { 200: ListOf(SessionSchema), ...errors(401) },
      },
    },
    async (request) => {
      const rows = await liveSessions(app.db, request.user.id);
      const results: Session[] = rows.map(({ token_hash, user_agent, ...row }) => ({
        ...row,
        ...describeDevice(user_agent),
        user_agent,
        created_at: row.created_at.toISOString(),
        last_used_at: new Date(row.last_used_at).toISOString(),
        current: token_hash === request.tokenHash,
      }));
      return { count: results.length, results };
    },
  );

  app.delete(
    '/auth/sessions/:id',
    {
      schema: {
        tags,
        summary: 'End one of the signed-in user’s sessions (this one: signing out); 404 for any other',
        params: IdParams,
        response: { 204: NoContent, ...errors(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await auditedAccountWrite(
        app.db,
        request.user,
        request.user,
        'sessions',
        async (trx) => {
          // nothing ended (not one of theirs): no entry, a 404
          if (!(await revokeSession(trx, request.user.id, request.params.id))) throw notFound();
          return 1;
        },
        sessionsEnded,
      );
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/auth/sessions/end-others',
    {
      schema: {
        tags,
        summary: 'End every session of the signed-in user but this one',
        response: { 200: EndSessionsResponseSchema, ...errors(401) },
      },
    },
    async (request) => {
      const ended = await auditedAccountWrite(
        app.db,
        request.user,
        request.user,
        'sessions',
        (trx) => revokeTokens(trx, request.user.id, request.tokenHash),
        sessionsEnded,
      );
      return { detail: 'Other sessions ended.', ended };
    },
  );
}
