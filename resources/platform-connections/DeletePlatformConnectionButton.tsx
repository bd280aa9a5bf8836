import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button } from '@mui/material';
import { Confirm, useDataProvider, useTranslate } from 'react-admin';
import { errorMessage, GENERIC_ERROR_MESSAGE } from '../../dataProvider/errors';
import type { PlatformConnection } from '../../types/api';

/** Delete, after a confirmation; then the list. A refusal shows the server's message. */
export function DeletePlatformConnectionButton({ connection }: { connection: PlatformConnection }) {
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const remove = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await dataProvider.delete('platform-connections', { id: connection.id, previousData: connection });
      void queryClient.invalidateQueries({ queryKey: ['platform-connections'] });
      navigate('/platform-connections');
    } catch (error) {
      setFailure(errorMessage(error, GENERIC_ERROR_MESSAGE));
      setOpen(false);
      setBusy(false);
    }
  };

  return (
    <>
      {failure && (
        <Alert severity="error" onClose={() => setFailure(null)}>
          {translate('resources.platform-connections.delete_failed', { message: failure })}
        </Alert>
      )}
      <Button variant="outlined" color="error" onClick={() => setOpen(true)} disabled={busy}>
        {translate('resources.platform-connections.delete')}
      </Button>
      <Confirm
        isOpen={open}
        loading={busy}
        title="resources.platform-connections.delete_title"
        content="resources.platform-connections.delete_content"
        confirm="resources.platform-connections.delete"
        onConfirm={remove}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
