import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { PlatformConnection } from '../../types/api';
import { RecordLoader } from '../shared/RecordLoader';
import { useSaveRecord } from '../shared/useSaveRecord';
import { PlatformConnectionForm } from './PlatformConnectionForm';
import { usePlatformConnectionDimensions } from './platformConnectionTypes';

/**
 * /platform-connections/{id}/update: PUT {category_type, connection_parameters + user_agent}
 * (secrets left masked keep their stored value), then the detail; a failure shows 'Failed
 * to update platform connection.' for 3 seconds, then the detail. A connection that cannot
 * be loaded: 'Error fetching platform connection'.
 */
export function PlatformConnectionEdit() {
  const translate = useTranslate();
  const dimensions = usePlatformConnectionDimensions();
  const { update, saving, failure } = useSaveRecord('platform-connections');

  return (
    <RecordLoader<PlatformConnection> resource="platform-connections" failureMessage="resources.platform-connections.errors.fetch">
      {(record) =>
        dimensions.isPending ? (
          <Typography sx={{ p: 2 }}>{translate('app.list.loading')}</Typography>
        ) : (
          <PlatformConnectionForm
            title="resources.platform-connections.edit_title"
            dimensions={dimensions.data}
            dimensionsError={dimensions.error}
            record={record}
            saving={saving}
            failure={failure}
            backTo={`/platform-connections/${record.id}`}
            onSubmit={(body) => update(record, body, 'resources.platform-connections.errors.update')}
          />
        )
      }
    </RecordLoader>
  );
}
