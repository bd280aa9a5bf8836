// The face of the Platform Connections entity: the integration credentials of a user.
// No side-menu entry: the top bar's account menu links to /platform-connections (not
// for crowdsourcing users).
import type { ResourceDeclaration } from '../../src/resourceTypes';
import { PlatformConnectionCreate } from './PlatformConnectionCreate';
import { PlatformConnectionEdit } from './PlatformConnectionEdit';
import { PlatformConnectionList } from './PlatformConnectionList';
import { PlatformConnectionShow } from './PlatformConnectionShow';

export const platformConnections: ResourceDeclaration = {
  name: 'platform-connections',
  apiPath: '/api/v1/platform-connections',
  recordRepresentation: 'category_type',
  list: PlatformConnectionList,
  show: PlatformConnectionShow,
  create: PlatformConnectionCreate,
  edit: PlatformConnectionEdit,
};

export default platformConnections;
