// "An object's detail links to its history" (issue 19): a 'History' button beside the title of
// every detail and update screen (SpecShow and SpecEdit place it), opening the audit log filtered
// to that object. Staff only, as the audit log is.
import { Link as RouterLink } from 'react-router-dom';
import { Button } from '@mui/material';
import HistoryIcon from '@mui/icons-material/History';
import { type Identifier, useTranslate } from 'react-admin';
import { buildQueryString } from '../../../dataProvider/queryString';
import { useCurrentUser } from '../../auth/useCurrentUser';
import { AUDIT_LOG, useEntityOf } from './auditEntities';

/** /audit-log?entity=rules&object_id=3: the list's own address keys, sorted. */
export const historyPath = (entity: string, id: Identifier) => `/${AUDIT_LOG}?${buildQueryString({ entity, object_id: String(id) })}`;

export function HistoryLink({ resource, id }: { resource: string; id: Identifier | undefined }) {
  const translate = useTranslate();
  const { user } = useCurrentUser();
  const entityOf = useEntityOf();
  if (!user?.is_staff || id === undefined || resource === AUDIT_LOG) return null;
  return (
    <Button component={RouterLink} to={historyPath(entityOf(resource), id)} startIcon={<HistoryIcon />}>
      {translate('app.detail.history')}
    </Button>
  );
}
