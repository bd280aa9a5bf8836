// The face of the Data Sources entity (SPEC §2 Data sources): list with bulk actions,
// detail with its latest executions and Retrieve Data, create and update forms driven by
// the type definitions.
import CloudDownloadIcon from '@mui/icons-material/CloudDownload';
import StorageIcon from '@mui/icons-material/Storage';
import type { ResourceDeclaration } from '../../src/resourceTypes';
import { DataSourceCreate } from './DataSourceCreate';
import { DataSourceEdit } from './DataSourceEdit';
import { DataSourceList } from './DataSourceList';
import { DataSourceShow } from './DataSourceShow';

export const dataSources: ResourceDeclaration = {
  name: 'data-sources',
  apiPath: '/api/v1/data-sources',
  recordRepresentation: 'name',
  menu: { group: 'Data Operations', label: 'resources.data-sources.menu', order: 1, icon: StorageIcon },
  home: { order: 2, icon: CloudDownloadIcon },
  list: DataSourceList,
  show: DataSourceShow,
  create: DataSourceCreate,
  edit: DataSourceEdit,
};

export default dataSources;
