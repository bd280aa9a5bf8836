import { useMemo } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Connection } from '../../types/api';
import { ListScreen } from '../../src/lists/ListScreen';
import type { ListDeclaration } from '../../src/lists/types';
import { MissingProfileId } from './ProfileFormFrame';
import { useProfileId } from './useProfileId';

const label = (field: string) => `resources.profiles.connections.fields.${field}`;

function BackToProfile() {
  const translate = useTranslate();
  const { id } = useParams<{ id: string }>();
  return (
    <Button variant="outlined" component={RouterLink} to={`/profiles/${id}`}>
      {translate('resources.profiles.actions.back_to_profile')}
    </Button>
  );
}

/**
 * The connections of one profile as a list of the machinery: the resource is the
 * sub-collection itself, which the dataProvider reaches at /api/v1/profiles/{id}/connections.
 */
export function connectionList(profileId: string): ListDeclaration<Connection> {
  return {
    resource: `profiles/${profileId}/connections`,
    title: 'resources.profiles.connections.title',
    subtitle: 'resources.profiles.connections.subtitle',
    emptyText: 'resources.profiles.connections.empty',
    columns: [
      { source: 'id', label: label('id'), link: (connection) => `/profiles/${connection.id}` },
      { source: 'external_id', label: label('external_id') },
      { source: 'first_name', label: label('first_name') },
      { source: 'last_name', label: label('last_name') },
      { source: 'degree', label: label('degree') },
    ],
    actions: BackToProfile,
  };
}

/** /profiles/{id}/connections: a paged table, no sorting (SPEC §2 Profile sub-screens). */
export function ProfileConnections() {
  const id = useProfileId();
  const declaration = useMemo(() => (id ? connectionList(id) : undefined), [id]);
  return declaration ? <ListScreen declaration={declaration} /> : <MissingProfileId />;
}
