// Every change of an execution of a data source's retrieval, whoever makes it: the routes (a
// retrieval asked for by hand, a cancel, a data source's schedule after its row changed) and the
// retrieval job (server/jobs/retrieval.ts: started, each batch's progress, to be retried,
// finished). Statuses follow Celery's words: PENDING → STARTED → SUCCESS / FAILURE / RETRY /
// REVOKED. The retrieval queue is declared here, so that both sides send to it without knowing
// each other; its worker is server/jobs/retrieval.ts.
import type { Kysely } from 'kysely';
import type { Database, ExecutionProgress } from '../db/schema';
import { ConflictError } from '../errors';
import type { Jobs, QueueDeclaration } from '../queue/job-queue';
import { audited } from '../audit/audited';
import type { AuditActor, AuditRecord } from '../audit/record';
import {
  dataSourceSchedules,
  findDataSourceSummary,
  findExecution,
  findExecutionOfJob,
  insertExecution,
  markFinished,
  markForRetry,
  markStarted,
  saveBatchProgress,
  saveProgress,
  setExecutionJob,
  RUNNING_STATUSES,
  type ExecutionResult,
  type ExecutionRow,
} from './repository';

/** Where a service logs what went wrong beside the answer (pino's signature). */
export interface Log {
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface RetrievalData {
  data_source_id: number;
  /** set when a user asked for it (the execution exists); a scheduled run creates its own */
  execution_id?: number;
}

export const RETRIEVAL_QUEUE: QueueDeclaration<RetrievalData> = {
  name: 'data-source-retrieval',
  // doubled at each retry; a delay of 0 (tests) retries at once (pg-boss's backoff would start at 1 s)
  settings: (timing) => ({
    retryLimit: 3,
    retryDelay: timing.retryDelaySeconds,
    retryBackoff: timing.retryDelaySeconds > 0,
    heartbeatSeconds: timing.heartbeatSeconds,
    expireInSeconds: 6 * 3600,
  }),
};

/** The audit entry of a retrieval started (issue 19): on the data source, naming its execution. */
function retrievalRecord(source: { id: number; name: string }, execution: ExecutionRow): AuditRecord {
  return {
    action: 'retrieval',
    entity: 'data-sources',
    object_id: source.id,
    object_repr: source.name,
    changes: { execution: { before: null, after: execution.id }, trigger: { before: null, after: execution.trigger } },
  };
}

/** A new execution and its audit entry, in one transaction (`actor` null: the schedule started it). */
function startedExecution(
  db: Kysely<Database>,
  source: { id: number; name: string; owner_id: number },
  actor: AuditActor,
  jobId: string | null,
): Promise<ExecutionRow> {
  return audited(db, actor, async (trx, trail) => {
    const execution = await insertExecution(trx, source, actor ? 'manual' : 'schedule', actor?.id ?? null, jobId);
    trail.add(retrievalRecord(source, execution));
    return execution;
  });
}

/**
 * A retrieval asked for by hand: its execution (PENDING, audited as the user's) and its job.
 * When the queue cannot take the job, the execution fails at once (QueueUnavailable) rather
 * than waiting forever.
 */
export async function requestRetrieval(
  db: Kysely<Database>,
  jobs: Jobs,
  source: { id: number; name: string; owner_id: number },
  user: { id: number; email: string },
  log: Log,
): Promise<ExecutionRow> {
  // committed before the job is sent: the job reads the execution, and on the embedded
  // database the queue shares the one connection a transaction would hold
  const execution = await startedExecution(db, source, user, null);
  try {
    const jobId = await jobs.send(RETRIEVAL_QUEUE, { data_source_id: source.id, execution_id: execution.id });
    return (await setExecutionJob(db, execution.id, jobId)) ?? execution;
  } catch (error) {
    log.error({ err: error }, 'a retrieval could not be queued');
    return (
      (await markFinished(db, execution.id, 'FAILURE', {
        exc_type: 'QueueUnavailable',
        exc_message: ['The job queue could not take the retrieval; try again.'],
      })) ?? execution
    );
  }
}

/**
 * Cancels an execution that has not finished (REVOKED, audited as `user`'s); a ConflictError,
 * and no entry, when it has. A queued job leaves the queue; a running one stops before its next
 * batch is written.
 */
export async function cancelExecution(
  db: Kysely<Database>,
  jobs: Jobs,
  execution: ExecutionRow,
  user: { id: number; email: string },
  log: Log,
): Promise<ExecutionRow> {
  const revoked = await audited(db, user, async (trx, trail) => {
    const revoked = await markFinished(trx, execution.id, 'REVOKED', null);
    if (!revoked) throw new ConflictError(`The execution already finished (${execution.status}).`);
    trail.add({
      action: 'cancel',
      entity: 'executions',
      object_id: execution.id,
      object_repr: execution.data_source_name,
      changes: { status: { before: execution.status, after: revoked.status } },
    });
    return revoked;
  });
  if (execution.job_id)
    await jobs.cancel(RETRIEVAL_QUEUE, execution.job_id).catch((error) => log.warn({ err: error }, 'cancelling the queued job failed'));
  return revoked;
}

/** Keeps a data source's schedule in the queue as its row says. */
export async function syncSchedule(
  jobs: Jobs,
  source: { id: number; cron_schedule: string | null } | { id: number; deleted: true },
): Promise<void> {
  const cron = 'deleted' in source ? null : source.cron_schedule;
  await jobs.schedule(RETRIEVAL_QUEUE, String(source.id), cron || null, { data_source_id: source.id });
}

/** After a data source was created, updated or deleted: its schedule follows its row. */
export async function syncScheduleOf(db: Kysely<Database>, jobs: Jobs, id: number, change: 'create' | 'update' | 'delete'): Promise<void> {
  const [row] = change === 'delete' ? [] : await dataSourceSchedules(db, id);
  await syncSchedule(jobs, row ?? { id, deleted: true });
}

/** Every data source's schedule (at start: a seeded or restored database too). */
export async function syncAllSchedules(db: Kysely<Database>, jobs: Jobs): Promise<void> {
  for (const source of await dataSourceSchedules(db)) await syncSchedule(jobs, source);
}

/** The execution a job runs: the one it was sent for, or the one its schedule's earlier attempt created, or a new one. */
export async function executionForJob(db: Kysely<Database>, data: RetrievalData, jobId: string): Promise<ExecutionRow | undefined> {
  if (data.execution_id) return findExecution(db, data.execution_id);
  const earlier = await findExecutionOfJob(db, jobId);
  if (earlier) return earlier;
  const source = await findDataSourceSummary(db, data.data_source_id);
  // the one write of a background job that is audited: a retrieval started, by no user
  return source && startedExecution(db, source, null, jobId);
}

/** Whether an execution still waits for its retrieval (PENDING, STARTED, RETRY). */
export function isRunning(execution: ExecutionRow): boolean {
  return (RUNNING_STATUSES as readonly string[]).includes(execution.status);
}

/** Its job starts it (STARTED, one more attempt): the row, or undefined when it finished meanwhile. */
export function startExecution(db: Kysely<Database>, id: number, jobId: string): Promise<ExecutionRow | undefined> {
  return markStarted(db, id, jobId);
}

/** The execution was cancelled while its retrieval ran: the batch being written is not. */
export class ExecutionRevoked extends Error {}

/** A batch's progress, checkpoint and row errors, in the batch's own transaction; ExecutionRevoked when it was cancelled. */
export async function recordBatch(
  trx: Kysely<Database>,
  id: number,
  progress: ExecutionProgress,
  checkpoint: number,
  rowErrors: string[],
): Promise<void> {
  if (!(await saveBatchProgress(trx, id, progress, checkpoint, rowErrors))) throw new ExecutionRevoked();
}

/** The final counts of a retrieval that read its whole source (before it is marked finished). */
export function recordFinalProgress(db: Kysely<Database>, id: number, progress: ExecutionProgress): Promise<void> {
  return saveProgress(db, id, progress);
}

/** A transient failure: RETRY with its reason; the queue runs the job again. */
export function retryLater(db: Kysely<Database>, id: number, failure: ExecutionResult): Promise<void> {
  return markForRetry(db, id, failure);
}

/** SUCCESS (with the records that could not be read, if any) or FAILURE, unless it already finished. */
export function finishExecution(
  db: Kysely<Database>,
  id: number,
  status: 'SUCCESS' | 'FAILURE',
  result: ExecutionResult | null,
): Promise<ExecutionRow | undefined> {
  return markFinished(db, id, status, result);
}
