import type { Company } from '../../types/api';
import { DetailFields } from '../../src/lists/DetailFields';
import { DetailScreen } from '../../src/lists/DetailScreen';
import type { FieldDeclaration } from '../../src/lists/types';
import { companyHandle } from './companyExternalId';

const label = (field: string) => `resources.companies.fields.${field}`;

const fields: FieldDeclaration<Company>[] = [
  { source: 'id', label: label('id') },
  { source: 'external_id', label: label('external_id'), render: (company) => companyHandle(company.external_id) },
  { source: 'name', label: label('name') },
  { source: 'description', label: label('description') },
  { source: 'year_founded', label: label('year_founded') },
  { source: 'location', label: label('location') },
  { source: 'industry', label: label('industry') },
  { source: 'company_size', label: label('company_size') },
  { source: 'data_sources', label: label('data_sources'), type: 'names' },
  { source: 'created_at', label: label('created_at'), type: 'datetime' },
  { source: 'updated_at', label: label('updated_at'), type: 'datetime' },
];

/** /companies/{id}: every field that has a value (SPEC §2: empty values are hidden). */
export function CompanyShow() {
  return (
    <DetailScreen<Company> resource="companies" title="resources.companies.show_title">
      {(company) => <DetailFields record={company} fields={fields} resource="companies" />}
    </DetailScreen>
  );
}
