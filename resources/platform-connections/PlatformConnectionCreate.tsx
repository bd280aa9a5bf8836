import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { SpecCreate } from '../../src/admin-kit/form';
import { TypeDefinitionsFailure } from '../shared/TypeDefinitionsFailure';
import { connectionBody, newConnectionValues, PlatformConnectionInputs, type PlatformConnectionFormValues } from './PlatformConnectionForm';
import { usePlatformConnectionDimensions } from './platformConnectionTypes';

/**
 * /platform-connections/create: POST {category_type, connection_parameters + user_agent},
 * then the new connection; a failure shows 'Failed to create platform connection.' for
 * 3 seconds, then the list.
 */
export function PlatformConnectionCreate() {
  const translate = useTranslate();
  const dimensions = usePlatformConnectionDimensions();
  if (dimensions.isPending) return <Typography sx={{ p: 2 }}>{translate('app.list.loading')}</Typography>;
  return (
    <SpecCreate
      resource="platform-connections"
      title="resources.platform-connections.create_title"
      submitLabel="resources.platform-connections.save"
      failureMessage="resources.platform-connections.errors.create"
      notice={<TypeDefinitionsFailure error={dimensions.error} />}
      defaultValues={newConnectionValues(dimensions.data)}
      transform={(values: PlatformConnectionFormValues) => connectionBody(dimensions.data, values)}
    >
      <PlatformConnectionInputs dimensions={dimensions.data} />
    </SpecCreate>
  );
}
