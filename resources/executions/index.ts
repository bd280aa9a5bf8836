// The face of the Executions entity (SPEC §2 Executions): the list of background
// retrievals and the detail of one, which follows a running execution until it finishes.
import HistoryIcon from '@mui/icons-material/History';
import { lazyScreen } from '../../src/admin-kit/lazyScreen';
import type { ResourceDeclaration } from '../../src/resourceTypes';

export const executions: ResourceDeclaration = {
  name: 'executions',
  apiPath: '/api/v1/executions',
  recordRepresentation: (execution) => `${execution.status} #${execution.id}`,
  menu: { group: 'Data Operations', label: 'resources.executions.menu', order: 2, icon: HistoryIcon },
  list: lazyScreen(
    () => import('./ExecutionList'),
    (m) => m.ExecutionList,
  ),
  show: lazyScreen(
    () => import('./ExecutionShow'),
    (m) => m.ExecutionShow,
  ),
};

export default executions;
