// Executions of data-source retrievals as the API reads them: who sees which, the latest of each
// data source, rows → wire. Every change of one is server/data-operations/executions.ts's.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { ExecutionRow } from '../../data-operations/repository';
import type { Execution } from '../../../types/api';
import type { Viewer } from '../../db/viewer';
import { colleaguesOf, readableDataSourceIds } from '../../db/visibility';

export function toExecution(row: ExecutionRow): Execution {
  return {
    id: row.id,
    status: row.status,
    date_created: row.date_created.toISOString(),
    date_started: row.date_started?.toISOString() ?? null,
    date_done: row.date_done?.toISOString() ?? null,
    result: row.result,
    data_source: row.data_source_id === null ? null : { id: row.data_source_id, name: row.data_source_name },
    trigger: row.trigger,
    attempts: row.attempts,
    progress: row.progress,
  };
}

/**
 * The executions `viewer` may see: those of data sources they may read, and
 * those of their own and their colleagues' data sources after the source was
 * deleted. Staff: all.
 */
export async function visibleExecutions(db: Kysely<Database>, viewer: Viewer) {
  const query = db.selectFrom('execution').selectAll();
  if (viewer.is_staff) return query;
  const readable = (await readableDataSourceIds(db, viewer)) ?? [];
  return query.where((eb) =>
    eb.or([
      eb('data_source_id', '=', sql<number>`ANY(${sql.val(readable)}::int[])`),
      eb.and([eb('data_source_id', 'is', null), eb('owner_id', 'in', colleaguesOf(viewer.id))]),
    ]),
  );
}

/** The latest executions of each data source (newest first), `perSource` at most. */
export async function latestExecutions(db: Kysely<Database>, dataSourceIds: number[], perSource = 5): Promise<Map<number, ExecutionRow[]>> {
  const byId = new Map<number, ExecutionRow[]>();
  if (dataSourceIds.length === 0) return byId;
  const { rows } = await sql<ExecutionRow>`
    SELECT * FROM (
      SELECT e.*, row_number() OVER (PARTITION BY e.data_source_id ORDER BY e.date_created DESC, e.id DESC) AS n
      FROM execution e WHERE e.data_source_id = ANY(${sql.val(dataSourceIds)}::int[])
    ) ranked WHERE n <= ${perSource} ORDER BY date_created DESC, id DESC`.execute(db);
  for (const row of rows) {
    const list = byId.get(row.data_source_id!) ?? [];
    list.push(row);
    byId.set(row.data_source_id!, list);
  }
  return byId;
}
