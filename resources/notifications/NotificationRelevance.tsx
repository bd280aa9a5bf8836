// 'Not relevant' (issue 18 item 5; docs/ALERTS.md): a reader marks a notification that should not
// have reached them, and its rule's noise figures count it. A toggle on the detail (POST
// /notifications/{id}/relevance/), a chip in the list's body cell.
import { Alert, Button, Chip } from '@mui/material';
import { useRecordContext, useTranslate } from 'react-admin';
import type { Notification } from '../../types/api';
import { useApiAction } from '../shared/useApiAction';

export function NotRelevantChip() {
  const notification = useRecordContext<Notification>();
  const translate = useTranslate();
  if (!notification?.not_relevant) return null;
  return <Chip size="small" variant="outlined" label={translate('resources.notifications.relevance.chip')} sx={{ ml: 1 }} />;
}

export function RelevanceButton({ notification }: { notification: Notification }) {
  const translate = useTranslate();
  const { run, busy, failure, clearFailure } = useApiAction('notifications');
  const marked = notification.not_relevant === true;
  return (
    <>
      {failure && (
        <Alert severity="error" onClose={clearFailure}>
          {translate('resources.notifications.relevance.failed', { message: failure })}
        </Alert>
      )}
      <Button
        variant={marked ? 'contained' : 'outlined'}
        aria-pressed={marked}
        disabled={busy}
        onClick={() => run('POST', `/notifications/${notification.id}/relevance/`, { not_relevant: !marked })}
      >
        {translate('resources.notifications.relevance.button')}
      </Button>
    </>
  );
}
