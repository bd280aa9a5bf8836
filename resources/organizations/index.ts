// The face of the Organizations entity (staff only): list, detail, create, update and
// the add-users / remove-users screens the Users list's bulk actions open.
import CorporateFareIcon from '@mui/icons-material/CorporateFare';
import type { ResourceDeclaration } from '../../src/resourceTypes';
import { OrganizationCreate } from './OrganizationCreate';
import { OrganizationEdit } from './OrganizationEdit';
import { OrganizationList } from './OrganizationList';
import { OrganizationShow } from './OrganizationShow';
import { organizationRoutes } from './organizationRoutes';

export const organizations: ResourceDeclaration = {
  name: 'organizations',
  apiPath: '/api/v1/organizations',
  recordRepresentation: 'name',
  menu: { group: 'Admin', label: 'resources.organizations.menu', order: 2, icon: CorporateFareIcon, staffOnly: true },
  list: OrganizationList,
  show: OrganizationShow,
  create: OrganizationCreate,
  edit: OrganizationEdit,
  routes: organizationRoutes,
};

export default organizations;
