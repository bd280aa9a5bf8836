// The face of the Profiles entity, the core of the product: the filtered list, the
// detail screen and its rating, comment and connections sub-screens.
import PersonSearchIcon from '@mui/icons-material/PersonSearch';
import type { ResourceDeclaration } from '../../src/resourceTypes';
import { ProfileList } from './ProfileList';
import { ProfileShow } from './ProfileShow';
import { profileRoutes } from './profileRoutes';

export const profiles: ResourceDeclaration = {
  name: 'profiles',
  apiPath: '/api/v1/profiles',
  menu: { group: 'Management', label: 'resources.profiles.menu', order: 2, icon: PersonSearchIcon },
  list: ProfileList,
  show: ProfileShow,
  routes: profileRoutes,
};

export default profiles;
