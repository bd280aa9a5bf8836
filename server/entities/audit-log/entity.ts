// The audit trail (issue 19; server/audit): every write through the API, read-only, for staff.
// The list filters by user, entity, action, object and date, searches the object and the
// e-mail; the export streams the same filtered list as CSV.
import { Readable } from 'node:stream';
import { Type } from 'typebox';
import { AuditEntrySchema, AuditFilterSchema } from '../../../types/wire/audit';
import { errors } from '../../../types/schema';
import { defineEntity } from '../../http/crud';
import { listQuerystringSchema } from '../../http/list-querystring';
import { applyOrdering, applySearch, listPageRequest, type ListSearchAndSort } from '../../db/list-page';
import { auditCsv } from './export';
import { checkAuditFilters, existingObjects, filterAuditRows, toAuditEntry, type AuditFilters, type AuditRow } from './repository';

const tags = ['audit-log'];
/** the export streams text, not JSON: no serializer, only a description */
const CsvAnswer = Type.Unsafe<Readable>({
  description: 'CSV, one row per entry: time, user email, action, entity, object id, object, changes',
  content: { 'text/csv': { schema: { type: 'string' } } },
});

const list: ListSearchAndSort = {
  ordering: { created_at: 'audit_log.created_at', id: 'audit_log.id' },
  defaultOrdering: ['-created_at'],
  search: ['audit_log.object_repr', "coalesce(audit_log.user_email, '')"],
};

export const auditLog = defineEntity({
  path: 'audit-log',
  table: 'audit_log',
  item: AuditEntrySchema,
  access: 'staff',
  summary: 'The audit trail (staff): every write through the API, newest first',
  list,
  filters: AuditFilterSchema,
  rows: (db) => db.selectFrom('audit_log').selectAll(),
  filter(query, filters: AuditFilters) {
    checkAuditFilters(filters);
    return filterAuditRows(query, filters);
  },
  toItems: async (db, _viewer, rows: AuditRow[]) => {
    const existing = await existingObjects(db, rows);
    return rows.map((row) => toAuditEntry(row, existing));
  },

  routes(app) {
    app.get(
      '/audit-log/export',
      {
        config: { access: 'staff' },
        schema: {
          tags,
          summary: 'CSV of every entry matching the same query as the list',
          querystring: listQuerystringSchema(AuditFilterSchema),
          response: { 200: CsvAnswer, ...errors(400, 401, 403) },
        },
      },
      async (request, reply) => {
        checkAuditFilters(request.query);
        const params = listPageRequest(request.query, list);
        const filtered = filterAuditRows(app.db.selectFrom('audit_log').selectAll(), request.query);
        const rows = await applyOrdering(applySearch(filtered, params, list), params, list, 'audit_log.id')
          .clearSelect()
          .select('audit_log.id')
          .execute();
        const ids = rows.map((row) => row.id);
        const stamp = new Date().toISOString().slice(0, 19).replace(/[-:T]/g, '');
        reply
          .header('Content-Type', 'text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="audit-log-${stamp}.csv"`)
          .header('X-Total-Count', String(ids.length));
        return reply.send(Readable.from(auditCsv(app.db, ids)));
      },
    );
  },
});
