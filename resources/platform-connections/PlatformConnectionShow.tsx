import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { PlatformConnection, PlatformConnectionDimensions } from '../../types/api';
import { DetailFields } from '../../src/lists/DetailFields';
import { DetailScreen } from '../../src/lists/DetailScreen';
import type { FieldDeclaration } from '../../src/lists/types';
import { DeletePlatformConnectionButton } from './DeletePlatformConnectionButton';
import { categoryLabel, categoryOf, usePlatformConnectionDimensions } from './platformConnectionTypes';

const label = (field: string) => `resources.platform-connections.fields.${field}`;

function fieldsOf(dimensions: PlatformConnectionDimensions | undefined): FieldDeclaration<PlatformConnection>[] {
  return [
    { source: 'category_type', label: label('source_type'), render: (connection) => categoryLabel(dimensions, connection.category_type) },
    { source: 'created_at', label: label('created_at'), type: 'datetime' },
    { source: 'updated_at', label: label('updated_at'), type: 'datetime' },
    { source: 'created_by', label: label('created_by') },
  ];
}

/** The category's visible parameters as the server answers them (secrets masked); labels are the definition's. */
function parameterFieldsOf(
  dimensions: PlatformConnectionDimensions | undefined,
  connection: PlatformConnection,
): FieldDeclaration<PlatformConnection>[] {
  const definitions = categoryOf(dimensions, connection.category_type)?.connection_parameters;
  const keys = definitions
    ? Object.keys(definitions).filter((key) => !definitions[key].hidden)
    : Object.keys(connection.connection_parameters).filter((key) => key !== 'user_agent');
  return keys.map((key) => ({
    source: `connection_parameters.${key}`,
    label: definitions?.[key]?.label ?? key,
    render: (record) => {
      const value = record.connection_parameters[key];
      return Array.isArray(value) ? value.join(', ') : value;
    },
  }));
}

/** /platform-connections/{id}: Source Type, dates, Created By, the parameters; Edit and Delete. */
export function PlatformConnectionShow() {
  const translate = useTranslate();
  const { data: dimensions } = usePlatformConnectionDimensions();
  return (
    <DetailScreen<PlatformConnection>
      resource="platform-connections"
      title="resources.platform-connections.show_title"
      edit
      actions={(connection) => <DeletePlatformConnectionButton connection={connection} />}
    >
      {(connection) => {
        const parameters = parameterFieldsOf(dimensions, connection);
        return (
          <>
            <DetailFields record={connection} fields={fieldsOf(dimensions)} resource="platform-connections" />
            {parameters.length > 0 && (
              <>
                <Typography variant="h6" component="h2" sx={{ mt: 3, mb: 1 }}>
                  {translate('resources.platform-connections.parameters')}
                </Typography>
                <DetailFields record={connection} fields={parameters} resource="platform-connections" />
              </>
            )}
          </>
        );
      }}
    </DetailScreen>
  );
}
