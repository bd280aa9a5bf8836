// The /notifications list (SPEC §2 Notifications, §8): searchable by body and recipient, sortable
// by its dates, bulk Delete (DELETE per row) and Send (POST send/ per row, empty body); a
// notification marked not relevant says so after its body.
import { DataTable } from 'react-admin';
import type { Notification } from '../../types/api';
import { DateTimeField, ShowLinkField } from '../../src/admin-kit/fields';
import { deleteEach, postEach } from '../../src/admin-kit/list/bulkActions';
import { SelectAction } from '../../src/admin-kit/list/SelectAction';
import { SpecList } from '../../src/admin-kit/list/SpecList';
import { NotificationStatusField } from '../shared/NotificationStatusChip';
import { NotRelevantChip } from './NotificationRelevance';

const label = (field: string) => `resources.notifications.fields.${field}`;
const failed = 'resources.notifications.results.failed';
/** a body longer than this shows its beginning in the list; the detail shows it whole */
const BODY_SHOWN = 140;

const bulkActions = [
  deleteEach({ success: 'resources.notifications.results.deleted', failure: failed }),
  postEach(
    'resources.notifications.bulk.send',
    (id) => `/notifications/${id}/send/`,
    () => undefined,
    { success: 'resources.notifications.results.sent', failure: failed },
  ),
];

const shortBody = (notification: Notification) =>
  notification.body.length > BODY_SHOWN ? `${notification.body.slice(0, BODY_SHOWN - 1)}…` : notification.body;

export function NotificationList() {
  return (
    <SpecList
      resource="notifications"
      title="resources.notifications.title"
      subtitle="resources.notifications.subtitle"
      search="resources.notifications.search"
      empty="resources.notifications.empty"
    >
      <DataTable<Notification> bulkActionsToolbar={<SelectAction actions={bulkActions} />}>
        <DataTable.Col source="body" label={label('body')} disableSort>
          <ShowLinkField<Notification> source="body" text={shortBody} emptyText="app.value.not_available" />
          <NotRelevantChip />
        </DataTable.Col>
        <DataTable.Col source="notification_status" label={label('notification_status')} disableSort field={NotificationStatusField} />
        <DataTable.Col source="notification_type" label={label('notification_type')} disableSort />
        <DataTable.Col source="recipient" label={label('recipient')} disableSort />
        <DataTable.Col source="created_at" label={label('created_at')} field={DateTimeField} />
        <DataTable.Col source="updated_at" label={label('updated_at')} field={DateTimeField} />
      </DataTable>
    </SpecList>
  );
}
