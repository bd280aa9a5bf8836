import { Link as RouterLink } from 'react-router-dom';
import { Link, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';
import type { AuditEntry } from '../../types/api';
import { useEntities } from './useEntities';

/**
 * The object an entry is about, by how it read when written (object_repr): a link to its detail
 * screen in the app when its resource has one and the object is still there (the list's
 * `object_exists`: no call per row), else plain.
 */
export function ObjectLink() {
  const entry = useRecordContext<AuditEntry>();
  const target = useEntities().find((choice) => choice.entity === entry?.entity && choice.hasShow);
  const id = entry?.object_id ?? null;
  if (!entry) return null;
  const text = entry.object_repr || (id === null ? '' : `#${id}`);
  if (target && id !== null && entry.object_exists) {
    return (
      <Link component={RouterLink} to={`/${target.resource}/${id}`} variant="body2">
        {text}
      </Link>
    );
  }
  return (
    <Typography component="span" variant="body2">
      {text}
    </Typography>
  );
}
