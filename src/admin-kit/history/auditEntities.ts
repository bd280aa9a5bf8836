// The audit trail names an object by its entity — the resource's API collection name ('rules' for
// the app's 'rule-sets') — and its id. These hooks go from an app resource to its entity and back,
// through the resources the app registered (react-admin's definitions) and the dataProvider's paths:
// nothing here imports the registry (which imports every screen, this kit included).
import { useContext } from 'react';
import { DataProviderContext, useResourceDefinitions } from 'react-admin';
import type { AppDataProvider } from '../../../dataProvider';

/** The audit log's own resource (and route, /audit-log). */
export const AUDIT_LOG = 'audit-log';

export interface AuditedResource {
  /** the app's resource name, e.g. 'rule-sets' */
  resource: string;
  /** the audit trail's name for it, e.g. 'rules' */
  entity: string;
  /** i18n key of its name in the side menu */
  label: string;
  /** it has a detail screen, /{resource}/{id} */
  hasShow: boolean;
}

const lastSegment = (path: string) => path.replace(/\/+$/, '').split('/').pop() || path;

/** resource → entity; the resource's own name when the dataProvider knows no paths (a test's fake). */
export function useEntityOf(): (resource: string) => string {
  // the raw dataProvider: react-admin's useDataProvider() proxies every method as a promise
  const dataProvider = useContext(DataProviderContext) as Partial<AppDataProvider> | null;
  return (resource) => (typeof dataProvider?.apiPathOf === 'function' ? lastSegment(dataProvider.apiPathOf(resource)) : resource);
}

/** Every registered resource but the audit log itself, as the audit trail names it. */
export function useAuditedResources(): AuditedResource[] {
  const definitions = useResourceDefinitions();
  const entityOf = useEntityOf();
  return Object.values(definitions)
    .filter((definition) => definition.name !== AUDIT_LOG)
    .map((definition) => ({
      resource: definition.name,
      entity: entityOf(definition.name),
      label: `resources.${definition.name}.menu`,
      hasShow: Boolean(definition.hasShow),
    }));
}
