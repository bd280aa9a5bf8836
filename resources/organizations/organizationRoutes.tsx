import { Route } from 'react-router-dom';
import { lazyScreen } from '../../src/admin-kit/lazyScreen';

const AddUsersToOrganization = lazyScreen(
  () => import('./OrganizationUsersFlow'),
  (m) => m.AddUsersToOrganization,
);
const RemoveUsersFromOrganization = lazyScreen(
  () => import('./OrganizationUsersFlow'),
  (m) => m.RemoveUsersFromOrganization,
);

/** Routes beside the CRUD ones, relative to /organizations. */
export const organizationRoutes = [
  <Route key="add-users" path="add-users" element={<AddUsersToOrganization />} />,
  <Route key="remove-users" path="remove-users" element={<RemoveUsersFromOrganization />} />,
];
