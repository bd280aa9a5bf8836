// The audit log's SQL (issue 19): its rows as the API answers them and its filters (the
// retention is server/audit/retention.ts).
import { sql, type Kysely, type Selectable } from 'kysely';
import type { AuditAction, AuditEntry } from '../../../types/api';
import type { AuditLogTable, Database } from '../../db/schema';
import { entityDeclarations } from '../declarations';
import type { RowQuery } from '../../db/entity';
import { fieldError } from '../../errors';

export type AuditRow = Selectable<AuditLogTable>;

export interface AuditFilters {
  user?: number[];
  entity?: string[];
  action?: AuditAction[];
  object_id?: number;
  created_at__gte?: string;
  created_at__lte?: string;
}

/** `${entity}:${id}` of the objects of `rows` still there (one query per entity). */
export async function existingObjects(db: Kysely<Database>, rows: AuditRow[]): Promise<Set<string>> {
  const ids = new Map<string, Set<number>>();
  for (const row of rows) {
    if (row.object_id === null || row.action === 'delete') continue;
    const of = ids.get(row.entity) ?? new Set<number>();
    ids.set(row.entity, of.add(row.object_id));
  }
  const found = new Set<string>();
  for (const [entity, objectIds] of ids) {
    const declaration = entityDeclarations.find((d) => d.path === entity);
    if (!declaration) continue;
    const { rows: there } = await sql<{
      id: number;
    }>`SELECT id FROM ${sql.table(declaration.table)} WHERE id IN (${sql.join([...objectIds])})`.execute(db);
    for (const { id } of there) found.add(`${entity}:${id}`);
  }
  return found;
}

export function toAuditEntry(row: AuditRow, existing: Set<string> = new Set()): AuditEntry {
  return {
    id: row.id,
    created_at: row.created_at.toISOString(),
    user: row.user_id,
    user_email: row.user_email,
    action: row.action as AuditAction,
    entity: row.entity,
    object_id: row.object_id,
    object_repr: row.object_repr,
    changes: row.changes,
    object_exists: row.object_id !== null && existing.has(`${row.entity}:${row.object_id}`),
  };
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A bound of the date range: a time, or a day (from its start; `__lte`: to its end, exclusive of the next). */
function bound(field: string, value: string, end: boolean): { op: '>=' | '<'; at: Date } {
  const at = new Date(DAY.test(value) ? `${value}T00:00:00Z` : value);
  // years 1 to 9999: what both JavaScript and PostgreSQL hold
  if (Number.isNaN(at.getTime()) || at.getUTCFullYear() < 1 || at.getUTCFullYear() > 9999)
    throw fieldError(field, 'Enter a valid date/time.');
  if (!end) return { op: '>=', at };
  if (DAY.test(value)) return { op: '<', at: new Date(at.getTime() + 86_400_000) };
  return { op: '<', at: new Date(at.getTime() + 1) };
}

/** Checks the range before any query (a 400 naming the field). */
export function checkAuditFilters(filters: AuditFilters): void {
  if (filters.created_at__gte) bound('created_at__gte', filters.created_at__gte, false);
  if (filters.created_at__lte) bound('created_at__lte', filters.created_at__lte, true);
}

export function filterAuditRows(query: RowQuery<AuditRow>, filters: AuditFilters): RowQuery<AuditRow> {
  let q = query;
  if (filters.user?.length) q = q.where('audit_log.user_id', 'in', filters.user);
  if (filters.entity?.length) q = q.where('audit_log.entity', 'in', filters.entity);
  if (filters.action?.length) q = q.where('audit_log.action', 'in', filters.action);
  if (filters.object_id !== undefined) q = q.where('audit_log.object_id', '=', filters.object_id);
  for (const [field, end] of [
    ['created_at__gte', false],
    ['created_at__lte', true],
  ] as const) {
    const value = filters[field];
    if (!value) continue;
    const { op, at } = bound(field, value, end);
    q = q.where('audit_log.created_at', op, at);
  }
  return q;
}
