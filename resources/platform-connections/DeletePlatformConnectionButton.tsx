import { useState } from 'react';
import { Alert } from '@mui/material';
import { DeleteWithConfirmButton, useTranslate } from 'react-admin';
import { errorMessage, GENERIC_ERROR_MESSAGE } from '../../dataProvider/errors';

/**
 * react-admin's Delete of the connection in the record context, after a confirmation; then the
 * list. A refusal shows the server's message beside the button.
 */
export function DeletePlatformConnectionButton() {
  const translate = useTranslate();
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <>
      {failure && (
        <Alert severity="error" onClose={() => setFailure(null)}>
          {translate('resources.platform-connections.delete_failed', { message: failure })}
        </Alert>
      )}
      <DeleteWithConfirmButton
        variant="outlined"
        label="resources.platform-connections.delete"
        confirmTitle="resources.platform-connections.delete_title"
        confirmContent="resources.platform-connections.delete_content"
        confirmColor="warning"
        redirect="list"
        mutationOptions={{ onError: (error) => setFailure(errorMessage(error, GENERIC_ERROR_MESSAGE)) }}
      />
    </>
  );
}
