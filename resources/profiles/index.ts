// The face of the Profiles entity, the core of the product: the filtered list, the
// detail screen and its rating, comment and connections sub-screens.
import PersonSearchIcon from '@mui/icons-material/PersonSearch';
import type { ProfileSummary } from '../../types/api';
import { lazyScreen } from '../../src/admin-kit/lazyScreen';
import type { ResourceDeclaration } from '../../src/resourceTypes';
import { firstPageQuery } from '../../src/admin-kit/list/firstPage';
import { SAMPLE_DIMENSIONS, SAMPLE_PROFILE_ROWS } from './frameSample';
import { profileRoutes } from './profileRoutes';
import { DIMENSIONS_QUERY } from './useProfileFilterOptions';

export const profiles: ResourceDeclaration = {
  name: 'profiles',
  apiPath: '/api/v1/profiles',
  recordRepresentation: (profile: Pick<ProfileSummary, 'first_name' | 'last_name'>) => `${profile.first_name} ${profile.last_name}`,
  menu: { group: 'Management', label: 'resources.profiles.menu', order: 2, icon: PersonSearchIcon },
  home: { order: 1, icon: PersonSearchIcon },
  list: lazyScreen(
    () => import('./ProfileList'),
    (m) => m.ProfileList,
  ),
  show: lazyScreen(
    () => import('./ProfileShow'),
    (m) => m.ProfileShow,
  ),
  routes: profileRoutes,
  // as the page asks for them itself (src/public/firstRequests.ts)
  listFirstQueries: [{ ...DIMENSIONS_QUERY, frameSample: SAMPLE_DIMENSIONS }, firstPageQuery('profiles', SAMPLE_PROFILE_ROWS)],
};

export default profiles;
