import type { FastifyInstance } from 'fastify';
import type { ProfileListWrite } from '../../../types/api';
import { HttpError, notFound } from '../../http/errors';
import { listQuerySchema } from '../../http/list-query';
import { dateTime, errors, idList, idParams, listResponse, object, requiredText } from '../../http/schemas';
import { registerDefaultEntity } from '../../jobs/default-entities';
import { invisibleProfileIds } from '../profiles/repository';
import { createProfileList, deleteProfileList, ensurePersonalList, getProfileList, listProfileLists, memberIds, updateProfileList } from './repository';

const profileListSchema = object({
  id: { type: 'integer' },
  name: { type: 'string' },
  profiles: { type: 'array', items: object({ id: { type: 'integer' }, external_id: { type: 'string' }, first_name: { type: 'string' }, last_name: { type: 'string' } }) },
  created_at: dateTime,
  updated_at: dateTime,
});
const writeBody = object({ name: requiredText(255), profiles: idList }, ['name']);
const patchBody = object({ name: requiredText(255), profiles: idList }, []);
type IdParams = { Params: { id: number } };

// a crowdsourcing user starts with a list of their own
registerDefaultEntity('profile list', ensurePersonalList);

/** Profile lists, shared by their owner with the owner's organization colleagues (SPEC §7 Profile lists). */
export default async function profileListRoutes(app: FastifyInstance) {
  async function checkProfiles(user: { id: number; is_staff: boolean }, ids: number[] | undefined) {
    const unknown = await invisibleProfileIds(app.db, user, ids ?? []);
    if (unknown.length) {
      const messages = unknown.map((id) => `Invalid pk "${id}" - object does not exist.`);
      throw new HttpError(400, messages.map((m) => `profiles: ${m}`), { profiles: messages });
    }
  }

  app.get<{ Querystring: Record<string, never> }>('/profile-lists', {
    schema: { tags: ['profile-lists'], querystring: listQuerySchema(), response: { 200: listResponse(profileListSchema), ...errors(400, 401) } },
  }, async (request) => listProfileLists(app.db, request.user, request.query));

  app.get<IdParams>('/profile-lists/:id', {
    schema: { tags: ['profile-lists'], params: idParams, response: { 200: profileListSchema, ...errors(400, 401, 404) } },
  }, async (request) => (await getProfileList(app.db, request.user, request.params.id)) ?? Promise.reject(notFound()));

  app.post<{ Body: ProfileListWrite }>('/profile-lists/', {
    schema: { tags: ['profile-lists'], body: writeBody, response: { 201: profileListSchema, ...errors(400, 401) } },
  }, async (request, reply) => {
    await checkProfiles(request.user, request.body.profiles);
    const id = await createProfileList(app.db, request.user.id, { name: request.body.name, profiles: request.body.profiles ?? [] });
    reply.status(201);
    return getProfileList(app.db, request.user, id);
  });

  for (const method of ['put', 'patch'] as const) {
    app[method]<IdParams & { Body: Partial<ProfileListWrite> }>('/profile-lists/:id', {
      schema: { tags: ['profile-lists'], params: idParams, body: method === 'put' ? writeBody : patchBody, response: { 200: profileListSchema, ...errors(400, 401, 404) } },
    }, async (request) => {
      if (!(await getProfileList(app.db, request.user, request.params.id))) throw notFound();
      await checkProfiles(request.user, request.body.profiles);
      // the caller replaces the members they see; those they may not see stay
      const hidden = request.body.profiles ? await invisibleProfileIds(app.db, request.user, await memberIds(app.db, request.params.id)) : [];
      const profiles = request.body.profiles && [...request.body.profiles, ...hidden];
      await updateProfileList(app.db, request.params.id, { ...request.body, profiles });
      return getProfileList(app.db, request.user, request.params.id);
    });
  }

  app.delete<IdParams>('/profile-lists/:id', {
    schema: { tags: ['profile-lists'], params: idParams, response: { 204: { type: 'null' }, ...errors(400, 401, 404) } },
  }, async (request, reply) => {
    if (!(await getProfileList(app.db, request.user, request.params.id))) throw notFound();
    await deleteProfileList(app.db, request.params.id);
    reply.status(204).send();
  });
}
