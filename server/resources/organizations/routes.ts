import type { FastifyInstance } from 'fastify';
import type { OrganizationWrite } from '../../../types/api';
import { HttpError, notFound } from '../../http/errors';
import { listQuerySchema } from '../../http/list-query';
import { dateTime, errors, idList, idParams, listResponse, object, requiredText } from '../../http/schemas';
import { missingUserIds } from '../users/repository';
import { createOrganization, deleteOrganization, getOrganization, listOrganizations, updateOrganization } from './repository';

const staff = { access: 'staff' as const };

const organizationSchema = object({
  id: { type: 'integer' },
  name: { type: 'string' },
  users: {
    type: 'array',
    items: object({
      id: { type: 'integer' },
      external_id: { type: ['string', 'null'] },
      first_name: { type: 'string' },
      last_name: { type: 'string' },
      email: { type: 'string' },
      date_joined: dateTime,
    }),
  },
  created_at: dateTime,
  updated_at: dateTime,
});

const writeBody = object({ name: requiredText(255), users: idList }, ['name']);
const patchBody = object({ name: requiredText(255), users: idList }, []);

/** Organizations: staff only (SPEC §7 Organizations). */
export default async function organizationRoutes(app: FastifyInstance) {
  async function checkUsers(ids: number[] | undefined) {
    const missing = await missingUserIds(app.db, ids ?? []);
    if (missing.length) {
      const messages = missing.map((id) => `Invalid pk "${id}" - object does not exist.`);
      throw new HttpError(400, messages.map((m) => `users: ${m}`), { users: messages });
    }
  }

  app.get<{ Querystring: Record<string, never> }>('/organizations', {
    config: staff,
    schema: { tags: ['organizations'], querystring: listQuerySchema(), response: { 200: listResponse(organizationSchema), ...errors(400, 401, 403) } },
  }, async (request) => listOrganizations(app.db, request.query));

  app.get<{ Params: { id: number } }>('/organizations/:id', {
    config: staff,
    schema: { tags: ['organizations'], params: idParams, response: { 200: organizationSchema, ...errors(400, 401, 403, 404) } },
  }, async (request) => (await getOrganization(app.db, request.params.id)) ?? Promise.reject(notFound()));

  app.post<{ Body: OrganizationWrite }>('/organizations/', {
    config: staff,
    schema: { tags: ['organizations'], body: writeBody, response: { 201: organizationSchema, ...errors(400, 401, 403) } },
  }, async (request, reply) => {
    await checkUsers(request.body.users);
    reply.status(201);
    return createOrganization(app.db, { name: request.body.name, users: request.body.users ?? [] });
  });

  for (const method of ['put', 'patch'] as const) {
    app[method]<{ Params: { id: number }; Body: Partial<OrganizationWrite> }>('/organizations/:id', {
      config: staff,
      schema: {
        tags: ['organizations'], params: idParams, body: method === 'put' ? writeBody : patchBody,
        response: { 200: organizationSchema, ...errors(400, 401, 403, 404) },
      },
    }, async (request) => {
      await checkUsers(request.body.users);
      return (await updateOrganization(app.db, request.params.id, request.body)) ?? Promise.reject(notFound());
    });
  }

  app.delete<{ Params: { id: number } }>('/organizations/:id', {
    config: staff,
    schema: { tags: ['organizations'], params: idParams, response: { 204: { type: 'null' }, ...errors(400, 401, 403, 404) } },
  }, async (request, reply) => {
    if (!(await deleteOrganization(app.db, request.params.id))) throw notFound();
    reply.status(204).send();
  });
}
