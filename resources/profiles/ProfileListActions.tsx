import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { Button } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import SaveIcon from '@mui/icons-material/BookmarkAdd';
import { useNotify, useTranslate } from 'react-admin';
import type { ListActionsProps } from '../../src/admin-kit/list/types';
import { errorMessage } from '../../dataProvider/errors';
import { downloadProfilesCsv } from './exportProfiles';

/**
 * The profiles screen's header: 'Save Search' opens /searches/create with the current
 * query string (SPEC §2), 'Export' downloads the same rows as CSV.
 */
export function ProfileListActions({ query }: ListActionsProps) {
  const translate = useTranslate();
  const notify = useNotify();
  const { search } = useLocation();
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadProfilesCsv(query);
    } catch (error) {
      notify(translate('app.errors.with_message', { message: errorMessage(error, translate('app.errors.unknown')) }), {
        type: 'error',
      });
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      <Button variant="contained" component={RouterLink} to={`/searches/create${search}`} startIcon={<SaveIcon />}>
        {translate('resources.profiles.actions.save_search')}
      </Button>
      <Button variant="outlined" onClick={exportCsv} disabled={exporting} startIcon={<DownloadIcon />}>
        {translate('resources.profiles.actions.export')}
      </Button>
    </>
  );
}
