// The face of the Audit Log (issue 19, staff only): every write made through the API — who, what,
// which object, when, the fields before → after — listed, filtered, exported as CSV, one entry in
// detail. Each detail and update screen of the app links here filtered to its record (History).
import ManageHistoryIcon from '@mui/icons-material/ManageHistory';
import type { AuditEntry } from '../../types/api';
import { lazyScreen } from '../../src/admin-kit/lazyScreen';
import type { ResourceDeclaration } from '../../src/resourceTypes';

export const auditLog: ResourceDeclaration = {
  name: 'audit-log',
  apiPath: '/api/v1/audit-log',
  recordRepresentation: (entry: Pick<AuditEntry, 'action' | 'entity' | 'object_repr'>) =>
    `${entry.action} ${entry.entity} ${entry.object_repr}`.trim(),
  menu: { group: 'Admin', label: 'resources.audit-log.menu', order: 3, icon: ManageHistoryIcon, staffOnly: true },
  list: lazyScreen(
    () => import('./AuditLogList'),
    (m) => m.AuditLogList,
  ),
  show: lazyScreen(
    () => import('./AuditLogShow'),
    (m) => m.AuditLogShow,
  ),
};

export default auditLog;
