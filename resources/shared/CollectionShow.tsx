import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { DetailFields } from '../../src/lists/DetailFields';
import { DetailScreen } from '../../src/lists/DetailScreen';
import { RecordsTable } from '../../src/lists/RecordsTable';
import type { ColumnDeclaration, FieldDeclaration } from '../../src/lists/types';

interface Collection {
  id: number;
  name: string;
  created_at: string;
  updated_at: string;
}

interface CollectionShowProps<T extends Collection, M extends { id: number }> {
  /** the collection's resource, e.g. 'organizations'; labels come from resources.{resource}.* */
  resource: string;
  /** the field holding the members, e.g. 'users' */
  memberField: keyof T & string;
  /** the members' own resource, for their links */
  memberResource: string;
  memberColumns: ColumnDeclaration<M>[];
}

/**
 * The detail of a named collection of members (organizations, profile lists):
 * name, dates, the members table and Edit. Labels are the resource's own.
 */
export function CollectionShow<T extends Collection, M extends { id: number }>({
  resource,
  memberField,
  memberResource,
  memberColumns,
}: CollectionShowProps<T, M>) {
  const translate = useTranslate();
  const fields: FieldDeclaration<T>[] = [
    { source: 'name', label: `resources.${resource}.fields.name` },
    { source: 'created_at', label: `resources.${resource}.fields.created_at`, type: 'datetime' },
    { source: 'updated_at', label: `resources.${resource}.fields.updated_at`, type: 'datetime' },
  ] as FieldDeclaration<T>[];
  const membersLabel = translate(`resources.${resource}.fields.${memberField}`);
  return (
    <DetailScreen<T> resource={resource} title={`resources.${resource}.show_title`} edit>
      {(record) => (
        <>
          <DetailFields record={record} fields={fields} resource={resource} />
          <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
            {membersLabel}
          </Typography>
          <RecordsTable
            resource={memberResource}
            columns={memberColumns}
            rows={record[memberField] as unknown as M[]}
            label={membersLabel}
            emptyText={`resources.${resource}.members.empty`}
          />
        </>
      )}
    </DetailScreen>
  );
}
