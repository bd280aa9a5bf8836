import { Chip } from '@mui/material';
import { useGetOne, useTranslate } from 'react-admin';
import type { DataSource } from '../../types/api';
import type { ListFilterProps } from '../../src/admin-kit/list/types';

/**
 * /executions?data_source={id} (the data source detail links there): the executions of
 * one data source, shown as a chip that removes the filter.
 */
export function DataSourceFilter({ values, onChange }: ListFilterProps) {
  const translate = useTranslate();
  const id = values.data_source?.[0];
  const { data } = useGetOne<Pick<DataSource, 'name'> & { id: string }>(
    'data-sources',
    { id },
    { enabled: id !== undefined, retry: false },
  );
  if (id === undefined) return null;
  return (
    <Chip
      label={translate('resources.executions.filter.data_source', { name: data?.name ?? `#${id}` })}
      onDelete={() => onChange({ data_source: [] })}
    />
  );
}
