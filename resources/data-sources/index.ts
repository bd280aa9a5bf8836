// The face of the Data Sources entity (SPEC §2 Data sources): list with bulk actions,
// detail with its latest executions and Retrieve Data, create and update forms driven by
// the type definitions.
import CloudDownloadIcon from '@mui/icons-material/CloudDownload';
import StorageIcon from '@mui/icons-material/Storage';
import { lazyScreen } from '../../src/admin-kit/lazyScreen';
import type { ResourceDeclaration } from '../../src/resourceTypes';

export const dataSources: ResourceDeclaration = {
  name: 'data-sources',
  apiPath: '/api/v1/data-sources',
  recordRepresentation: 'name',
  menu: { group: 'Data Operations', label: 'resources.data-sources.menu', order: 1, icon: StorageIcon },
  home: { order: 2, icon: CloudDownloadIcon },
  list: lazyScreen(
    () => import('./DataSourceList'),
    (m) => m.DataSourceList,
  ),
  show: lazyScreen(
    () => import('./DataSourceShow'),
    (m) => m.DataSourceShow,
  ),
  create: lazyScreen(
    () => import('./DataSourceCreate'),
    (m) => m.DataSourceCreate,
  ),
  edit: lazyScreen(
    () => import('./DataSourceEdit'),
    (m) => m.DataSourceEdit,
  ),
};

export default dataSources;
