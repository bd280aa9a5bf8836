// Data sources: where profiles come from, of a type declared in server/connectors, retrieved
// by hand or on their cron schedule. Public ones are read by everyone; private ones by their
// owner and the owner's organization colleagues (CONVENTIONS "Who sees what").
import { sql, type Kysely, type Selectable } from 'kysely';
import { inTransaction } from '../../db/transaction';
import type { Database, DataSourceTable } from '../../db/schema';
import type { DataSource, DataSourceWrite } from '../../../types/api';
import type { Viewer } from '../../db/viewer';
import { colleaguesOf } from '../../db/visibility';
import { connectorFor } from '../../connectors';
import { checkedFieldValues, type FieldValues } from '../../connector-kit/fields';
import { cronProblem } from '../../connectors/cron';
import { fieldError, notFound } from '../../errors';
import { latestExecutions } from '../executions/repository';

export type DataSourceRow = Selectable<DataSourceTable> & { created_by: string };

export function dataSourceRows(db: Kysely<Database>, viewer: Viewer) {
  const query = db
    .selectFrom('data_source')
    .innerJoin('app_user as owner', 'owner.id', 'data_source.owner_id')
    .selectAll('data_source')
    .select('owner.email as created_by');
  return viewer.is_staff
    ? query
    : query.where((eb) => eb.or([eb('data_source.is_public', '=', true), eb('data_source.owner_id', 'in', colleaguesOf(viewer.id))]));
}

export async function toDataSources(db: Kysely<Database>, rows: DataSourceRow[]): Promise<DataSource[]> {
  const executions = await latestExecutions(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    is_public: row.is_public,
    source_type: row.source_type,
    additional_data: row.additional_data as FieldValues,
    cron_schedule: row.cron_schedule,
    created_by: row.created_by,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    executions: (executions.get(row.id) ?? []).map((e) => ({
      id: e.id,
      status: e.status,
      date_created: e.date_created.toISOString(),
      date_done: e.date_done?.toISOString() ?? null,
      result: e.result,
    })),
  }));
}

/** The columns a write sets, checked against the source type's declaration (400 listing every problem). */
function checkedColumns(body: Partial<DataSourceWrite>, current?: Selectable<DataSourceTable>) {
  const sourceType = body.source_type ?? current?.source_type;
  const connector = sourceType === undefined ? undefined : connectorFor(sourceType);
  if (!connector) throw fieldError('source_type', `"${sourceType}" is not a known source type.`);
  const typeChanged = current !== undefined && sourceType !== current.source_type;
  const given = body.additional_data ?? (typeChanged ? {} : ((current?.additional_data as FieldValues | undefined) ?? {}));
  const values = checkedFieldValues('additional_data', connector.additional_data, given, connector.validate?.(given) ?? []);
  let cron: string | null | undefined;
  if (body.schedule !== undefined) {
    cron = body.schedule === null || body.schedule.trim() === '' ? null : body.schedule.trim().replace(/\s+/g, ' ');
    const problem = cron === null ? undefined : cronProblem(cron);
    if (problem) throw fieldError('schedule', problem);
  }
  return {
    ...(body.name !== undefined ? { name: body.name.trim() } : {}),
    source_type: connector.internal_name,
    additional_data: JSON.stringify(values),
    ...(cron !== undefined ? { cron_schedule: cron } : {}),
  };
}

export async function createDataSource(db: Kysely<Database>, ownerId: number, body: DataSourceWrite): Promise<number> {
  const columns = checkedColumns(body);
  const row = await db
    .insertInto('data_source')
    .values({ ...columns, name: body.name.trim(), owner_id: ownerId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateDataSource(db: Kysely<Database>, id: number, body: Partial<DataSourceWrite>): Promise<void> {
  const current = await db.selectFrom('data_source').selectAll().where('id', '=', id).executeTakeFirst();
  if (!current) throw notFound();
  await db
    .updateTable('data_source')
    .set({ ...checkedColumns(body, current), updated_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

export async function setDataSourcePublic(db: Kysely<Database>, id: number, isPublic: boolean): Promise<void> {
  await db.updateTable('data_source').set({ is_public: isPublic, updated_at: sql`now()` }).where('id', '=', id).execute();
}

/**
 * Deletes a data source. Its profiles and companies lose the link, not their
 * rows: a person another source still holds stays theirs, and a person no
 * source holds any more stays for staff. Its executions keep their history.
 */
export async function deleteDataSource(db: Kysely<Database>, id: number): Promise<void> {
  await inTransaction(db, async (trx) => {
    await sql`UPDATE profile SET data_source_ids = array_remove(data_source_ids, ${id}::int) WHERE data_source_ids @> ARRAY[${id}::int]`.execute(
      trx,
    );
    await sql`UPDATE company SET data_source_ids = array_remove(data_source_ids, ${id}::int) WHERE data_source_ids @> ARRAY[${id}::int]`.execute(
      trx,
    );
    await trx.deleteFrom('data_source').where('id', '=', id).execute();
  });
}
