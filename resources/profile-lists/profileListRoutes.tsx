import { Route } from 'react-router-dom';
import { lazyScreen } from '../../src/admin-kit/lazyScreen';

const AddProfilesToList = lazyScreen(
  () => import('./ProfileListMembersFlow'),
  (m) => m.AddProfilesToList,
);
const RemoveProfilesFromList = lazyScreen(
  () => import('./ProfileListMembersFlow'),
  (m) => m.RemoveProfilesFromList,
);

/** Routes beside the CRUD ones, relative to /profile-lists. */
export const profileListRoutes = [
  <Route key="add-profiles" path="add-profiles" element={<AddProfilesToList />} />,
  <Route key="remove-profiles" path="remove-profiles" element={<RemoveProfilesFromList />} />,
];
