import { Alert, AlertTitle } from '@mui/material';
import type { ShownFailure } from './errorThenReturn';

/** A failure as the screens show it: their own text, and the server's message below it. */
export function FailureAlert({ failure }: { failure: ShownFailure | null }) {
  if (!failure) return null;
  return (
    <Alert severity="error" sx={{ mb: 2 }}>
      {failure.detail ? (
        <>
          <AlertTitle>{failure.message}</AlertTitle>
          {failure.detail}
        </>
      ) : (
        failure.message
      )}
    </Alert>
  );
}
