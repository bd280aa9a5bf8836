import type { FastifyInstance, FastifyReply } from 'fastify';
import { HttpError, fieldError, notFound } from '../../http/errors';
import { listQuerySchema } from '../../http/list-query';
import { errors, idParams, listResponse, object } from '../../http/schemas';
import { readableDataSourceIds } from '../data-sources/visibility';
import { profileFilterSchema, rangeProblems, type ProfileFilters } from './filters';
import { profileDimensions } from './dimensions';
import { profilesCsv } from './export';
import { findVisibleProfile, getProfile, listConnections, listProfiles, matchingProfileIds, setAppRating, setComment, setUserRating } from './repository';
import { connectionSchema, dimensionsSchema, profileSchema, profileSummarySchema, ratingValue } from './schemas';

type ListQuery = { page?: number; page_size?: number; search?: string; ordering?: string } & ProfileFilters;
type IdParams = { Params: { id: number } };

function checkRanges(query: ProfileFilters) {
  const fields = rangeProblems(query);
  const messages = Object.entries(fields).flatMap(([field, list]) => list.map((m) => `${field}: ${m}`));
  if (messages.length) throw new HttpError(400, messages, fields);
}

function checkTwoDecimals(field: string, value: number) {
  if (Math.abs(Math.round(value * 100) - value * 100) > 1e-6) throw fieldError(field, 'Ensure that there are no more than 2 decimal places.');
}

/** Profiles (SPEC §7 Profiles): list, filters, dimensions, detail, connections, ratings, comments, CSV export. */
export default async function profileRoutes(app: FastifyInstance) {
  const listQuery = listQuerySchema(profileFilterSchema);

  app.get<{ Querystring: ListQuery }>('/profiles', {
    schema: { tags: ['profiles'], summary: 'Profiles the user may see; search, filters, ordering', querystring: listQuery, response: { 200: listResponse(profileSummarySchema), ...errors(400, 401) } },
  }, async (request) => {
    checkRanges(request.query);
    return listProfiles(app.db, request.user, request.query);
  });

  app.get('/profiles/dimensions', {
    schema: { tags: ['profiles'], summary: 'What the filters offer, over the data the user may see', response: { 200: dimensionsSchema, ...errors(401) } },
  }, async (request) => profileDimensions(app.db, await readableDataSourceIds(app.db, request.user)));

  app.get<{ Querystring: ListQuery }>('/profiles/export', {
    schema: { tags: ['profiles'], summary: 'CSV of every profile matching the same query as the list', querystring: listQuery, produces: ['text/csv'], response: errors(400, 401) },
  }, async (request, reply: FastifyReply) => {
    checkRanges(request.query);
    const ids = await matchingProfileIds(app.db, request.user, request.query);
    const readable = await readableDataSourceIds(app.db, request.user);
    const stamp = new Date().toISOString().slice(0, 19).replace(/[-:T]/g, '');
    reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="profiles-${stamp}.csv"`)
      .header('X-Total-Count', String(ids.length));
    const { Readable } = await import('node:stream');
    return reply.send(Readable.from(profilesCsv(app.db, ids, readable)));
  });

  app.get<IdParams>('/profiles/:id', {
    schema: { tags: ['profiles'], params: idParams, response: { 200: profileSchema, ...errors(400, 401, 404) } },
  }, async (request) => (await getProfile(app.db, request.user, request.params.id)) ?? Promise.reject(notFound()));

  app.get<IdParams & { Querystring: { page?: number; page_size?: number; ordering?: string } }>('/profiles/:id/connections', {
    schema: { tags: ['profiles'], params: idParams, querystring: listQuerySchema(), response: { 200: listResponse(connectionSchema), ...errors(400, 401, 404) } },
  }, async (request) => {
    const found = await findVisibleProfile(app.db, request.user, request.params.id);
    if (!found) throw notFound();
    return listConnections(app.db, found.readable, request.params.id, request.query);
  });

  /** the three writes answer the updated profile */
  async function visibleOr404(request: { user: Parameters<typeof findVisibleProfile>[1]; params: { id: number } }) {
    if (!(await findVisibleProfile(app.db, request.user, request.params.id))) throw notFound();
  }

  app.post<IdParams & { Body: { app_rating: number } }>('/profiles/:id/app-rating', {
    config: { access: 'staff' },
    schema: { tags: ['profiles'], summary: 'FS Rating (staff only)', params: idParams, body: object({ app_rating: ratingValue }), response: { 200: profileSchema, ...errors(400, 401, 403, 404) } },
  }, async (request) => {
    checkTwoDecimals('app_rating', request.body.app_rating);
    await visibleOr404(request);
    await setAppRating(app.db, request.params.id, request.body.app_rating);
    return getProfile(app.db, request.user, request.params.id);
  });

  app.post<IdParams & { Body: { profile_rating: number } }>('/profiles/:id/user-rating', {
    schema: { tags: ['profiles'], summary: "The user's own rating (User Rating)", params: idParams, body: object({ profile_rating: ratingValue }), response: { 200: profileSchema, ...errors(400, 401, 404) } },
  }, async (request) => {
    checkTwoDecimals('profile_rating', request.body.profile_rating);
    await visibleOr404(request);
    await setUserRating(app.db, request.params.id, request.user.id, request.body.profile_rating);
    return getProfile(app.db, request.user, request.params.id);
  });

  app.post<IdParams & { Body: { comment: string } }>('/profiles/:id/comment', {
    schema: { tags: ['profiles'], summary: "The user's comment (one per user and profile)", params: idParams, body: object({ comment: { type: 'string', minLength: 1, maxLength: 10000 } }), response: { 200: profileSchema, ...errors(400, 401, 404) } },
  }, async (request) => {
    if (!request.body.comment.trim()) throw fieldError('comment', 'This field may not be blank.');
    await visibleOr404(request);
    await setComment(app.db, request.params.id, request.user.id, request.body.comment.trim());
    return getProfile(app.db, request.user, request.params.id);
  });
}
