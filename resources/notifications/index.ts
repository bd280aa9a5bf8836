// The face of the Notifications entity (SPEC §2 Notifications, API /api/v1/notifications). Its
// screens come with the issue "Signals"; until then it declares the one home tile crowdsourcing
// users get, and its API path.
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import type { ResourceDeclaration } from '../../src/resourceTypes';

export const notifications: ResourceDeclaration = {
  name: 'notifications',
  apiPath: '/api/v1/notifications',
  home: { order: 1, icon: NotificationsActiveIcon, crowdsourcing: true },
};

export default notifications;
