import { FunctionField, TextField, useTranslate } from 'react-admin';
import type { AuditEntry } from '../../types/api';
import { DateTimeField, ShowLinkField } from '../../src/admin-kit/fields';
import { ShowSection } from '../../src/admin-kit/show/ShowSection';
import { SpecShow } from '../../src/admin-kit/show/SpecShow';
import { SpecShowLayout } from '../../src/admin-kit/show/SpecShowLayout';
import { ChangesTable } from './ChangesView';
import { ObjectLink } from './ObjectLink';
import { useEntityName } from './useEntities';

const userPath = (entry: AuditEntry) => (entry.user === null ? undefined : `/users/${entry.user}`);

/** /audit-log/{id}: one write — when, who, what, to which object — and every changed field, before → after, whole. */
export function AuditLogShow() {
  const translate = useTranslate();
  const entityName = useEntityName();
  return (
    <SpecShow<AuditEntry> resource="audit-log" title="resources.audit-log.show_title">
      <SpecShowLayout>
        <DateTimeField source="created_at" />
        <ShowLinkField<AuditEntry> source="user_email" to={userPath} emptyText="resources.audit-log.system" />
        <FunctionField<AuditEntry>
          source="action"
          render={(entry) => translate(`resources.audit-log.actions.${entry.action}`, { _: entry.action })}
        />
        <FunctionField<AuditEntry> source="entity" render={(entry) => entityName(entry.entity)} />
        <FunctionField<AuditEntry> source="object_repr" render={() => <ObjectLink />} />
        <TextField source="object_id" />
      </SpecShowLayout>
      <ShowSection title="resources.audit-log.fields.changes" sx={{ mt: 3 }}>
        <ChangesTable />
      </ShowSection>
    </SpecShow>
  );
}
