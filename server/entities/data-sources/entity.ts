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
import { NAMED_COLLECTION_SEARCH_AND_SORT } from '../../db/list-page';
import { sourceTypeDefinitions } from '../../connectors';
import { requestRetrieval, syncScheduleOf } from '../../data-operations/executions';
import { toExecution } from '../executions/repository';
import { auditedObjectWrite } from '../../audit/audited';
import type { DataSource } from '../../../types/api';
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
  list: { ...NAMED_COLLECTION_SEARCH_AND_SORT, search: ['data_source.name', 'data_source.source_type'] },
  rows: (db, viewer) => dataSourceRows(db, viewer),
  toItems: (db, _viewer, rows: DataSourceRow[]) => toDataSources(db, rows),
  mayWrite: (viewer, row) => row.owner_id === viewer.id,
  // its latest executions are read with it, not written
  audit: { ignore: ['executions'] },
  writes: {
    body: DataSourceWriteSchema,
    create: (db, viewer, body) => createDataSource(db, viewer.id, body),
    update: (db, _viewer, id, body) => updateDataSource(db, id, body),
  },
  deletable: true,
  deleteRow: deleteDataSource,
  async afterWrite(app: FastifyInstance, id, change) {
    try {
      await syncScheduleOf(app.db, app.jobs, id, change);
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
      async () => sourceTypeDefinitions(),
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
        const execution = await requestRetrieval(app.db, app.jobs, source, request.user, app.log);
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
        const { id } = request.params;
        const { after } = await auditedObjectWrite(
          app.db,
          request.user,
          request.user,
          { entity: dataSources, id, action: 'set-public' },
          async (trx) => {
            await writableEntityRow(dataSources, trx, request.user, id);
            await setDataSourcePublic(trx, id, request.body.is_public);
          },
        );
        return after as DataSource;
      },
    );
  },
});
