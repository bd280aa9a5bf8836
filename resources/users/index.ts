// The face of the Users entity (staff only): list and detail screens.
import PeopleIcon from '@mui/icons-material/People';
import type { User } from '../../types/api';
import { lazyScreen } from '../../src/admin-kit/lazyScreen';
import type { ResourceDeclaration } from '../../src/resourceTypes';

export const users: ResourceDeclaration = {
  name: 'users',
  apiPath: '/api/v1/users',
  recordRepresentation: (user: Pick<User, 'first_name' | 'last_name' | 'email'>) =>
    [user.first_name, user.last_name].filter(Boolean).join(' ') || user.email,
  menu: { group: 'Admin', label: 'resources.users.menu', order: 1, icon: PeopleIcon, staffOnly: true },
  list: lazyScreen(
    () => import('./UserList'),
    (m) => m.UserList,
  ),
  show: lazyScreen(
    () => import('./UserShow'),
    (m) => m.UserShow,
  ),
};

export default users;
