// A data source's retrieval, as the worker of the retrieval queue (server/data-operations/
// executions.ts declares the queue and makes every change of the execution): its connector
// fetches, the ingestion writes in batches, the execution follows (PENDING → STARTED → SUCCESS /
// FAILURE / RETRY / REVOKED) with its counts and a checkpoint committed with each batch. A crashed
// worker's job is retried by pg-boss (heartbeat) and resumes after the checkpoint; a cancelled
// execution stops at its next batch, which is not written.
import type { Kysely } from 'kysely';
import type { Database, ExecutionProgress } from '../db/schema';
import type { JobContext, JobDefinition } from '../queue/job-queue';
import type { WebPressure } from '../queue/web-pressure';
import { connectorFor } from '../connectors';
import type { ConnectorDeclaration, SourceItem } from '../connectors/types';
import { ConnectorError } from '../connector-kit/connector-error';
import type { FieldValues } from '../connector-kit/fields';
import { prepareBatch, writeBatch, type PreparedBatch } from '../ingestion/ingest';
import { refreshProfileFilterOptions } from '../ingestion/profile-filter-options';
import { annotatorFor, type Annotator } from '../annotation';
import { secretBoxOf } from '../accounts/secret-box';
import { yieldToEventLoop } from '../util/slices';
import { platformConnectionParameters } from '../data-operations/platform-connections';
import {
  ExecutionRevoked,
  RETRIEVAL_QUEUE,
  executionForJob,
  finishExecution,
  isRunning,
  recordBatch,
  recordFinalProgress,
  retryLater,
  startExecution,
  type RetrievalData,
} from '../data-operations/executions';
import { findDataSource, successfulRunDatesBefore, type ExecutionRow } from '../data-operations/repository';
import { SAVED_SEARCH_ALERTS_QUEUE, SIGNALS_MATCH_QUEUE } from '../signals/queues';

/**
 * Records per transaction; a slow source's batch is also written after a
 * second. Smaller on the embedded database, whose one session the web
 * requests wait for while a batch is written.
 */
export const BATCH_SIZE = { postgres: 500, pglite: 200 };
const BATCH_MS = 1_000;
const MAX_ROW_ERRORS = 50;
const READ_SLICE_MS = 2;

export const retrievalJob: JobDefinition<RetrievalData> = {
  ...RETRIEVAL_QUEUE,
  handle: (data, context) => runRetrieval(data, context),
};

type DataSourceRow = NonNullable<Awaited<ReturnType<typeof findDataSource>>>;

/** Where a retrieval stands: its counts, the records committed (a retry resumes after them), the first row errors. */
interface RunState {
  progress: ExecutionProgress;
  checkpoint: number;
  rowErrors: string[];
}

async function runRetrieval(data: RetrievalData, context: JobContext): Promise<void> {
  const { handle, log, job } = context;
  const db = handle.db;
  const runnable = await runnableExecution(db, data, job.id, context);
  if (!runnable) return;
  const { execution, source, connector } = runnable;
  const started = await startExecution(db, execution.id, job.id);
  if (!started) return;
  const runDates = [...(await successfulRunDatesBefore(db, source.id, execution.id)), execution.date_created];
  const run = runDates.length - 1;
  const state: RunState = { progress: { ...started.progress }, checkpoint: started.checkpoint, rowErrors: [...started.row_errors] };
  const abort = new AbortController();
  const stop = () => abort.abort();
  job.signal.addEventListener('abort', stop);
  log.info({ execution: execution.id, dataSource: source.id, run, resumeAfter: state.checkpoint }, 'retrieval started');
  try {
    const { annotator, items } = await openSource(source, connector, runDates, state, abort.signal, context);
    const batches = new BatchPipeline(
      db,
      { executionId: execution.id, dataSourceId: source.id, annotator },
      state,
      abort,
      context.webPressure,
    );
    await readInBatches(items, batches, handle.kind === 'pglite' ? BATCH_SIZE.pglite : BATCH_SIZE.postgres);
    await concludeRetrieval(db, execution.id, source.id, state);
    log.info({ execution: execution.id, ...state.progress }, 'retrieval done');
  } catch (error) {
    await settleFailure(db, execution.id, error, context);
  } finally {
    job.signal.removeEventListener('abort', stop);
    await queueSignals(context, execution.id);
  }
}

/**
 * The signals engine and the watched saved searches' check, told that the change log and the
 * people may have grown (a success, a failure or a cancel alike: every committed batch wrote; a run
 * to be retried is checked at its last end). A failed send never fails the retrieval: the engine's
 * sweep reads what it missed, the next retrieval's check finds the new matches.
 */
async function queueSignals({ jobs, log, job }: JobContext, executionId: number): Promise<void> {
  if (job.signal.aborted) return; // the worker is stopping: the retrieval runs again, and so does the sweep
  try {
    await jobs.send(SIGNALS_MATCH_QUEUE, { reason: 'retrieval' });
  } catch (error) {
    log.warn({ err: error }, 'could not queue the signals engine after a retrieval');
  }
  try {
    await jobs.send(SAVED_SEARCH_ALERTS_QUEUE, { execution_id: executionId });
  } catch (error) {
    log.warn({ err: error }, 'could not queue the saved search alerts after a retrieval');
  }
}

/**
 * The execution a job runs, its data source and that source's connector; undefined when there is
 * nothing to run (the source or execution is gone, the execution already finished; an execution
 * whose source or type is gone fails, saying so).
 */
async function runnableExecution(
  db: Kysely<Database>,
  data: RetrievalData,
  jobId: string,
  { log }: JobContext,
): Promise<{ execution: ExecutionRow; source: DataSourceRow; connector: ConnectorDeclaration } | undefined> {
  const execution = await executionForJob(db, data, jobId);
  if (!execution) {
    log.info({ data }, 'data source gone: nothing to retrieve');
    return;
  }
  if (!isRunning(execution)) {
    log.info({ execution: execution.id, status: execution.status }, 'execution already finished');
    return;
  }
  const source = await findDataSource(db, data.data_source_id);
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
  return { execution, source, connector };
}

/** The source's annotator and its records, from after the checkpoint; platform connections opened for the source's owner. */
async function openSource(
  source: DataSourceRow,
  connector: ConnectorDeclaration,
  runDates: Date[],
  state: RunState,
  signal: AbortSignal,
  { handle, log, allowPrivateFeeds }: JobContext,
): Promise<{ annotator: Annotator; items: AsyncIterable<SourceItem> }> {
  const secrets = secretBoxOf(handle.db);
  const connection = (id: string, category: string) =>
    platformConnectionParameters(handle.db, secrets, Number(id), category, source.owner_id);
  const annotator = await annotatorFor(source, { connection, log, allowPrivateNetworks: allowPrivateFeeds });
  const items = connector.fetch({
    dataSourceId: source.id,
    additionalData: source.additional_data as FieldValues,
    run: runDates.length - 1,
    runDates,
    skip: state.checkpoint,
    signal,
    allowPrivateNetworks: allowPrivateFeeds,
    log,
    connection,
    announceTotal: (total) => {
      state.progress.total = total;
    },
  });
  return { annotator, items };
}

/**
 * Batches on their way to the database: each is prepared (annotated, planned) as soon as it is
 * read, while the one before is written; writes go one at a time, in order, each committing the
 * execution's counts and checkpoint with its rows. A failed write stops the reading.
 */
class BatchPipeline {
  /** the batch being written */
  private writing: Promise<void> = Promise.resolve();
  private lastWriteMs = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly retrieval: { executionId: number; dataSourceId: number; annotator: Annotator },
    private readonly state: RunState,
    private readonly abort: AbortController,
    private readonly webPressure: WebPressure,
  ) {}

  /** Prepares `items` now and writes them after the batch before; gives way to web requests in between. */
  async add(items: SourceItem[]): Promise<void> {
    const { executionId, dataSourceId, annotator } = this.retrieval;
    const prepared = prepareBatch(this.db, { dataSourceId, executionId, items, annotator, signal: this.abort.signal });
    prepared.catch(() => {}); // its error is thrown by the write that waits for it
    await this.writing;
    await this.webPressure.giveWay(this.lastWriteMs, this.abort.signal);
    this.writing = this.write(prepared, items);
    this.writing.catch(() => this.abort.abort()); // a failed write stops the reading; the error is thrown at the next await
    // let requests in between batches: an embedded database answers within the same turn of
    // the event loop, so a retrieval would otherwise hold the server until it ends
    await yieldToEventLoop();
  }

  /** The last write; its error (a cancel, a failed write) is thrown here. */
  settled(): Promise<void> {
    return this.writing;
  }

  private async write(prepared: Promise<PreparedBatch>, items: SourceItem[]): Promise<void> {
    const { state } = this;
    const size = items.length;
    const planned = await prepared;
    const writeStarted = performance.now();
    await writeBatch(this.db, planned, async (trx, counts) => {
      const next = {
        ...state.progress,
        processed: state.progress.processed + size,
        created: state.progress.created + counts.created,
        updated: state.progress.updated + counts.updated,
        unchanged: state.progress.unchanged + counts.unchanged,
        failed: state.progress.failed + counts.failed,
      };
      // each failed record named by its place in the source (the errors come in the batch's order)
      const failedAt = items.flatMap((item, i) => ('error' in item ? [state.checkpoint + i + 1] : []));
      const errors = [...state.rowErrors, ...counts.errors.map((reason, k) => `record ${failedAt[k]}: ${reason}`)].slice(0, MAX_ROW_ERRORS);
      // cancelled meanwhile: ExecutionRevoked, and this batch is not written
      await recordBatch(trx, this.retrieval.executionId, next, state.checkpoint + size, errors);
      Object.assign(state.progress, next);
      state.rowErrors = errors;
    });
    state.checkpoint += size;
    this.lastWriteMs = performance.now() - writeStarted;
  }
}

/** Reads every record into batches of `batchSize` (or what a second brought); answers when the last batch is written. */
async function readInBatches(items: AsyncIterable<SourceItem>, batches: BatchPipeline, batchSize: number): Promise<void> {
  let batch: SourceItem[] = [];
  let batchStarted = Date.now();
  const flush = async () => {
    if (batch.length === 0) return;
    const full = batch;
    batch = [];
    batchStarted = Date.now();
    await batches.add(full);
  };
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
    await batches.settled(); // its error (a cancel, a failed write) wins over the reading's
  }
}

/** The whole source is written: final counts, the source's profile filter options, SUCCESS (naming the records that could not be read). */
async function concludeRetrieval(db: Kysely<Database>, executionId: number, dataSourceId: number, { progress, rowErrors }: RunState) {
  if (progress.total === null) progress.total = progress.processed;
  await recordFinalProgress(db, executionId, progress);
  await refreshProfileFilterOptions(db, [dataSourceId]);
  const result = progress.failed
    ? { exc_type: 'RecordErrors', exc_message: [`${progress.failed} of ${progress.processed} records could not be read.`, ...rowErrors] }
    : null;
  await finishExecution(db, executionId, 'SUCCESS', result);
}

/**
 * A retrieval that stopped before its end: cancelled (nothing more to do); the worker stopping
 * (thrown: the queue runs it again later); a transient failure — a timeout, a 5xx, a 429 — with
 * retries left (RETRY, thrown: the queue retries it with backoff); anything else fails it.
 */
async function settleFailure(db: Kysely<Database>, executionId: number, error: unknown, { job, log }: JobContext): Promise<void> {
  if (error instanceof ExecutionRevoked || job.signal.aborted) {
    log.info({ execution: executionId }, 'retrieval stopped');
    if (job.signal.aborted) throw error;
    return;
  }
  const transient =
    error instanceof ConnectorError ? error.options.transient === true : !(error instanceof TypeError || error instanceof RangeError);
  const failure = {
    exc_type: error instanceof Error ? error.name : 'Error',
    exc_message: [error instanceof Error ? error.message : String(error)],
  };
  if (transient && job.retryCount < job.retryLimit) {
    await retryLater(db, executionId, failure);
    log.warn({ execution: executionId, err: error }, 'retrieval failed; it will be retried');
    throw error;
  }
  await finishExecution(db, executionId, 'FAILURE', failure);
  log.warn({ execution: executionId, err: error }, 'retrieval failed');
}
