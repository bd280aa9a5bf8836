// The face of the Organizations entity (staff only): list, detail, create, update and
// the add-users / remove-users screens the Users list's bulk actions open.
import CorporateFareIcon from '@mui/icons-material/CorporateFare';
import { lazyScreen } from '../../src/admin-kit/lazyScreen';
import type { ResourceDeclaration } from '../../src/resourceTypes';
import { organizationRoutes } from './organizationRoutes';

export const organizations: ResourceDeclaration = {
  name: 'organizations',
  apiPath: '/api/v1/organizations',
  recordRepresentation: 'name',
  menu: { group: 'Admin', label: 'resources.organizations.menu', order: 2, icon: CorporateFareIcon, staffOnly: true },
  list: lazyScreen(
    () => import('./OrganizationList'),
    (m) => m.OrganizationList,
  ),
  show: lazyScreen(
    () => import('./OrganizationShow'),
    (m) => m.OrganizationShow,
  ),
  create: lazyScreen(
    () => import('./OrganizationCreate'),
    (m) => m.OrganizationCreate,
  ),
  edit: lazyScreen(
    () => import('./OrganizationEdit'),
    (m) => m.OrganizationEdit,
  ),
  routes: organizationRoutes,
};

export default organizations;
