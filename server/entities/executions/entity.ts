// Executions of retrievals (SPEC §7 Executions): read-only lists and details, plus cancel.
import { Type } from 'typebox';
import { ExecutionSchema } from '../../../types/wire/data-operations';
import { Id, IdParams, errors } from '../../../types/schema';
import { defineEntity } from '../../http/crud';
import { findEntityRow } from '../../db/entity';
import { forbidden, notFound } from '../../errors';
import { cancelExecution } from '../../data-operations/executions';
import type { ExecutionRow } from '../../data-operations/repository';
import { toExecution, visibleExecutions } from './repository';

export const executions = defineEntity({
  path: 'executions',
  table: 'execution',
  item: ExecutionSchema,
  summary: 'Executions of the data sources the user may read',
  list: {
    ordering: { date_done: 'date_done', date_created: 'date_created', status: 'status' },
    nullsLast: ['date_done'],
    defaultOrdering: ['-date_created'],
    search: ['status', 'data_source_name', "coalesce(result->>'exc_type', '')"],
  },
  filters: { data_source: Type.Optional(Id) },
  rows: (db, viewer) => visibleExecutions(db, viewer),
  filter: (query, filters: { data_source?: number }) =>
    filters.data_source ? query.where('data_source_id', '=', filters.data_source) : query,
  toItems: async (_db, _viewer, rows: ExecutionRow[]) => rows.map(toExecution),

  routes(app) {
    app.post(
      '/executions/:id/cancel',
      {
        schema: {
          tags: ['executions'],
          summary: 'Cancel a pending or running execution (REVOKED); 409 when it already finished',
          params: IdParams,
          body: Type.Optional(Type.Object({})),
          response: { 200: ExecutionSchema, ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const row = await findEntityRow(executions, app.db, request.user, request.params.id);
        if (!row) throw notFound();
        if (!request.user.is_staff && row.owner_id !== request.user.id && row.started_by !== request.user.id) throw forbidden();
        return toExecution(await cancelExecution(app.db, app.jobs, row, request.user, app.log));
      },
    );
  },
});
