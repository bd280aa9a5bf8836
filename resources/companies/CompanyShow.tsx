import { FunctionField, TextField } from 'react-admin';
import type { Company } from '../../types/api';
import { DateTimeField, NamesField } from '../../src/admin-kit/fields';
import { SpecShow } from '../../src/admin-kit/show/SpecShow';
import { SpecShowLayout } from '../../src/admin-kit/show/SpecShowLayout';
import { companyHandle } from './companyExternalId';

/** /companies/{id}: every field that has a value (SPEC §2: empty values are hidden); labels are resources.companies.fields.*. */
export function CompanyShow() {
  return (
    <SpecShow<Company> resource="companies" title="resources.companies.show_title">
      <SpecShowLayout>
        <TextField source="id" />
        <FunctionField<Company> source="external_id" render={(company) => companyHandle(company.external_id)} />
        <TextField source="name" />
        <TextField source="description" />
        <TextField source="year_founded" />
        <TextField source="location" />
        <TextField source="industry" />
        <TextField source="company_size" />
        <NamesField source="data_sources" />
        <DateTimeField source="created_at" />
        <DateTimeField source="updated_at" />
      </SpecShowLayout>
    </SpecShow>
  );
}
