import { Route } from 'react-router-dom';
import { AddProfilesToList, RemoveProfilesFromList } from './ProfileListMembersFlow';

/** Routes beside the CRUD ones, relative to /profile-lists. */
export const profileListRoutes = [
  <Route key="add-profiles" path="add-profiles" element={<AddProfilesToList />} />,
  <Route key="remove-profiles" path="remove-profiles" element={<RemoveProfilesFromList />} />,
];
