// The notifications one change of a profile raised (issue Signals, timeline): newest first, each
// its status, its type and recipient linking to /notifications/{id}, and the rule that raised it.
// GET /profiles/{id}/changes/ answers them per change as `notifications` (read as optional: a
// change without the field raised none that the viewer may see).
import { Link as RouterLink } from 'react-router-dom';
import { Link, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { NotificationStatusChip } from '../shared/NotificationStatusChip';

/** One notification as a change carries it. */
export interface ChangeNotification {
  id: number;
  notification_status: string;
  notification_type: string;
  recipient: string;
  rule: { id: number; name: string } | null;
}

/** The change's notifications, newest (highest id) first. */
export function notificationsOf(change: { notifications?: ChangeNotification[] | null }): ChangeNotification[] {
  return [...(change.notifications ?? [])].sort((a, b) => b.id - a.id);
}

export function ChangeNotifications({ change }: { change: { notifications?: ChangeNotification[] | null } }) {
  const translate = useTranslate();
  const notifications = notificationsOf(change);
  if (notifications.length === 0) return <>—</>;
  return (
    <Stack component="ul" spacing={0.5} sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {notifications.map((notification) => (
        <Stack key={notification.id} component="li" direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <NotificationStatusChip status={notification.notification_status} />
          <Link component={RouterLink} to={`/notifications/${notification.id}`}>
            {translate('resources.profiles.changes.notification', {
              type: notification.notification_type,
              recipient: notification.recipient,
            })}
          </Link>
          {notification.rule && (
            <Typography variant="caption" color="text.secondary">
              {translate('resources.profiles.changes.by_rule', { name: notification.rule.name })}
            </Typography>
          )}
        </Stack>
      ))}
    </Stack>
  );
}
