// The face of the Companies entity: a searchable list and a detail screen, read-only.
import BusinessIcon from '@mui/icons-material/Business';
import type { ResourceDeclaration } from '../../src/resourceTypes';
import { CompanyList } from './CompanyList';
import { CompanyShow } from './CompanyShow';

export const companies: ResourceDeclaration = {
  name: 'companies',
  apiPath: '/api/v1/companies',
  recordRepresentation: 'name',
  menu: { group: 'Management', label: 'resources.companies.menu', order: 4, icon: BusinessIcon },
  list: CompanyList,
  show: CompanyShow,
};

export default companies;
