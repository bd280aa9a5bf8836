// The face of the Profile Lists entity: list, detail, create, update and the
// add-profiles / remove-profiles screens the Profiles list's bulk actions open.
import ListAltIcon from '@mui/icons-material/ListAlt';
import { lazyScreen } from '../../src/admin-kit/lazyScreen';
import type { ResourceDeclaration } from '../../src/resourceTypes';
import { profileListRoutes } from './profileListRoutes';

export const profileLists: ResourceDeclaration = {
  name: 'profile-lists',
  apiPath: '/api/v1/profile-lists',
  recordRepresentation: 'name',
  menu: { group: 'Management', label: 'resources.profile-lists.menu', order: 3, icon: ListAltIcon },
  list: lazyScreen(
    () => import('./ProfileListList'),
    (m) => m.ProfileListList,
  ),
  show: lazyScreen(
    () => import('./ProfileListShow'),
    (m) => m.ProfileListShow,
  ),
  create: lazyScreen(
    () => import('./ProfileListCreate'),
    (m) => m.ProfileListCreate,
  ),
  edit: lazyScreen(
    () => import('./ProfileListEdit'),
    (m) => m.ProfileListEdit,
  ),
  routes: profileListRoutes,
};

export default profileLists;
