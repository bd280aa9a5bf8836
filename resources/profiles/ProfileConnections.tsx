// /profiles/{id}/connections (SPEC §2 Profile sub-screens): a paged table of the profile's
// connections, without sorting or selection, on the kit's <SpecList>. Its resource is the
// sub-collection itself, which the dataProvider reaches at /api/v1/profiles/{id}/connections
// with page and page_size.
import { Link as RouterLink } from 'react-router-dom';
import { Button } from '@mui/material';
import { DataTable, useTranslate } from 'react-admin';
import { ShowLinkField } from '../../src/admin-kit/fields';
import { SpecList } from '../../src/admin-kit/list/SpecList';
import type { Connection } from '../../types/api';
import { MissingProfileId } from './ProfileFormFrame';
import { useProfileId } from './useProfileId';

const label = (field: string) => `resources.profiles.connections.fields.${field}`;

/** ID links to the connected profile's own screen. */
const profilePath = (connection: { id: unknown }) => `/profiles/${connection.id}`;

function BackToProfile() {
  const translate = useTranslate();
  const id = useProfileId();
  return (
    <Button variant="outlined" component={RouterLink} to={`/profiles/${id}`}>
      {translate('resources.profiles.actions.back_to_profile')}
    </Button>
  );
}

export function ProfileConnections() {
  const id = useProfileId();
  if (!id) return <MissingProfileId />;
  return (
    // one list per profile: another profile's connections start from its own address
    <SpecList
      key={id}
      resource={`profiles/${id}/connections`}
      title="resources.profiles.connections.title"
      subtitle="resources.profiles.connections.subtitle"
      empty="resources.profiles.connections.empty"
      actions={BackToProfile}
    >
      <DataTable<Connection> rowClick={false} bulkActionButtons={false}>
        <DataTable.Col source="id" label={label('id')} disableSort>
          <ShowLinkField source="id" to={profilePath} />
        </DataTable.Col>
        <DataTable.Col source="external_id" label={label('external_id')} disableSort />
        <DataTable.Col source="first_name" label={label('first_name')} disableSort />
        <DataTable.Col source="last_name" label={label('last_name')} disableSort />
        <DataTable.Col source="degree" label={label('degree')} disableSort />
      </DataTable>
    </SpecList>
  );
}
