import { Route } from 'react-router-dom';
import { lazyScreen } from '../../src/admin-kit/lazyScreen';

const ProfileCommentScreen = lazyScreen(
  () => import('./ProfileCommentScreen'),
  (m) => m.ProfileCommentScreen,
);
const ProfileConnections = lazyScreen(
  () => import('./ProfileConnections'),
  (m) => m.ProfileConnections,
);
const ProfileRatingScreen = lazyScreen(
  () => import('./ProfileRatingScreen'),
  (m) => m.ProfileRatingScreen,
);

/** The profile sub-screens, relative to /profiles. */
export const profileRoutes = [
  <Route key="app-rating" path=":id/app-rating" element={<ProfileRatingScreen kind="app" />} />,
  <Route key="profile-rating" path=":id/profile-rating" element={<ProfileRatingScreen kind="profile" />} />,
  <Route key="comment" path=":id/comment" element={<ProfileCommentScreen />} />,
  <Route key="connections" path=":id/connections" element={<ProfileConnections />} />,
];
