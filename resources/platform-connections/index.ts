// The face of the Platform Connections entity: the integration credentials of a user.
// No side-menu entry: the top bar's account menu links to /platform-connections (not
// for crowdsourcing users).
import { lazyScreen } from '../../src/admin-kit/lazyScreen';
import type { ResourceDeclaration } from '../../src/resourceTypes';

export const platformConnections: ResourceDeclaration = {
  name: 'platform-connections',
  apiPath: '/api/v1/platform-connections',
  recordRepresentation: 'category_type',
  list: lazyScreen(
    () => import('./PlatformConnectionList'),
    (m) => m.PlatformConnectionList,
  ),
  show: lazyScreen(
    () => import('./PlatformConnectionShow'),
    (m) => m.PlatformConnectionShow,
  ),
  create: lazyScreen(
    () => import('./PlatformConnectionCreate'),
    (m) => m.PlatformConnectionCreate,
  ),
  edit: lazyScreen(
    () => import('./PlatformConnectionEdit'),
    (m) => m.PlatformConnectionEdit,
  ),
};

export default platformConnections;
