import type { FastifyInstance } from 'fastify';
import type { CrowdsourcingRequest, UserIdRequest } from '../../../types/api';
import { HttpError, fieldError, notFound } from '../../http/errors';
import { listQuerySchema } from '../../http/list-query';
import { detailResponse, errors, id, idParams, listResponse, object } from '../../http/schemas';
import { createDefaultEntitiesJob } from '../../jobs/default-entities';
import { revokeTokens } from '../../accounts/tokens';
import { findUser, listUsers, toUser, updateUser } from './repository';
import { userSchema } from './schemas';

const staff = { access: 'staff' as const };
const userIdBody = object({ user_id: id });

/** The current user, and the staff's user administration (SPEC §7 Authentication and users). */
export default async function userRoutes(app: FastifyInstance) {
  app.get('/users/me', {
    schema: { tags: ['users'], summary: 'The signed-in user', response: { 200: userSchema, ...errors(401) } },
  }, async (request) => toUser(request.user as never));

  app.get<{ Querystring: { page?: number; page_size?: number; search?: string; ordering?: string } }>('/users', {
    config: staff,
    schema: {
      tags: ['users'], summary: 'Users; search on names and e-mail',
      querystring: listQuerySchema(),
      response: { 200: listResponse(userSchema), ...errors(400, 401, 403) },
    },
  }, async (request) => listUsers(app.db, request.query));

  app.get<{ Params: { id: number } }>('/users/:id', {
    config: staff,
    schema: { tags: ['users'], params: idParams, response: { 200: userSchema, ...errors(400, 401, 403, 404) } },
  }, async (request) => {
    const user = await findUser(app.db, request.params.id);
    if (!user) throw notFound();
    return toUser(user);
  });

  /** a staff action on one user: 400 naming user_id when the user does not exist */
  async function targetUser(userId: number) {
    const user = await findUser(app.db, userId);
    if (!user) throw fieldError('user_id', `Invalid pk "${userId}" - object does not exist.`);
    return user;
  }

  app.post<{ Body: CrowdsourcingRequest }>('/users/crowdsourcing/', {
    config: staff,
    schema: {
      tags: ['users'], summary: 'Set or unset the crowdsourcing status of a user',
      body: object({ user_id: id, is_crowdsourcing: { type: 'boolean' } }),
      response: { 200: userSchema, ...errors(400, 401, 403) },
    },
  }, async (request) => {
    const user = await targetUser(request.body.user_id);
    return toUser((await updateUser(app.db, user.id, { is_crowdsourcing: request.body.is_crowdsourcing }))!);
  });

  app.post<{ Body: UserIdRequest }>('/users/crowdsourcing/entities/', {
    config: staff,
    schema: {
      tags: ['users'], summary: 'Create, in the background, the default entities of a crowdsourcing user',
      body: userIdBody,
      response: { 202: detailResponse, ...errors(400, 401, 403) },
    },
  }, async (request, reply) => {
    const user = await targetUser(request.body.user_id);
    if (!user.is_crowdsourcing) throw fieldError('user_id', 'This user is not a crowdsourcing user.');
    await app.jobs.send(createDefaultEntitiesJob, { user_id: user.id });
    reply.status(202);
    return { detail: 'Default entity creation initiated.' };
  });

  app.post<{ Body: UserIdRequest }>('/users/activate/', {
    config: staff,
    schema: { tags: ['users'], summary: 'Activate a user', body: userIdBody, response: { 200: userSchema, ...errors(400, 401, 403) } },
  }, async (request) => {
    const user = await targetUser(request.body.user_id);
    return toUser((await updateUser(app.db, user.id, { is_active: true }))!);
  });

  app.post<{ Body: UserIdRequest }>('/users/de-activate/', {
    config: staff,
    schema: {
      tags: ['users'], summary: 'De-activate a user (their sessions end); not oneself',
      body: userIdBody, response: { 200: userSchema, ...errors(400, 401, 403) },
    },
  }, async (request) => {
    const user = await targetUser(request.body.user_id);
    if (user.id === request.user.id) throw new HttpError(400, ['user_id: You cannot de-activate yourself.'], { user_id: ['You cannot de-activate yourself.'] });
    const updated = (await updateUser(app.db, user.id, { is_active: false }))!;
    // their sessions end: re-activating the account later must not revive them
    await revokeTokens(app.db, user.id);
    return toUser(updated);
  });
}
