// The /companies list (SPEC §2 Companies): a declaration the list machinery renders.
import type { Company } from '../../types/api';
import { ListScreen } from '../../src/lists/ListScreen';
import type { ListDeclaration } from '../../src/lists/types';

export const companyList: ListDeclaration<Company> = {
  resource: 'companies',
  title: 'resources.companies.title',
  subtitle: 'resources.companies.subtitle',
  searchPlaceholder: 'resources.companies.search',
  emptyText: 'resources.companies.empty',
  columns: [
    { source: 'name', label: 'resources.companies.fields.name', link: 'show' },
    { source: 'location', label: 'resources.companies.fields.location', empty: 'app.value.not_available' },
    { source: 'created_at', label: 'resources.companies.fields.created_at', sortable: true, type: 'datetime' },
    { source: 'updated_at', label: 'resources.companies.fields.updated_at', sortable: true, type: 'datetime' },
  ],
};

export function CompanyList() {
  return <ListScreen declaration={companyList} />;
}
