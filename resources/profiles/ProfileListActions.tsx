import { Link as RouterLink, useLocation } from 'react-router-dom';
import { Button } from '@mui/material';
import SaveIcon from '@mui/icons-material/BookmarkAdd';
import { useTranslate } from 'react-admin';
import { ExportCsvButton } from '../../src/admin-kit/list/ExportCsvButton';
import type { ListActionsProps } from '../../src/admin-kit/list/types';
import { downloadProfilesCsv } from './exportProfiles';

/**
 * The profiles screen's header: 'Save Search' opens /searches/create with the current
 * query string (SPEC §2), 'Export' downloads the same rows as CSV.
 */
export function ProfileListActions({ query }: ListActionsProps) {
  const translate = useTranslate();
  const { search } = useLocation();

  return (
    <>
      <Button variant="contained" component={RouterLink} to={`/searches/create${search}`} startIcon={<SaveIcon />}>
        {translate('resources.profiles.actions.save_search')}
      </Button>
      <ExportCsvButton label="resources.profiles.actions.export" download={() => downloadProfilesCsv(query)} />
    </>
  );
}
