import { TextField } from 'react-admin';
import type { Notification } from '../../types/api';
import { DateTimeField, ShowLinkField } from '../../src/admin-kit/fields';
import { SpecShow } from '../../src/admin-kit/show/SpecShow';
import { SpecShowLayout } from '../../src/admin-kit/show/SpecShowLayout';
import { NotificationStatusField } from '../shared/NotificationStatusChip';
import { RelevanceButton } from './NotificationRelevance';

const label = (field: string) => `resources.notifications.fields.${field}`;
const personName = (notification: Notification) =>
  notification.profile
    ? `${notification.profile.first_name} ${notification.profile.last_name}`.trim() || `#${notification.profile.id}`
    : null;

/**
 * /notifications/{id} (SPEC §2 Notifications): Body, Status, Type, Recipient, Created At,
 * Updated At; then what a scout needs beyond them: priority, attempts, when it was sent, why its
 * delivery failed, and links to the person and to the rule (or watched saved search) that raised it;
 * a 'Not relevant' toggle (issue 18).
 */
export function NotificationShow() {
  return (
    <SpecShow<Notification>
      resource="notifications"
      title="resources.notifications.show_title"
      actions={(notification) => <RelevanceButton notification={notification} />}
    >
      <SpecShowLayout>
        <TextField source="body" label={label('body')} />
        <NotificationStatusField source="notification_status" label={label('notification_status')} />
        <TextField source="notification_type" label={label('notification_type')} />
        <TextField source="recipient" label={label('recipient')} />
        <DateTimeField source="created_at" label={label('created_at')} />
        <DateTimeField source="updated_at" label={label('updated_at')} />
        <TextField source="priority" label={label('priority')} />
        <DateTimeField source="sent_at" label={label('sent_at')} />
        <TextField source="attempts" label={label('attempts')} />
        <TextField source="failure_reason" label={label('failure_reason')} />
        <ShowLinkField<Notification>
          source="profile.id"
          label={label('profile')}
          text={personName}
          to={(record) => `/profiles/${record.profile?.id}`}
        />
        <ShowLinkField<Notification> source="rule.name" label={label('rule')} to={(record) => `/rule-sets/${record.rule?.id}`} />
        <ShowLinkField<Notification>
          source="saved_search.name"
          label={label('saved_search')}
          to={(record) => `/searches/${record.saved_search?.id}`}
        />
      </SpecShowLayout>
    </SpecShow>
  );
}
