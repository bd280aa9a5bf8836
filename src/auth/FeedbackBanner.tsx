// The banner of a screen's outcome: errors are announced at once (role alert), a
// success politely (role status).
import { Alert, AlertTitle } from '@mui/material';
import type { Feedback } from './useSubmission';

export function FeedbackBanner({ feedback }: { feedback: Feedback | null }) {
  if (!feedback) return null;
  return (
    <Alert severity={feedback.severity} role={feedback.severity === 'error' ? 'alert' : 'status'} sx={{ my: 2 }}>
      {feedback.detail ? (
        <>
          <AlertTitle>{feedback.message}</AlertTitle>
          {feedback.detail}
        </>
      ) : (
        feedback.message
      )}
    </Alert>
  );
}
