import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useSaveRecord } from '../shared/useSaveRecord';
import { DataSourceForm } from './DataSourceForm';
import { useDataSourceDimensions } from './dataSourceTypes';

/**
 * /data-sources/create: POST {name, source_type, additional_data + user_agent, schedule}
 * (no schedule for manual), then the new data source; a failure shows 'Failed to create
 * data source.' for 3 seconds, then the list.
 */
export function DataSourceCreate() {
  const translate = useTranslate();
  const dimensions = useDataSourceDimensions();
  const { create, saving, failure } = useSaveRecord('data-sources');

  if (dimensions.isPending) return <Typography sx={{ p: 2 }}>{translate('app.list.loading')}</Typography>;
  return (
    <DataSourceForm
      title="resources.data-sources.create_title"
      dimensions={dimensions.data}
      dimensionsError={dimensions.error}
      saving={saving}
      failure={failure}
      backTo="/data-sources"
      onSubmit={({ schedule, ...body }) => create(schedule === null ? body : { ...body, schedule }, 'resources.data-sources.errors.create')}
    />
  );
}
