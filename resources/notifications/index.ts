// The face of the Notifications entity (SPEC §2 Notifications, API /api/v1/notifications): in the
// Monitoring group, the one entry and the one home tile crowdsourcing users get (SPEC §6), list
// and detail.
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import { lazyScreen } from '../../src/admin-kit/lazyScreen';
import type { ResourceDeclaration } from '../../src/resourceTypes';

export const notifications: ResourceDeclaration = {
  name: 'notifications',
  apiPath: '/api/v1/notifications',
  recordRepresentation: (notification) => `${notification.notification_type} #${notification.id}`,
  menu: {
    group: 'Monitoring',
    label: 'resources.notifications.menu',
    order: 1,
    icon: NotificationsActiveIcon,
    crowdsourcing: true,
  },
  home: { order: 1, icon: NotificationsActiveIcon, crowdsourcing: true },
  list: lazyScreen(
    () => import('./NotificationList'),
    (m) => m.NotificationList,
  ),
  show: lazyScreen(
    () => import('./NotificationShow'),
    (m) => m.NotificationShow,
  ),
};

export default notifications;
