import { Route } from 'react-router-dom';
import { AddUsersToOrganization, RemoveUsersFromOrganization } from './OrganizationUsersFlow';

/** Routes beside the CRUD ones, relative to /organizations. */
export const organizationRoutes = [
  <Route key="add-users" path="add-users" element={<AddUsersToOrganization />} />,
  <Route key="remove-users" path="remove-users" element={<RemoveUsersFromOrganization />} />,
];
