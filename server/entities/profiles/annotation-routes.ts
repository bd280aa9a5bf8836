// A profile's AI annotation corrected by staff (kept by every later retrieval) and its change
// log (what retrievals and corrections changed, newest first).
import { sql, type Kysely } from 'kysely';
import { errors, IdParams, ListOf } from '../../../types/schema';
import {
  AnnotationCorrectionSchema,
  type ChangeNotificationSchema,
  ProfileChangeSchema,
  ProfileSchema,
} from '../../../types/wire/profiles';
import type { Static } from 'typebox';
import { listQuerystringSchema } from '../../http/list-querystring';
import type { typed } from '../../http/crud';
import { fieldError, notFound } from '../../errors';
import { listPageRequest } from '../../db/list-page';
import { findVisibleProfile, toDetail } from './repository';
import { SIGNALS_MATCH_QUEUE } from '../../signals/queues';
import type { Database } from '../../db/schema';
import type { Viewer } from '../../db/viewer';
import { audited } from '../../audit/audited';
import { represent } from '../../audit/changes';

const tags = ['profiles'];

export function annotationRoutes(app: ReturnType<typeof typed>): void {
  app.patch(
    '/profiles/:id/annotation',
    {
      config: { access: 'staff' },
      schema: {
        tags,
        summary: 'Correct AI annotation values (staff): later retrievals keep them',
        params: IdParams,
        body: AnnotationCorrectionSchema,
        response: { 200: ProfileSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const found = await findVisibleProfile(app.db, request.user, request.params.id);
      if (!found) throw notFound();
      const { row } = found;
      const shares = Object.values(request.body.nationalities ?? {});
      // the annotators' shares add up to 1; a little over is rounding
      if (shares.reduce((sum, share) => sum + share, 0) > 1.001) throw fieldError('nationalities', 'The shares add up to more than 1.');
      const corrected = Object.entries(request.body) as [string, unknown][];
      const at = new Date().toISOString();
      const provenance = { ...row.annotation_provenance };
      for (const [field] of corrected) provenance[field] = { annotator: 'staff', model: null, at, corrected_by: request.user.email };
      const changes = corrected.filter(
        ([field, value]) => JSON.stringify((row as Record<string, unknown>)[field] ?? null) !== JSON.stringify(value ?? null),
      );
      await audited(app.db, request.user, async (trx, trail) => {
        trail.add({
          action: 'update',
          entity: 'profiles',
          object_id: row.id,
          object_repr: represent(row),
          changes: Object.fromEntries(
            changes.map(([field, value]) => [field, { before: (row as Record<string, unknown>)[field] ?? null, after: value ?? null }]),
          ),
        });
        await trx
          .updateTable('profile')
          .set({
            ...Object.fromEntries(
              corrected.map(([field, value]) => [field, field === 'nationalities' ? JSON.stringify(value ?? {}) : value]),
            ),
            annotation_provenance: JSON.stringify(provenance),
            updated_at: sql`now()`,
          })
          .where('id', '=', row.id)
          .execute();
        if (changes.length) {
          await trx
            .insertInto('profile_change')
            .values(
              changes.map(([field, value]) => ({
                profile_id: row.id,
                execution_id: null,
                field,
                old_value: JSON.stringify((row as Record<string, unknown>)[field] ?? null),
                new_value: JSON.stringify(value ?? null),
              })),
            )
            .execute();
        }
      });
      // the signals engine reads the corrections too (a queueing lost is caught by its sweep)
      if (changes.length)
        app.jobs.send(SIGNALS_MATCH_QUEUE, { reason: 'correction' }).catch((error) => {
          request.log.warn({ err: error }, 'could not queue the signals engine after a correction');
        });
      const updated = await findVisibleProfile(app.db, request.user, row.id);
      return toDetail(app.db, request.user, updated!.row);
    },
  );

  app.get(
    '/profiles/:id/changes',
    {
      schema: {
        tags,
        summary: "The profile's change log: what each retrieval and correction changed, newest first",
        params: IdParams,
        querystring: listQuerystringSchema(),
        response: { 200: ListOf(ProfileChangeSchema), ...errors(400, 401, 404) },
      },
    },
    async (request) => {
      if (!(await findVisibleProfile(app.db, request.user, request.params.id))) throw notFound();
      const { page, pageSize } = listPageRequest(request.query, { ordering: {}, defaultOrdering: [] });
      const base = app.db.selectFrom('profile_change').where('profile_id', '=', request.params.id);
      const [{ n }, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
        base
          .select(['id', 'field', 'old_value', 'new_value', 'changed_at', 'execution_id'])
          .orderBy('changed_at', 'desc')
          .orderBy('id', 'desc')
          .limit(pageSize)
          .offset((page - 1) * pageSize)
          .execute(),
      ]);
      const raised = await notificationsOfChanges(
        app.db,
        request.user,
        rows.map((r) => r.id),
      );
      return {
        count: Number(n),
        results: rows.map((r) => ({
          ...r,
          id: Number(r.id),
          changed_at: r.changed_at.toISOString(),
          notifications: raised.get(String(r.id)) ?? [],
        })),
      };
    },
  );
}

type ChangeNotification = Static<typeof ChangeNotificationSchema>;

/**
 * The notifications each change raised that `viewer` may see (CONVENTIONS: their recipient and
 * the owner of the rule; staff: all), newest first, by change id.
 */
async function notificationsOfChanges(
  db: Kysely<Database>,
  viewer: Viewer,
  changeIds: string[],
): Promise<Map<string, ChangeNotification[]>> {
  const byChange = new Map<string, ChangeNotification[]>();
  if (!changeIds.length) return byChange;
  let query = db
    .selectFrom('notification as n')
    .leftJoin('rule as r', 'r.id', 'n.rule_id')
    .select([
      'n.id',
      'n.profile_change_id',
      'n.notification_status',
      'n.notification_type',
      'n.recipient',
      'r.id as rule_id',
      'r.name as rule_name',
    ])
    .where('n.profile_change_id', 'in', changeIds)
    .orderBy('n.created_at', 'desc')
    .orderBy('n.id', 'desc');
  if (!viewer.is_staff) query = query.where((eb) => eb.or([eb('n.recipient_id', '=', viewer.id), eb('n.rule_owner_id', '=', viewer.id)]));
  for (const row of await query.execute()) {
    // a bigint: a number from PostgreSQL's driver, a string from PGlite
    const key = String(row.profile_change_id);
    const list = byChange.get(key) ?? [];
    list.push({
      id: row.id,
      notification_status: row.notification_status,
      notification_type: row.notification_type,
      recipient: row.recipient,
      rule: row.rule_id !== null && row.rule_name !== null ? { id: row.rule_id, name: row.rule_name } : null,
    });
    byChange.set(key, list);
  }
  return byChange;
}
