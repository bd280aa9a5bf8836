import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button } from '@mui/material';
import { useDataProvider, useTranslate, type Identifier } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { errorMessage, GENERIC_ERROR_MESSAGE } from '../../dataProvider/errors';

/**
 * POST /executions/{id}/cancel/, then the execution reloads (REVOKED); a refusal (409:
 * it finished meanwhile) shows the server's message.
 */
export function CancelExecutionButton({ id }: { id: Identifier }) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const cancel = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await dataProvider.request('POST', `/executions/${id}/cancel/`);
    } catch (error) {
      setFailure(errorMessage(error, GENERIC_ERROR_MESSAGE));
    } finally {
      await queryClient.invalidateQueries({ queryKey: ['executions'] });
      setBusy(false);
    }
  };

  return (
    <>
      {failure && (
        <Alert severity="error" onClose={() => setFailure(null)}>
          {translate('resources.executions.cancel_failed', { message: failure })}
        </Alert>
      )}
      <Button variant="outlined" color="warning" onClick={cancel} disabled={busy}>
        {translate('resources.executions.cancel')}
      </Button>
    </>
  );
}
