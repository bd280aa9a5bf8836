import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useSaveRecord } from '../shared/useSaveRecord';
import { PlatformConnectionForm } from './PlatformConnectionForm';
import { usePlatformConnectionDimensions } from './platformConnectionTypes';

/**
 * /platform-connections/create: POST {category_type, connection_parameters + user_agent},
 * then the new connection; a failure shows 'Failed to create platform connection.' for
 * 3 seconds, then the list.
 */
export function PlatformConnectionCreate() {
  const translate = useTranslate();
  const dimensions = usePlatformConnectionDimensions();
  const { create, saving, failure } = useSaveRecord('platform-connections');

  if (dimensions.isPending) return <Typography sx={{ p: 2 }}>{translate('app.list.loading')}</Typography>;
  return (
    <PlatformConnectionForm
      title="resources.platform-connections.create_title"
      dimensions={dimensions.data}
      dimensionsError={dimensions.error}
      saving={saving}
      failure={failure}
      backTo="/platform-connections"
      onSubmit={(body) => create(body, 'resources.platform-connections.errors.create')}
    />
  );
}
