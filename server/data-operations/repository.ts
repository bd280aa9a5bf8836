// The SQL of data operations: every change of an execution row (created, given its job, started,
// its progress per batch, set to retry, finished) and what a retrieval reads of its data source
// and of the platform connections it uses. Only the services beside it (executions.ts,
// platform-connections.ts) change an execution; the API's reads of executions (lists, details,
// the latest per data source) are the executions entity's.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, ExecutionProgress, ExecutionTable } from '../db/schema';
import { colleaguesOf } from '../db/visibility';

export type ExecutionRow = Selectable<ExecutionTable>;
export type ExecutionResult = { exc_type: string; exc_message: string[] };

/** The statuses of an execution that has not finished (Celery's words). */
export const RUNNING_STATUSES = ['PENDING', 'STARTED', 'RETRY'] as const;

export function insertExecution(
  db: Kysely<Database>,
  source: { id: number; name: string; owner_id: number },
  trigger: 'manual' | 'schedule',
  startedBy: number | null,
  jobId: string | null,
): Promise<ExecutionRow> {
  return db
    .insertInto('execution')
    .values({
      data_source_id: source.id,
      data_source_name: source.name,
      owner_id: source.owner_id,
      started_by: startedBy,
      trigger,
      job_id: jobId,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findExecution(db: Kysely<Database>, id: number): Promise<ExecutionRow | undefined> {
  return db.selectFrom('execution').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findExecutionOfJob(db: Kysely<Database>, jobId: string): Promise<ExecutionRow | undefined> {
  return db.selectFrom('execution').selectAll().where('job_id', '=', jobId).executeTakeFirst();
}

export function setExecutionJob(db: Kysely<Database>, id: number, jobId: string): Promise<ExecutionRow | undefined> {
  return db.updateTable('execution').set({ job_id: jobId }).where('id', '=', id).returningAll().executeTakeFirst();
}

/** STARTED (one more attempt, its first start kept, the last failure cleared) unless it finished meanwhile. */
export function markStarted(db: Kysely<Database>, id: number, jobId: string): Promise<ExecutionRow | undefined> {
  return db
    .updateTable('execution')
    .set((eb) => ({
      status: 'STARTED',
      attempts: eb('attempts', '+', 1),
      date_started: eb.fn.coalesce('date_started', eb.val(new Date())),
      job_id: jobId,
      result: null,
    }))
    .where('id', '=', id)
    .where('status', 'in', [...RUNNING_STATUSES])
    .returningAll()
    .executeTakeFirst();
}

/** When the successful runs of a data source before this execution were asked for, oldest first (their number is a connector's `run`). */
export async function successfulRunDatesBefore(db: Kysely<Database>, dataSourceId: number, executionId: number): Promise<Date[]> {
  const rows = await db
    .selectFrom('execution')
    .select('date_created')
    .where('data_source_id', '=', dataSourceId)
    .where('status', '=', 'SUCCESS')
    .where('id', '<', executionId)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.date_created);
}

/** A batch's counts and checkpoint, in the batch's transaction; false when the execution is no longer STARTED (cancelled). */
export async function saveBatchProgress(
  trx: Kysely<Database>,
  id: number,
  progress: ExecutionProgress,
  checkpoint: number,
  rowErrors: string[],
): Promise<boolean> {
  const saved = await trx
    .updateTable('execution')
    .set({ progress: JSON.stringify(progress), checkpoint, row_errors: JSON.stringify(rowErrors) })
    .where('id', '=', id)
    .where('status', '=', 'STARTED')
    .returning('id')
    .executeTakeFirst();
  return saved !== undefined;
}

export async function saveProgress(db: Kysely<Database>, id: number, progress: ExecutionProgress): Promise<void> {
  await db
    .updateTable('execution')
    .set({ progress: JSON.stringify(progress) })
    .where('id', '=', id)
    .execute();
}

/** RETRY with the failure that caused it, if it is still STARTED. */
export async function markForRetry(db: Kysely<Database>, id: number, failure: ExecutionResult): Promise<void> {
  await db
    .updateTable('execution')
    .set({ status: 'RETRY', result: JSON.stringify(failure) })
    .where('id', '=', id)
    .where('status', '=', 'STARTED')
    .execute();
}

/** Finished (SUCCESS, FAILURE or REVOKED) unless it already is: the row, or undefined when it had finished. */
export function markFinished(
  db: Kysely<Database>,
  id: number,
  status: 'SUCCESS' | 'FAILURE' | 'REVOKED',
  result: ExecutionResult | null,
): Promise<ExecutionRow | undefined> {
  return db
    .updateTable('execution')
    .set({ status, result: result && JSON.stringify(result), date_done: new Date() })
    .where('id', '=', id)
    .where('status', 'in', [...RUNNING_STATUSES])
    .returningAll()
    .executeTakeFirst();
}

/** The data source a retrieval reads, whole. */
export function findDataSource(db: Kysely<Database>, id: number) {
  return db.selectFrom('data_source').selectAll().where('id', '=', id).executeTakeFirst();
}

/** What an execution copies of its data source. */
export function findDataSourceSummary(db: Kysely<Database>, id: number) {
  return db.selectFrom('data_source').select(['id', 'name', 'owner_id']).where('id', '=', id).executeTakeFirst();
}

/** Each data source's schedule (all of them, or one). */
export function dataSourceSchedules(db: Kysely<Database>, id?: number) {
  let query = db.selectFrom('data_source').select(['id', 'cron_schedule']);
  if (id !== undefined) query = query.where('id', '=', id);
  return query.execute();
}

/** Platform connection `id` if it is the owner's own or their organization colleagues' (whoever may use it in a retrieval). */
export function findSharedPlatformConnection(db: Kysely<Database>, id: number, ownerId: number) {
  return db
    .selectFrom('platform_connection')
    .select(['category_type', 'connection_parameters'])
    .where('id', '=', id)
    .where(sql<boolean>`owner_id IN ${colleaguesOf(ownerId)}`)
    .executeTakeFirst();
}
