import { useState } from 'react';
import { Button } from '@mui/material';
import DownloadIcon from '@mui/icons-material/Download';
import { useNotify, useTranslate } from 'react-admin';
import { errorMessage } from '../../../dataProvider/errors';

/**
 * A list header's 'Export' button: runs `download` (exportCsv.ts's downloadCsv for the list's
 * query), disabled meanwhile; a failure is notified with the server's message.
 */
export function ExportCsvButton({ label, download }: { label: string; download: () => Promise<void> }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    try {
      await download();
    } catch (error) {
      notify(translate('app.errors.with_message', { message: errorMessage(error, translate('app.errors.unknown')) }), {
        type: 'error',
      });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Button variant="outlined" onClick={exportCsv} disabled={exporting} startIcon={<DownloadIcon />}>
      {translate(label)}
    </Button>
  );
}
