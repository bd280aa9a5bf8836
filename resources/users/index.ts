// The face of the Users entity (staff only): list and detail screens.
import PeopleIcon from '@mui/icons-material/People';
import type { User } from '../../types/api';
import type { ResourceDeclaration } from '../../src/resourceTypes';
import { UserList } from './UserList';
import { UserShow } from './UserShow';

export const users: ResourceDeclaration = {
  name: 'users',
  apiPath: '/api/v1/users',
  recordRepresentation: (user: Pick<User, 'first_name' | 'last_name' | 'email'>) =>
    [user.first_name, user.last_name].filter(Boolean).join(' ') || user.email,
  menu: { group: 'Admin', label: 'resources.users.menu', order: 1, icon: PeopleIcon, staffOnly: true },
  list: UserList,
  show: UserShow,
};

export default users;
