// The audit log as CSV (GET /audit-log/export/): the filtered list, every row, streamed in
// batches so that a year of entries never sits in memory.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { csvCell } from '../profiles/export';
import type { AuditChanges } from '../../audit/changes';
import type { AuditRow } from './repository';

const HEADER = ['time', 'user email', 'action', 'entity', 'object id', 'object', 'changes'];

function shown(value: unknown): string {
  if (value === null || value === undefined) return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** "field: before → after; …" */
export function changesText(changes: AuditChanges): string {
  return Object.entries(changes)
    .map(([field, { before, after }]) => `${field}: ${shown(before)} → ${shown(after)}`)
    .join('; ');
}

export async function* auditCsv(db: Kysely<Database>, ids: number[], batchSize = 2000): AsyncGenerator<string> {
  yield `${HEADER.join(',')}\r\n`;
  for (let start = 0; start < ids.length; start += batchSize) {
    const batch = ids.slice(start, start + batchSize);
    const rows = await db.selectFrom('audit_log').selectAll().where('id', 'in', batch).execute();
    const byId = new Map<number, AuditRow>(rows.map((row) => [row.id, row]));
    let chunk = '';
    for (const id of batch) {
      const row = byId.get(id);
      if (!row) continue; // expired meanwhile
      const cells = [row.created_at, row.user_email, row.action, row.entity, row.object_id, row.object_repr, changesText(row.changes)];
      chunk += `${cells.map(csvCell).join(',')}\r\n`;
    }
    yield chunk;
  }
}
