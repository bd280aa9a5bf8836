// /audit-log (issue 19, staff only): every recorded write, newest first — Time (to the entry's
// detail), User, Action, Entity, Object (to its own detail while it exists), Changes — filtered by
// user, entity, action, days and search, one object's history (?entity&object_id), CSV export.
import { DataTable, FunctionField, useTranslate } from 'react-admin';
import type { AuditEntry } from '../../types/api';
import { ShowLinkField } from '../../src/admin-kit/fields';
import { downloadCsv } from '../../src/admin-kit/list/exportCsv';
import { ExportCsvButton } from '../../src/admin-kit/list/ExportCsvButton';
import { SpecList } from '../../src/admin-kit/list/SpecList';
import type { ListActionsProps, ListFilterDeclaration } from '../../src/admin-kit/list/types';
import { formatDateTime } from '../../src/format';
import { ActionFilter, DateRangeFilter, EntityFilter, ObjectFilter } from './AuditFilters';
import { ChangesSummary } from './ChangesView';
import { ObjectLink } from './ObjectLink';
import { UserFilter } from './UserFilter';
import { useEntityName } from './useEntities';

export const AUDIT_EXPORT_PATH = '/api/v1/audit-log/export/';

const label = (field: string) => `resources.audit-log.fields.${field}`;

const filters: ListFilterDeclaration[] = [
  { keys: ['object_id'], component: ObjectFilter },
  { keys: ['user'], component: UserFilter },
  { keys: ['entity'], component: EntityFilter },
  { keys: ['action'], component: ActionFilter },
  { keys: ['created_at__gte', 'created_at__lte'], component: DateRangeFilter },
];

function AuditLogActions({ query }: ListActionsProps) {
  return <ExportCsvButton label="resources.audit-log.export" download={() => downloadCsv(AUDIT_EXPORT_PATH, query, 'audit-log.csv')} />;
}

/** The user who wrote, linked to their detail; 'System' for a scheduled retrieval. */
const userPath = (entry: AuditEntry) => (entry.user === null ? undefined : `/users/${entry.user}`);

export function AuditLogList() {
  const translate = useTranslate();
  const entityName = useEntityName();
  return (
    <SpecList
      resource="audit-log"
      title="resources.audit-log.title"
      subtitle="resources.audit-log.subtitle"
      search="resources.audit-log.search"
      empty="resources.audit-log.empty"
      actions={AuditLogActions}
      filters={filters}
    >
      <DataTable bulkActionButtons={false}>
        <DataTable.Col source="created_at" label={label('created_at')}>
          <ShowLinkField<AuditEntry> source="created_at" text={(entry) => formatDateTime(entry.created_at)} />
        </DataTable.Col>
        <DataTable.Col source="user_email" label={label('user_email')} disableSort>
          <ShowLinkField<AuditEntry> source="user_email" to={userPath} emptyText="resources.audit-log.system" />
        </DataTable.Col>
        <DataTable.Col source="action" label={label('action')} disableSort>
          <FunctionField<AuditEntry> render={(entry) => translate(`resources.audit-log.actions.${entry.action}`, { _: entry.action })} />
        </DataTable.Col>
        <DataTable.Col source="entity" label={label('entity')} disableSort>
          <FunctionField<AuditEntry> render={(entry) => entityName(entry.entity)} />
        </DataTable.Col>
        <DataTable.Col source="object_repr" label={label('object_repr')} disableSort>
          <ObjectLink />
        </DataTable.Col>
        <DataTable.Col source="changes" label={label('changes')} disableSort>
          <ChangesSummary />
        </DataTable.Col>
      </DataTable>
    </SpecList>
  );
}
