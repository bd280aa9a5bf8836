// The /companies list (SPEC §2 Companies): searchable, sortable by its dates, no selection.
import { DataTable, TextField } from 'react-admin';
import { DateTimeField, ShowLinkField } from '../../src/admin-kit/fields';
import { SpecList } from '../../src/admin-kit/list/SpecList';

export function CompanyList() {
  return (
    <SpecList
      resource="companies"
      title="resources.companies.title"
      subtitle="resources.companies.subtitle"
      search="resources.companies.search"
      empty="resources.companies.empty"
    >
      <DataTable bulkActionButtons={false}>
        <DataTable.Col source="name" label="resources.companies.fields.name" disableSort field={ShowLinkField} />
        <DataTable.Col source="location" label="resources.companies.fields.location" disableSort>
          <TextField source="location" emptyText="app.value.not_available" />
        </DataTable.Col>
        <DataTable.Col source="created_at" label="resources.companies.fields.created_at" field={DateTimeField} />
        <DataTable.Col source="updated_at" label="resources.companies.fields.updated_at" field={DateTimeField} />
      </DataTable>
    </SpecList>
  );
}
