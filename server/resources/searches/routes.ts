import type { FastifyInstance } from 'fastify';
import type { SavedSearchWrite } from '../../../types/api';
import { notFound } from '../../http/errors';
import { listQuerySchema } from '../../http/list-query';
import { dateTime, errors, idParams, listResponse, object, requiredText } from '../../http/schemas';
import { createSavedSearch, deleteSavedSearch, getSavedSearch, listSavedSearches, updateSavedSearch } from './repository';

const savedSearchSchema = object({
  id: { type: 'integer' }, name: { type: 'string' }, url: { type: 'string' }, entity: { type: 'string' }, created_at: dateTime, updated_at: dateTime,
});
const fields = {
  name: requiredText(255),
  url: { type: 'string', maxLength: 4000 },
  entity: { type: 'string', enum: ['Profile'], default: 'Profile' },
};
type IdParams = { Params: { id: number } };

/** Saved searches of the profiles screen, shared with organization colleagues (SPEC §7 Saved searches). */
export default async function savedSearchRoutes(app: FastifyInstance) {
  app.get<{ Querystring: Record<string, never> }>('/searches', {
    schema: { tags: ['searches'], querystring: listQuerySchema(), response: { 200: listResponse(savedSearchSchema), ...errors(400, 401) } },
  }, async (request) => listSavedSearches(app.db, request.user, request.query));

  app.get<IdParams>('/searches/:id', {
    schema: { tags: ['searches'], params: idParams, response: { 200: savedSearchSchema, ...errors(400, 401, 404) } },
  }, async (request) => (await getSavedSearch(app.db, request.user, request.params.id)) ?? Promise.reject(notFound()));

  app.post<{ Body: SavedSearchWrite }>('/searches/', {
    schema: { tags: ['searches'], body: object(fields, ['name', 'url']), response: { 201: savedSearchSchema, ...errors(400, 401) } },
  }, async (request, reply) => {
    const id = await createSavedSearch(app.db, request.user.id, request.body);
    reply.status(201);
    return getSavedSearch(app.db, request.user, id);
  });

  for (const method of ['put', 'patch'] as const) {
    app[method]<IdParams & { Body: Partial<SavedSearchWrite> }>('/searches/:id', {
      schema: { tags: ['searches'], params: idParams, body: object(fields, method === 'put' ? ['name', 'url'] : []), response: { 200: savedSearchSchema, ...errors(400, 401, 404) } },
    }, async (request) => {
      if (!(await getSavedSearch(app.db, request.user, request.params.id))) throw notFound();
      await updateSavedSearch(app.db, request.params.id, request.body);
      return getSavedSearch(app.db, request.user, request.params.id);
    });
  }

  app.delete<IdParams>('/searches/:id', {
    schema: { tags: ['searches'], params: idParams, response: { 204: { type: 'null' }, ...errors(400, 401, 404) } },
  }, async (request, reply) => {
    if (!(await getSavedSearch(app.db, request.user, request.params.id))) throw notFound();
    await deleteSavedSearch(app.db, request.params.id);
    reply.status(204).send();
  });
}
