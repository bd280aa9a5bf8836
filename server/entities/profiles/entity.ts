// Profiles (SPEC §7 Profiles): list with filters (answered from the count index when it is
// current), filter options (/dimensions), detail, connections, ratings, comments and the CSV export.
import { Readable } from 'node:stream';
import { Type } from 'typebox';
import { errors, IdParams, ListOf } from '../../../types/schema';
import {
  AppRatingRequestSchema,
  CommentRequestSchema,
  ConnectionSchema,
  ProfileDimensionsSchema,
  ProfileSchema,
  ProfileSummarySchema,
  UserRatingRequestSchema,
} from '../../../types/wire/profiles';
import { defineEntity } from '../../http/crud';
import { ValidationError, fieldError, notFound } from '../../errors';
import { listQuerystringSchema } from '../../http/list-querystring';
import { readableDataSourceIds } from '../../db/visibility';
import { applyProfileFilters, profileFilterSchema, profileList, rangeProblems, type ProfileFilters } from './filters';
import { profileFilterOptions } from '../../ingestion/profile-filter-options';
import { profilesCsv } from './export';
import { annotationRoutes } from './annotation-routes';
import { auditedObjectWrite } from '../../audit/audited';
import { profilesWritten } from './count-index/manager';
import type { AuditAction, Profile } from '../../../types/api';
import {
  findVisibleProfile,
  listConnections,
  listProfiles,
  matchingProfileIds,
  setAppRating,
  setComment,
  setUserRating,
  toDetail,
  toSummary,
  type ProfileRow,
} from './repository';

const tags = ['profiles'];
/** the export streams text, not JSON: no serializer, only a description */
const CsvAnswer = Type.Unsafe<Readable>({
  description: 'CSV, one row per profile',
  content: { 'text/csv': { schema: { type: 'string' } } },
});

function checkRanges(query: ProfileFilters) {
  const fields = rangeProblems(query);
  const messages = Object.entries(fields).flatMap(([field, list]) => list.map((m) => `${field}: ${m}`));
  if (messages.length) throw new ValidationError(messages, fields);
}

function checkTwoDecimals(field: string, value: number) {
  if (Math.abs(Math.round(value * 100) - value * 100) > 1e-6)
    throw fieldError(field, 'Ensure that there are no more than 2 decimal places.');
}

export const profiles = defineEntity({
  path: 'profiles',
  table: 'profile',
  item: ProfileSchema,
  listItem: ProfileSummarySchema,
  summary: 'Profiles the user may see; search, filters, ordering',
  list: profileList,
  filters: profileFilterSchema,
  async rows(db, viewer) {
    return applyProfileFilters(db.selectFrom('profile').selectAll(), {}, await readableDataSourceIds(db, viewer));
  },
  filter: (query, filters) => applyProfileFilters(query, filters, null),
  toItems: async (_db, _viewer, rows: ProfileRow[]) => rows.map(toSummary),
  toDetail: (db, viewer, row) => toDetail(db, viewer, row),
  // counts and pages from the in-memory count index while it is current, else SQL
  listOverride(db, viewer, query) {
    checkRanges(query);
    return listProfiles(db, viewer, query);
  },

  routes(app) {
    annotationRoutes(app);
    const listQuery = listQuerystringSchema(profileFilterSchema);

    app.get(
      '/profiles/dimensions',
      {
        schema: {
          tags,
          summary: 'What the filters offer, over the data the user may see',
          response: { 200: ProfileDimensionsSchema, ...errors(401) },
        },
      },
      async (request) => profileFilterOptions(app.db, await readableDataSourceIds(app.db, request.user)),
    );

    app.get(
      '/profiles/export',
      {
        schema: {
          tags,
          summary: 'CSV of every profile matching the same query as the list',
          querystring: listQuery,
          response: { 200: CsvAnswer, ...errors(400, 401) },
        },
      },
      async (request, reply) => {
        checkRanges(request.query);
        const ids = await matchingProfileIds(app.db, request.user, request.query);
        const readable = await readableDataSourceIds(app.db, request.user);
        const stamp = new Date().toISOString().slice(0, 19).replace(/[-:T]/g, '');
        reply
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="profiles-${stamp}.csv"`)
          .header('X-Total-Count', String(ids.length));
        return reply.send(Readable.from(profilesCsv(app.db, ids, readable)));
      },
    );

    app.get(
      '/profiles/:id/connections',
      {
        schema: {
          tags,
          params: IdParams,
          querystring: listQuerystringSchema(),
          response: { 200: ListOf(ConnectionSchema), ...errors(400, 401, 404) },
        },
      },
      async (request) => {
        const found = await findVisibleProfile(app.db, request.user, request.params.id);
        if (!found) throw notFound();
        return listConnections(app.db, found.readable, request.params.id, request.query);
      },
    );

    /** the three writes answer the updated profile; each is audited as `action` */
    async function write(
      request: { user: Parameters<typeof findVisibleProfile>[1] & { email: string }; params: { id: number } },
      action: AuditAction,
      change: (trx: typeof app.db) => Promise<void>,
    ) {
      const { id } = request.params;
      const { after } = await auditedObjectWrite(app.db, request.user, request.user, { entity: profiles, id, action }, async (trx) => {
        if (!(await findVisibleProfile(trx, request.user, id))) throw notFound();
        await change(trx);
      });
      profilesWritten(app.db); // committed: this process's index follows it now
      return after ? (after as Profile) : Promise.reject(notFound());
    }

    app.post(
      '/profiles/:id/app-rating',
      {
        config: { access: 'staff' },
        schema: {
          tags,
          summary: 'FS Rating (staff only)',
          params: IdParams,
          body: AppRatingRequestSchema,
          response: { 200: ProfileSchema, ...errors(400, 401, 403, 404) },
        },
      },
      async (request) => {
        checkTwoDecimals('app_rating', request.body.app_rating);
        return write(request, 'rating', (trx) => setAppRating(trx, request.params.id, request.body.app_rating));
      },
    );

    app.post(
      '/profiles/:id/user-rating',
      {
        schema: {
          tags,
          summary: "The user's own rating (User Rating)",
          params: IdParams,
          body: UserRatingRequestSchema,
          response: { 200: ProfileSchema, ...errors(400, 401, 404) },
        },
      },
      async (request) => {
        checkTwoDecimals('profile_rating', request.body.profile_rating);
        return write(request, 'rating', (trx) => setUserRating(trx, request.params.id, request.user.id, request.body.profile_rating));
      },
    );

    app.post(
      '/profiles/:id/comment',
      {
        schema: {
          tags,
          summary: "The user's comment (one per user and profile)",
          params: IdParams,
          body: CommentRequestSchema,
          response: { 200: ProfileSchema, ...errors(400, 401, 404) },
        },
      },
      async (request) => {
        const comment = request.body.comment.trim();
        if (!comment) throw fieldError('comment', 'This field may not be blank.');
        return write(request, 'comment', (trx) => setComment(trx, request.params.id, request.user.id, comment));
      },
    );
  },
});
