import type { ExecutionStatus } from '../../types/api';

/** Statuses of an execution that is still going (CONVENTIONS: Celery's words). */
export const RUNNING_STATUSES: readonly ExecutionStatus[] = ['PENDING', 'STARTED', 'RETRY'];

/** Whether the execution may still change (and its screen keeps asking for it). */
export function isRunning(status: ExecutionStatus | undefined): boolean {
  return status !== undefined && RUNNING_STATUSES.includes(status);
}
