import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { DataSource } from '../../types/api';
import { SpecEdit } from '../../src/admin-kit/form';
import { TypeDefinitionsFailure } from '../shared/TypeDefinitionsFailure';
import { DataSourceInputs, type DataSourceFormValues, dataSourceBody, storedDataSourceValues } from './DataSourceForm';
import { useDataSourceDimensions } from './dataSourceTypes';

/**
 * /data-sources/{id}/update: PUT {name, source_type, additional_data + user_agent,
 * schedule or null}, then the detail; a failure shows 'Failed to update data source.'
 * for 3 seconds, then the detail. A record that cannot be loaded: 'Error fetching data source'.
 */
export function DataSourceEdit() {
  const translate = useTranslate();
  const dimensions = useDataSourceDimensions();
  if (dimensions.isPending) return <Typography sx={{ p: 2 }}>{translate('app.list.loading')}</Typography>;
  return (
    <SpecEdit
      resource="data-sources"
      title="resources.data-sources.edit_title"
      submitLabel="resources.data-sources.save"
      failureMessage="resources.data-sources.errors.update"
      fetchFailureMessage="resources.data-sources.errors.fetch"
      notice={<TypeDefinitionsFailure error={dimensions.error} />}
      toForm={(record) => storedDataSourceValues(dimensions.data, record as DataSource)}
      transform={(values: DataSourceFormValues) => dataSourceBody(dimensions.data, values)}
    >
      <DataSourceInputs dimensions={dimensions.data} />
    </SpecEdit>
  );
}
