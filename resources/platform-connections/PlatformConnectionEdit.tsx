import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { PlatformConnection } from '../../types/api';
import { SpecEdit } from '../../src/admin-kit/form';
import { TypeDefinitionsFailure } from '../shared/TypeDefinitionsFailure';
import {
  connectionBody,
  PlatformConnectionInputs,
  type PlatformConnectionFormValues,
  storedConnectionValues,
} from './PlatformConnectionForm';
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
  if (dimensions.isPending) return <Typography sx={{ p: 2 }}>{translate('app.list.loading')}</Typography>;
  return (
    <SpecEdit
      resource="platform-connections"
      title="resources.platform-connections.edit_title"
      submitLabel="resources.platform-connections.save"
      failureMessage="resources.platform-connections.errors.update"
      fetchFailureMessage="resources.platform-connections.errors.fetch"
      notice={<TypeDefinitionsFailure error={dimensions.error} />}
      toForm={(record) => storedConnectionValues(dimensions.data, record as PlatformConnection)}
      transform={(values: PlatformConnectionFormValues) => connectionBody(dimensions.data, values)}
    >
      <PlatformConnectionInputs dimensions={dimensions.data} />
    </SpecEdit>
  );
}
