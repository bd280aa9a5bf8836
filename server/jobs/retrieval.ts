// A data source's retrieval, as a pg-boss job: its connector fetches, the ingestion writes in
// batches, the execution row follows (PENDING → STARTED → SUCCESS / FAILURE / RETRY / REVOKED)
// with its counts and a checkpoint committed with each batch. A crashed worker's job is retried
// by pg-boss (heartbeat) and resumes after the checkpoint; a cancelled execution stops at its
// next batch, which is not written.
import type { Kysely } from 'kysely';
import type { Database, ExecutionProgress } from '../db/schema';
import type { JobContext, JobDefinition, Jobs } from './queue';
import { connectorFor } from '../connectors';
import { ConnectorError, type FieldValues, type SourceItem } from '../connectors/types';
import { prepareBatch, writeBatch, type PreparedBatch } from '../ingestion/ingest';
import { annotatorFor } from '../annotation';
import { yieldToEventLoop } from '../util/slices';
import { refreshDimensions } from '../resources/profiles/dimensions';
import { createExecution, finishExecution, findExecution } from '../resources/executions/repository';
import { platformConnectionParameters } from '../resources/platform-connections/repository';

export interface RetrievalData {
  data_source_id: number;
  /** set when a user asked for it (the execution exists); a scheduled run creates its own */
  execution_id?: number;
}

/**
 * Records per transaction; a slow source's batch is also written after a
 * second. Smaller on the embedded database, whose one session the web
 * requests wait for while a batch is written.
 */
export const BATCH_SIZE = { postgres: 500, pglite: 200 };
const BATCH_MS = 1_000;
const MAX_ROW_ERRORS = 50;
const READ_SLICE_MS = 2;

class Revoked extends Error {}

export const retrievalJob: JobDefinition<RetrievalData> = {
  name: 'data-source-retrieval',
  // doubled at each retry; a delay of 0 (tests) retries at once (pg-boss's backoff would start at 1 s)
  queue: (timing) => ({
    retryLimit: 3,
    retryDelay: timing.retryDelaySeconds,
    retryBackoff: timing.retryDelaySeconds > 0,
    heartbeatSeconds: timing.heartbeatSeconds,
    expireInSeconds: 6 * 3600,
  }),
  handle: (data, context) => runRetrieval(data, context),
};

/** Keeps each data source's schedule in the queue as its row says (after a write, and at start). */
export async function syncSchedule(
  jobs: Jobs,
  source: { id: number; cron_schedule: string | null } | { id: number; deleted: true },
): Promise<void> {
  const cron = 'deleted' in source ? null : source.cron_schedule;
  await jobs.schedule(retrievalJob, String(source.id), cron || null, { data_source_id: source.id });
}

export async function syncAllSchedules(db: Kysely<Database>, jobs: Jobs): Promise<void> {
  const sources = await db.selectFrom('data_source').select(['id', 'cron_schedule']).execute();
  for (const source of sources) await syncSchedule(jobs, source);
}

async function runRetrieval(data: RetrievalData, { handle, log, job, secrets, allowPrivateFeeds, webPressure }: JobContext): Promise<void> {
  const db = handle.db;
  const execution = await executionFor(db, data, job.id);
  if (!execution) return log.info({ data }, 'data source gone: nothing to retrieve');
  if (!['PENDING', 'STARTED', 'RETRY'].includes(execution.status))
    return log.info({ execution: execution.id, status: execution.status }, 'execution already finished');
  const source = await db.selectFrom('data_source').selectAll().where('id', '=', data.data_source_id).executeTakeFirst();
  if (!source) {
    await finishExecution(db, execution.id, 'FAILURE', {
      exc_type: 'DataSourceDeleted',
      exc_message: ['The data source was deleted before its retrieval ran.'],
    });
    return;
  }
  const connector = connectorFor(source.source_type);
  if (!connector) {
    await finishExecution(db, execution.id, 'FAILURE', {
      exc_type: 'UnknownSourceType',
      exc_message: [`No connector for source type "${source.source_type}".`],
    });
    return;
  }
  const started = await db
    .updateTable('execution')
    .set((eb) => ({
      status: 'STARTED',
      attempts: eb('attempts', '+', 1),
      date_started: eb.fn.coalesce('date_started', eb.val(new Date())),
      job_id: job.id,
      result: null,
    }))
    .where('id', '=', execution.id)
    .where('status', 'in', ['PENDING', 'STARTED', 'RETRY'])
    .returningAll()
    .executeTakeFirst();
  if (!started) return;
  const run = Number(
    (
      await db
        .selectFrom('execution')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('data_source_id', '=', source.id)
        .where('status', '=', 'SUCCESS')
        .where('id', '<', execution.id)
        .executeTakeFirstOrThrow()
    ).n,
  );
  const progress: ExecutionProgress = { ...started.progress };
  let checkpoint = started.checkpoint;
  const rowErrors = [...started.row_errors];
  const abort = new AbortController();
  const stop = () => abort.abort();
  job.signal.addEventListener('abort', stop);
  log.info({ execution: execution.id, dataSource: source.id, run, resumeAfter: checkpoint }, 'retrieval started');
  const connection = (id: string, category: string) => platformConnectionParameters(db, secrets, Number(id), category, source.owner_id);
  try {
    const annotator = await annotatorFor(source, { connection, log, allowPrivateNetworks: allowPrivateFeeds });
    const items = connector.fetch({
      dataSourceId: source.id,
      additionalData: source.additional_data as FieldValues,
      run,
      skip: checkpoint,
      signal: abort.signal,
      allowPrivateNetworks: allowPrivateFeeds,
      log,
      connection,
      announceTotal: (total) => (progress.total = total),
    });
    let batch: SourceItem[] = [];
    let batchStarted = Date.now();
    /**
     * The batch being written: the next one is read, annotated and planned meanwhile (one
     * write at a time, in order).
     */
    let writing: Promise<void> = Promise.resolve();
    let lastWriteMs = 0;
    const write = async (prepared: Promise<PreparedBatch>, items: SourceItem[]) => {
      const size = items.length;
      const planned = await prepared;
      const writeStarted = performance.now();
      await writeBatch(db, planned, async (trx, counts) => {
        const next = {
          ...progress,
          processed: progress.processed + size,
          created: progress.created + counts.created,
          updated: progress.updated + counts.updated,
          unchanged: progress.unchanged + counts.unchanged,
          failed: progress.failed + counts.failed,
        };
        // each failed record named by its place in the source (the errors come in the batch's order)
        const failedAt = items.flatMap((item, i) => ('error' in item ? [checkpoint + i + 1] : []));
        const errors = [...rowErrors, ...counts.errors.map((reason, k) => `record ${failedAt[k]}: ${reason}`)].slice(0, MAX_ROW_ERRORS);
        const saved = await trx
          .updateTable('execution')
          .set({ progress: JSON.stringify(next), checkpoint: checkpoint + size, row_errors: JSON.stringify(errors) })
          .where('id', '=', execution.id)
          .where('status', '=', 'STARTED')
          .returning('id')
          .executeTakeFirst();
        if (!saved) throw new Revoked(); // cancelled meanwhile: this batch is not written
        Object.assign(progress, next);
        rowErrors.splice(0, rowErrors.length, ...errors);
      });
      checkpoint += size;
      lastWriteMs = performance.now() - writeStarted;
    };
    const flush = async () => {
      if (batch.length === 0) return;
      const items = batch;
      batch = [];
      batchStarted = Date.now();
      const prepared = prepareBatch(db, { dataSourceId: source.id, executionId: execution.id, items, annotator, signal: abort.signal });
      prepared.catch(() => {}); // its error is thrown by the write that waits for it
      await writing;
      await webPressure.giveWay(lastWriteMs, abort.signal);
      writing = write(prepared, items);
      writing.catch(() => abort.abort()); // a failed write stops the reading; the error is thrown at the next await
      // let requests in between batches: an embedded database answers within the same turn of
      // the event loop, so a retrieval would otherwise hold the server until it ends
      await yieldToEventLoop();
    };
    const batchSize = handle.kind === 'pglite' ? BATCH_SIZE.pglite : BATCH_SIZE.postgres;
    try {
      let sliceStart = performance.now();
      for await (const item of items) {
        batch.push(item);
        if (batch.length >= batchSize || Date.now() - batchStarted >= BATCH_MS) await flush();
        else if (performance.now() - sliceStart >= READ_SLICE_MS) {
          // records already received are parsed without ever leaving the turn: let the database's
          // answers for the batch being written (and web requests) in
          await yieldToEventLoop();
          sliceStart = performance.now();
        }
      }
      await flush();
    } finally {
      await writing; // its error (a cancel, a failed write) wins over the reading's
    }
    if (progress.total === null) progress.total = progress.processed;
    await db
      .updateTable('execution')
      .set({ progress: JSON.stringify(progress) })
      .where('id', '=', execution.id)
      .execute();
    await refreshDimensions(db, [source.id]);
    const result = progress.failed
      ? { exc_type: 'RecordErrors', exc_message: [`${progress.failed} of ${progress.processed} records could not be read.`, ...rowErrors] }
      : null;
    await finishExecution(db, execution.id, 'SUCCESS', result);
    log.info({ execution: execution.id, ...progress }, 'retrieval done');
  } catch (error) {
    if (error instanceof Revoked || job.signal.aborted) {
      log.info({ execution: execution.id }, 'retrieval stopped');
      if (job.signal.aborted) throw error; // the worker is stopping: the queue retries it later
      return;
    }
    const transient =
      error instanceof ConnectorError ? error.options.transient === true : !(error instanceof TypeError || error instanceof RangeError);
    const failure = {
      exc_type: error instanceof Error ? error.name : 'Error',
      exc_message: [error instanceof Error ? error.message : String(error)],
    };
    if (transient && job.retryCount < job.retryLimit) {
      await db
        .updateTable('execution')
        .set({ status: 'RETRY', result: JSON.stringify(failure) })
        .where('id', '=', execution.id)
        .where('status', '=', 'STARTED')
        .execute();
      log.warn({ execution: execution.id, err: error }, 'retrieval failed; it will be retried');
      throw error;
    }
    await finishExecution(db, execution.id, 'FAILURE', failure);
    log.warn({ execution: execution.id, err: error }, 'retrieval failed');
  } finally {
    job.signal.removeEventListener('abort', stop);
  }
}

/** The execution a job runs: the one it was sent for, or the one its schedule's earlier attempt created. */
async function executionFor(db: Kysely<Database>, data: RetrievalData, jobId: string) {
  if (data.execution_id) return findExecution(db, data.execution_id);
  const earlier = await db.selectFrom('execution').selectAll().where('job_id', '=', jobId).executeTakeFirst();
  if (earlier) return earlier;
  const source = await db
    .selectFrom('data_source')
    .select(['id', 'name', 'owner_id'])
    .where('id', '=', data.data_source_id)
    .executeTakeFirst();
  return source && createExecution(db, source, 'schedule', null, jobId);
}
