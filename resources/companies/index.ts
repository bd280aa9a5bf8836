// The face of the Companies entity: a searchable list and a detail screen, read-only.
import BusinessIcon from '@mui/icons-material/Business';
import { lazyScreen } from '../../src/admin-kit/lazyScreen';
import type { ResourceDeclaration } from '../../src/resourceTypes';

export const companies: ResourceDeclaration = {
  name: 'companies',
  apiPath: '/api/v1/companies',
  recordRepresentation: 'name',
  menu: { group: 'Management', label: 'resources.companies.menu', order: 4, icon: BusinessIcon },
  list: lazyScreen(
    () => import('./CompanyList'),
    (m) => m.CompanyList,
  ),
  show: lazyScreen(
    () => import('./CompanyShow'),
    (m) => m.CompanyShow,
  ),
};

export default companies;
