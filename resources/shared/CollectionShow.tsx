// The detail of a named collection of members (SPEC §2: /organizations/{id}, /profile-lists/{id}):
// name, dates, the members table and Edit. The resource gives the member columns; labels are its own
// (resources.{resource}.show_title, .fields.*, .members.*).
import type { ReactNode } from 'react';
import { ArrayField, DataTable, TextField, useTranslate } from 'react-admin';
import { DateTimeField } from '../../src/admin-kit/fields';
import { SpecShow } from '../../src/admin-kit/show/SpecShow';
import { SpecShowLayout } from '../../src/admin-kit/show/SpecShowLayout';
import { EmptyText, ShowSection } from '../../src/admin-kit/show/ShowSection';

export function CollectionShow({
  resource,
  memberField,
  children,
}: {
  resource: string;
  /** the field holding the members, e.g. 'users' */
  memberField: string;
  /** the members table's <DataTable.Col> columns */
  children: ReactNode;
}) {
  const translate = useTranslate();
  const membersLabel = `resources.${resource}.fields.${memberField}`;
  return (
    <SpecShow resource={resource} title={`resources.${resource}.show_title`} edit>
      <SpecShowLayout>
        <TextField source="name" />
        <DateTimeField source="created_at" />
        <DateTimeField source="updated_at" />
      </SpecShowLayout>
      <ShowSection title={membersLabel} sx={{ mt: 3 }}>
        <ArrayField source={memberField}>
          <DataTable
            aria-label={translate(membersLabel)}
            bulkActionButtons={false}
            rowClick={false}
            storeKey={`${resource}.${memberField}.datatable`}
            empty={<EmptyText text={`resources.${resource}.members.empty`} />}
          >
            {children}
          </DataTable>
        </ArrayField>
      </ShowSection>
    </SpecShow>
  );
}
