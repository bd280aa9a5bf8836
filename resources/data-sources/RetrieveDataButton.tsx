import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button } from '@mui/material';
import { useDataProvider, useTranslate, type Identifier } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { errorMessage, GENERIC_ERROR_MESSAGE } from '../../dataProvider/errors';
import type { Execution } from '../../types/api';

/** POST /data-sources/{id}/retrieval/, then the new execution's screen; a refusal shows the server's reason. */
export function RetrieveDataButton({ id }: { id: Identifier }) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const retrieve = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const execution = await dataProvider.request<Execution>('POST', `/data-sources/${id}/retrieval/`);
      void queryClient.invalidateQueries({ queryKey: ['data-sources'] });
      void queryClient.invalidateQueries({ queryKey: ['executions'] });
      navigate(`/executions/${execution.id}`);
    } catch (error) {
      setFailure(errorMessage(error, GENERIC_ERROR_MESSAGE));
      setBusy(false);
    }
  };

  return (
    <>
      {failure && (
        <Alert severity="error" onClose={() => setFailure(null)}>
          {translate('resources.data-sources.retrieve_failed', { message: failure })}
        </Alert>
      )}
      <Button variant="outlined" onClick={retrieve} disabled={busy}>
        {translate('resources.data-sources.retrieve')}
      </Button>
    </>
  );
}
