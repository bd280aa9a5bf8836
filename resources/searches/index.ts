// The face of saved searches ('My Searches'): the list, the create screen the profiles screen's
// 'Save Search' link opens with its query, and the detail where a search's alerts are set.
import SavedSearchIcon from '@mui/icons-material/SavedSearch';
import { lazyScreen } from '../../src/admin-kit/lazyScreen';
import type { ResourceDeclaration } from '../../src/resourceTypes';

export const searches: ResourceDeclaration = {
  name: 'searches',
  apiPath: '/api/v1/searches',
  recordRepresentation: 'name',
  menu: { group: 'Management', label: 'resources.searches.menu', order: 1, icon: SavedSearchIcon },
  list: lazyScreen(
    () => import('./SearchList'),
    (m) => m.SearchList,
  ),
  show: lazyScreen(
    () => import('./SearchShow'),
    (m) => m.SearchShow,
  ),
  create: lazyScreen(
    () => import('./SearchCreate'),
    (m) => m.SearchCreate,
  ),
};

export default searches;
