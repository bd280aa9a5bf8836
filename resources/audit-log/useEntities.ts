// The audit trail's entities ('rules', 'data-sources'…) as the app knows them: their names in the
// side menu, and the resource whose detail screen shows the object.
import { useTranslate } from 'react-admin';
import { type AuditedResource, useAuditedResources } from '../../src/admin-kit/history/auditEntities';

export interface EntityChoice extends AuditedResource {
  /** translated, e.g. 'Rules' */
  name: string;
}

/** Every entity the app registers, by name. */
export function useEntities(): EntityChoice[] {
  const translate = useTranslate();
  return useAuditedResources()
    .map((resource) => ({ ...resource, name: translate(resource.label, { _: resource.entity }) }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** entity → its name in the app; an entity the app does not know reads as it is. */
export function useEntityName(): (entity: string) => string {
  const entities = useEntities();
  return (entity) => entities.find((choice) => choice.entity === entity)?.name ?? entity;
}
