// Data sources (SPEC §7 Data sources): the list, detail, create, update and delete of the
// declaration, plus the type definitions (dimensions), retrieval and visibility calls. Only the
// owner or staff change, retrieve, delete or flip visibility; colleagues and, for public
// sources, everyone read.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import {
  DataSourceDimensionsSchema,
  DataSourceSchema,
  DataSourceWriteSchema,
  ExecutionSchema,
  SetPublicSchema,
} from '../../../types/wire/data-operations';
import { IdParams, errors } from '../../../types/schema';
import { defineEntity, writableEntityRow } from '../../http/crud';
import { NAMED_COLLECTION_LIST } from '../../db/list-query';
import { dataSourceDimensions } from '../../connectors';
import { retrievalJob, syncSchedule } from '../../jobs/retrieval';
import { createExecution, finishExecution, toExecution } from '../executions/repository';
import {
  createDataSource,
  dataSourceRows,
  deleteDataSource,
  setDataSourcePublic,
  toDataSources,
  updateDataSource,
  type DataSourceRow,
} from './repository';

const tags = ['data-sources'];

export const dataSources = defineEntity({
  path: 'data-sources',
  table: 'data_source',
  item: DataSourceSchema,
  summary: "Data sources the user may read: public ones, their own and their colleagues'",
  list: { ...NAMED_COLLECTION_LIST, search: ['data_source.name', 'data_source.source_type'] },
  rows: (db, viewer) => dataSourceRows(db, viewer),
  toItems: (db, _viewer, rows: DataSourceRow[]) => toDataSources(db, rows),
  mayWrite: (viewer, row) => row.owner_id === viewer.id,
  writes: {
    body: DataSourceWriteSchema,
    create: (db, viewer, body) => createDataSource(db, viewer.id, body),
    update: (db, _viewer, id, body) => updateDataSource(db, id, body),
  },
  deletable: true,
  deleteRow: deleteDataSource,
  async afterWrite(app: FastifyInstance, id, change) {
    const row =
      change === 'delete'
        ? undefined
        : await app.db.selectFrom('data_source').select(['id', 'cron_schedule']).where('id', '=', id).executeTakeFirst();
    try {
      await syncSchedule(app.jobs, row ?? { id, deleted: true });
    } catch (error) {
      // the row is saved; the queue takes the schedule when the workers start (syncAllSchedules)
      app.log.error({ err: error, dataSource: id }, 'the schedule could not be updated in the job queue');
    }
  },

  routes(app) {
    app.get(
      '/data-sources/dimensions',
      {
        schema: {
          tags,
          summary: 'Every source type: its additional fields and schedule options',
          response: { 200: DataSourceDimensionsSchema, ...errors(401) },
        },
      },
      async () => dataSourceDimensions(),
    );

    app.post(
      '/data-sources/:id/retrieval',
      {
        schema: {
          tags,
          summary: 'Retrieve the data source now: answers the new execution (PENDING)',
          params: IdParams,
          body: Type.Optional(Type.Object({})),
          response: { 202: ExecutionSchema, ...errors(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        const source = await writableEntityRow(dataSources, app.db, request.user, request.params.id);
        let execution = await createExecution(app.db, source, 'manual', request.user.id);
        try {
          const jobId = await app.jobs.send(retrievalJob, { data_source_id: source.id, execution_id: execution.id });
          execution =
            (await app.db
              .updateTable('execution')
              .set({ job_id: jobId })
              .where('id', '=', execution.id)
              .returningAll()
              .executeTakeFirst()) ?? execution;
        } catch (error) {
          app.log.error({ err: error }, 'a retrieval could not be queued');
          execution =
            (await finishExecution(app.db, execution.id, 'FAILURE', {
              exc_type: 'QueueUnavailable',
              exc_message: ['The job queue could not take the retrieval; try again.'],
            })) ?? execution;
        }
        reply.status(202);
        return toExecution(execution);
      },
    );

    app.post(
      '/data-sources/:id/set-public',
      {
        schema: {
          tags,
          summary: 'Make the data source public or private',
          params: IdParams,
          body: SetPublicSchema,
          response: { 200: DataSourceSchema, ...errors(400, 401, 403, 404) },
        },
      },
      async (request) => {
        await writableEntityRow(dataSources, app.db, request.user, request.params.id);
        await setDataSourcePublic(app.db, request.params.id, request.body.is_public);
        const row = await dataSourceRows(app.db, request.user).where('data_source.id', '=', request.params.id).executeTakeFirstOrThrow();
        return (await toDataSources(app.db, [row]))[0];
      },
    );
  },
});
