import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { Box, Typography } from '@mui/material';
import { useGetOne, useTranslate, type RaRecord } from 'react-admin';
import { FailureAlert } from './FailureAlert';

/**
 * Loads the record an update screen edits (/{resource}/:id/update): 'Loading...', then the
 * screen's own failure text ('Error fetching data source') with the server's message,
 * or the children with the record.
 */
export function RecordLoader<R extends RaRecord>({
  resource,
  failureMessage,
  children,
}: {
  resource: string;
  /** i18n key */
  failureMessage: string;
  children: (record: R) => ReactNode;
}) {
  const translate = useTranslate();
  const { id = '' } = useParams<{ id: string }>();
  const { data: record, isPending, error } = useGetOne<R>(resource, { id }, { retry: false });

  if (isPending) return <Typography sx={{ p: 2 }}>{translate('app.list.loading')}</Typography>;
  if (error || !record) {
    return (
      <Box sx={{ p: 2 }}>
        <FailureAlert failure={{ message: translate(failureMessage), detail: error instanceof Error ? error.message : undefined }} />
      </Box>
    );
  }
  return <>{children(record)}</>;
}
