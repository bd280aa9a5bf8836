// The face of the Executions entity (SPEC §2 Executions): the list of background
// retrievals and the detail of one, which follows a running execution until it finishes.
import HistoryIcon from '@mui/icons-material/History';
import type { ResourceDeclaration } from '../../src/resourceTypes';
import { ExecutionList } from './ExecutionList';
import { ExecutionShow } from './ExecutionShow';

export const executions: ResourceDeclaration = {
  name: 'executions',
  apiPath: '/api/v1/executions',
  recordRepresentation: (execution) => `${execution.status} #${execution.id}`,
  menu: { group: 'Data Operations', label: 'resources.executions.menu', order: 2, icon: HistoryIcon },
  list: ExecutionList,
  show: ExecutionShow,
};

export default executions;
