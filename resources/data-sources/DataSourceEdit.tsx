import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { DataSource } from '../../types/api';
import { RecordLoader } from '../shared/RecordLoader';
import { useSaveRecord } from '../shared/useSaveRecord';
import { DataSourceForm } from './DataSourceForm';
import { useDataSourceDimensions } from './dataSourceTypes';

/**
 * /data-sources/{id}/update: PUT {name, source_type, additional_data + user_agent,
 * schedule or null}, then the detail; a failure shows 'Failed to update data source.'
 * for 3 seconds, then the detail. A record that cannot be loaded: 'Error fetching data source'.
 */
export function DataSourceEdit() {
  const translate = useTranslate();
  const dimensions = useDataSourceDimensions();
  const { update, saving, failure } = useSaveRecord('data-sources');

  return (
    <RecordLoader<DataSource> resource="data-sources" failureMessage="resources.data-sources.errors.fetch">
      {(record) =>
        dimensions.isPending ? (
          <Typography sx={{ p: 2 }}>{translate('app.list.loading')}</Typography>
        ) : (
          <DataSourceForm
            title="resources.data-sources.edit_title"
            dimensions={dimensions.data}
            dimensionsError={dimensions.error}
            record={record}
            saving={saving}
            failure={failure}
            backTo={`/data-sources/${record.id}`}
            onSubmit={(body) => update(record, body, 'resources.data-sources.errors.update')}
          />
        )
      }
    </RecordLoader>
  );
}
