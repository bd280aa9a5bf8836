// The face of the Profile Lists entity: list, detail, create, update and the
// add-profiles / remove-profiles screens the Profiles list's bulk actions open.
import ListAltIcon from '@mui/icons-material/ListAlt';
import type { ResourceDeclaration } from '../../src/resourceTypes';
import { ProfileListCreate } from './ProfileListCreate';
import { ProfileListEdit } from './ProfileListEdit';
import { ProfileListList } from './ProfileListList';
import { ProfileListShow } from './ProfileListShow';
import { profileListRoutes } from './profileListRoutes';

export const profileLists: ResourceDeclaration = {
  name: 'profile-lists',
  apiPath: '/api/v1/profile-lists',
  recordRepresentation: 'name',
  menu: { group: 'Management', label: 'resources.profile-lists.menu', order: 3, icon: ListAltIcon },
  list: ProfileListList,
  show: ProfileListShow,
  create: ProfileListCreate,
  edit: ProfileListEdit,
  routes: profileListRoutes,
};

export default profileLists;
