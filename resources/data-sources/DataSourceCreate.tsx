import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { SpecCreate } from '../../src/admin-kit/form';
import { TypeDefinitionsFailure } from '../shared/TypeDefinitionsFailure';
import { DataSourceInputs, type DataSourceFormValues, dataSourceBody, newDataSourceValues } from './DataSourceForm';
import { useDataSourceDimensions } from './dataSourceTypes';

/**
 * /data-sources/create: POST {name, source_type, additional_data + user_agent, schedule}
 * (no schedule for manual), then the new data source; a failure shows 'Failed to create
 * data source.' for 3 seconds, then the list.
 */
export function DataSourceCreate() {
  const translate = useTranslate();
  const dimensions = useDataSourceDimensions();
  if (dimensions.isPending) return <Typography sx={{ p: 2 }}>{translate('app.list.loading')}</Typography>;
  return (
    <SpecCreate
      resource="data-sources"
      title="resources.data-sources.create_title"
      submitLabel="resources.data-sources.save"
      failureMessage="resources.data-sources.errors.create"
      notice={<TypeDefinitionsFailure error={dimensions.error} />}
      defaultValues={newDataSourceValues(dimensions.data)}
      transform={(values: DataSourceFormValues) => {
        const { schedule, ...body } = dataSourceBody(dimensions.data, values);
        return schedule === null ? body : { ...body, schedule };
      }}
    >
      <DataSourceInputs dimensions={dimensions.data} />
    </SpecCreate>
  );
}
