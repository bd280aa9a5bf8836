// The face of saved searches ('My Searches'): the list, and the create screen the
// profiles screen's 'Save Search' link opens with its query.
import SavedSearchIcon from '@mui/icons-material/SavedSearch';
import type { ResourceDeclaration } from '../../src/resourceTypes';
import { SearchCreate } from './SearchCreate';
import { SearchList } from './SearchList';

export const searches: ResourceDeclaration = {
  name: 'searches',
  apiPath: '/api/v1/searches',
  recordRepresentation: 'name',
  menu: { group: 'Management', label: 'resources.searches.menu', order: 1, icon: SavedSearchIcon },
  list: SearchList,
  create: SearchCreate,
};

export default searches;
