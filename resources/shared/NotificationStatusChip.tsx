// A notification's status as a small chip (PENDING, SENT, FAILED): the raw value as its text
// (SPEC §4: the values are not shown otherwise), a colour that tells them apart at a glance.
// Used by the notifications screens and a profile's change history.
import { Chip } from '@mui/material';
import { type FieldProps, useFieldValue } from 'react-admin';

const COLOURS: Record<string, 'default' | 'success' | 'error' | 'warning'> = {
  SENT: 'success',
  FAILED: 'error',
  PENDING: 'warning',
};

export function NotificationStatusChip({ status }: { status: string | null | undefined }) {
  if (!status) return null;
  return <Chip label={status} size="small" variant="outlined" color={COLOURS[status] ?? 'default'} />;
}

/** The chip as a react-admin field of the record's `notification_status` (or `source`). */
export function NotificationStatusField({ source = 'notification_status' }: Pick<FieldProps, 'source' | 'label'>) {
  const value = useFieldValue({ source });
  return <NotificationStatusChip status={typeof value === 'string' ? value : null} />;
}
