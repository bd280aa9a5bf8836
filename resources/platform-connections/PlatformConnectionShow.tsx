import { FunctionField, TextField, useRecordContext } from 'react-admin';
import type { PlatformConnection, PlatformConnectionDimensions } from '../../types/api';
import { DateTimeField } from '../../src/admin-kit/fields';
import { SpecShow } from '../../src/admin-kit/show/SpecShow';
import { SpecShowLayout } from '../../src/admin-kit/show/SpecShowLayout';
import { ShowSection } from '../../src/admin-kit/show/ShowSection';
import { DeletePlatformConnectionButton } from './DeletePlatformConnectionButton';
import { categoryLabel, categoryOf, usePlatformConnectionDimensions } from './platformConnectionTypes';

/** The keys of the category's visible parameters (their values as the server answers them: secrets masked). */
function parameterKeys(dimensions: PlatformConnectionDimensions | undefined, connection: PlatformConnection): string[] {
  const definitions = categoryOf(dimensions, connection.category_type)?.connection_parameters;
  return definitions
    ? Object.keys(definitions).filter((key) => !definitions[key].hidden)
    : Object.keys(connection.connection_parameters).filter((key) => key !== 'user_agent');
}

/** The visible parameters, labelled by the category's definition (the key until it is known); a list joined. */
function ConnectionParameters({ dimensions }: { dimensions: PlatformConnectionDimensions | undefined }) {
  const connection = useRecordContext<PlatformConnection>();
  if (!connection) return null;
  const keys = parameterKeys(dimensions, connection);
  if (keys.length === 0) return null;
  const definitions = categoryOf(dimensions, connection.category_type)?.connection_parameters;
  return (
    <ShowSection title="resources.platform-connections.parameters" sx={{ mt: 3 }}>
      <SpecShowLayout>
        {keys.map((key) => (
          <FunctionField<PlatformConnection>
            key={key}
            source={`connection_parameters.${key}`}
            label={definitions?.[key]?.label ?? key}
            render={(record) => {
              const value = record.connection_parameters[key];
              return Array.isArray(value) ? value.join(', ') : value;
            }}
          />
        ))}
      </SpecShowLayout>
    </ShowSection>
  );
}

/** /platform-connections/{id}: Source Type, dates, Created By, the parameters; Edit and Delete. */
export function PlatformConnectionShow() {
  const { data: dimensions } = usePlatformConnectionDimensions();
  return (
    <SpecShow<PlatformConnection>
      resource="platform-connections"
      title="resources.platform-connections.show_title"
      edit
      actions={<DeletePlatformConnectionButton />}
    >
      <SpecShowLayout>
        <FunctionField<PlatformConnection>
          source="category_type"
          label="resources.platform-connections.fields.source_type"
          render={(connection) => categoryLabel(dimensions, connection.category_type)}
        />
        <DateTimeField source="created_at" />
        <DateTimeField source="updated_at" />
        <TextField source="created_by" />
      </SpecShowLayout>
      <ConnectionParameters dimensions={dimensions} />
    </SpecShow>
  );
}
