// Notifications (SPEC §2 Notifications, §3 Notification, §7 Notifications): raised by the rules
// engine, never created through the API; seen by their recipient and by the owner of the rule
// that raised them (CONVENTIONS "Who sees what"), who may delete them or send them again.
import { Type } from 'typebox';
import type { NotificationStatus } from '../../../types/api';
import { NOTIFICATION_STATUSES, NotificationSchema } from '../../../types/wire/signals';
import { Id, IdParams, errors } from '../../../types/schema';
import { defineEntity } from '../../http/crud';
import { HttpError } from '../../http/errors';
import { findEntity, findEntityRow } from '../../db/entity';
import { notFound } from '../../errors';
import { auditedObjectWrite } from '../../audit/audited';
import { NOTIFICATION_DELIVERY_QUEUE } from '../../signals/queues';
import { markForResend, noteResendNotQueued, toNotifications, visibleNotifications, type NotificationRow } from './repository';

const QUEUE_UNAVAILABLE = 'The job queue could not take the sending; try again.';

const notificationFilters = {
  notification_status: Type.Optional(
    Type.Array(Type.Unsafe<NotificationStatus>({ type: 'string', enum: [...NOTIFICATION_STATUSES] }), { maxItems: 3 }),
  ),
  rule: Type.Optional(Type.Array(Id, { maxItems: 200 })),
};

export const notifications = defineEntity({
  path: 'notifications',
  table: 'notification',
  item: NotificationSchema,
  summary: 'Notifications the user received or that their rules raised',
  list: {
    ordering: { created_at: 'notification.created_at', updated_at: 'notification.updated_at' },
    defaultOrdering: ['-created_at'],
    search: ['notification.body', 'notification.recipient'],
  },
  filters: notificationFilters,
  rows: (db, viewer) => visibleNotifications(db, viewer),
  filter(query, filters: { notification_status?: NotificationStatus[]; rule?: number[] }) {
    let q = query;
    if (filters.notification_status?.length) q = q.where('notification.notification_status', 'in', filters.notification_status);
    if (filters.rule?.length) q = q.where('notification.rule_id', 'in', filters.rule);
    return q;
  },
  toItems: (db, viewer, rows: NotificationRow[]) => toNotifications(db, viewer, rows),
  deletable: true,

  routes(app) {
    app.post(
      '/notifications/:id/send',
      {
        schema: {
          tags: ['notifications'],
          summary: 'Send the notification again: PENDING, due now, queued for delivery',
          params: IdParams,
          body: Type.Optional(Type.Object({})),
          response: { 200: NotificationSchema, ...errors(400, 401, 404, 503) },
        },
      },
      async (request) => {
        const { id } = request.params;
        await auditedObjectWrite(app.db, request.user, request.user, { entity: notifications, id, action: 'send' }, async (trx) => {
          if (!(await findEntityRow(notifications, trx, request.user, id))) throw notFound();
          await markForResend(trx, id);
        });
        // after the commit: the delivery reads the row as PENDING; `force` sends it whatever its priority
        try {
          await app.jobs.send(NOTIFICATION_DELIVERY_QUEUE, { notification_ids: [id], force: true });
        } catch (error) {
          // the row says so too: a High one is still picked up by the delivery's sweep
          request.log.error({ err: error }, 'a re-send could not be queued');
          await noteResendNotQueued(app.db, id, QUEUE_UNAVAILABLE);
          throw new HttpError(503, [QUEUE_UNAVAILABLE]);
        }
        return (await findEntity(notifications, app.db, request.user, id)) ?? Promise.reject(notFound());
      },
    );
  },
});
