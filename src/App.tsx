// The app shell: react-admin's <Admin> with our providers, themes, screens and one
// <Resource> per registry declaration, on the spec's routes (src/resourceTypes.ts):
// /x list, /x/create, /x/:id show, /x/:id/update edit, plus the declaration's own routes.
import { AdminContext, AdminUI, CustomRoutes, type RaThemeOptions, Resource } from 'react-admin';
import { useState } from 'react';
import { QueryClient } from '@tanstack/react-query';
import { Route, RouterProvider, createBrowserRouter } from 'react-router-dom';
import { authProvider } from '../authProvider';
import { API_URL, createDataProvider } from '../dataProvider';
import { ActivateAccountPage } from './auth/ActivateAccountPage';
import { ForgotPasswordPage } from './auth/ForgotPasswordPage';
import { LoginPage } from './auth/LoginPage';
import { ResetPasswordPage } from './auth/ResetPasswordPage';
import { SignupPage } from './auth/SignupPage';
import { Home } from './home/Home';
import { firstAnswersStaleTime, prepareFirstScreen } from './firstScreen';
import { lazyScreen } from './admin-kit/lazyScreen';
import { AdminKitBridge } from './public/AdminKitBridge';
import { i18nProvider } from './i18n/i18nProvider';
import { AppLayout } from './layout/AppLayout';
import { apiPathsOf, registry } from './registry';
import type { ResourceDeclaration } from './resourceTypes';
import { ResourceDefinitionsProvider, definitionsOf } from './ResourceDefinitions';
import { darkTheme, lightTheme, themeKeepingStore } from './theme';

// screens seldom opened (the account menu's, an alert mail's link): each loaded when it is opened,
// so that every other page evaluates ~50 KB less script before its first render
const AlertActionPage = lazyScreen(
  () => import('../resources/notifications/AlertActionPage'),
  (m) => m.AlertActionPage,
);
const ChangePasswordPage = lazyScreen(
  () => import('./auth/ChangePasswordPage'),
  (m) => m.ChangePasswordPage,
);
const ProfileSettingsPage = lazyScreen(
  () => import('./auth/ProfileSettingsPage'),
  (m) => m.ProfileSettingsPage,
);

const dataProvider = createDataProvider({ apiUrl: API_URL, resourcePaths: apiPathsOf(registry) });
const store = themeKeepingStore();
// react-admin renders nothing until the store's locale is the i18nProvider's, then the whole app
// again in a blocking render (an effect's update, which a transition cannot slice): it starts there.
if (store.getItem('locale') === undefined) store.setItem('locale', i18nProvider.getLocale());

/** The app's react-query client (the build's frames make their own: src/adminFrame/prerender.tsx). */
export function newQueryClient() {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: firstAnswersStaleTime } } });
  // Our authProvider has no canAccess: every access is granted. react-admin still runs a query for
  // some checks (a list's) and renders its screen again when it answers; they start answered.
  client.setQueryDefaults(['auth', 'canAccess'], { initialData: true, staleTime: Number.POSITIVE_INFINITY });
  return client;
}
const queryClient = newQueryClient();

/** Before the first render: the answers the page asked for early, in the cache (src/firstScreen.ts). */
export const prepareFirstRender = (pathname: string, search: string) =>
  prepareFirstScreen({ queryClient, authProvider, dataProvider, registry }, pathname, search);

function resourceOf({ name, list, show: Show, create: Create, edit: Edit, routes = [], menu, recordRepresentation }: ResourceDeclaration) {
  // react-router ranks the static 'create' and ':id/update' above ':id'.
  return (
    <Resource
      key={name}
      name={name}
      list={list}
      hasShow={!!Show}
      hasCreate={!!Create}
      hasEdit={!!Edit}
      icon={menu?.icon}
      recordRepresentation={recordRepresentation}
    >
      {Create && <Route path="create" element={<Create />} />}
      {Show && <Route path=":id" element={<Show />} />}
      {Edit && <Route path=":id/update" element={<Edit />} />}
      {routes}
    </Resource>
  );
}
const resources = registry.map(resourceOf);
const resourceDefinitions = definitionsOf(resources);

/**
 * The admin itself; it takes the router it is rendered in (the build's frames: another query client
 * and a theme that answers media queries for a device, src/adminFrame/prerender.tsx). <Admin> split in its two halves so
 * that the signed-out screens (src/public/kit.ts) get react-admin's services from between them.
 */
export function AdminApp({ client = queryClient, theme = lightTheme }: { client?: QueryClient; theme?: RaThemeOptions }) {
  return (
    <AdminContext
      dataProvider={dataProvider}
      queryClient={client}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      store={store}
      theme={theme}
      darkTheme={darkTheme}
    >
      <ResourceDefinitionsProvider definitions={resourceDefinitions}>
        <AdminKitBridge>
          <AdminUI disableTelemetry requireAuth title="Talent Back-office" layout={AppLayout} loginPage={LoginPage} dashboard={Home}>
            <CustomRoutes noLayout>
              <Route path="/signup" element={<SignupPage />} />
              <Route path="/activate-account" element={<ActivateAccountPage />} />
              <Route path="/forgot-password" element={<ForgotPasswordPage />} />
              <Route path="/reset-password" element={<ResetPasswordPage />} />
              <Route path="/alert-action" element={<AlertActionPage />} />
            </CustomRoutes>
            <CustomRoutes>
              <Route path="/user-profile-detail" element={<ProfileSettingsPage />} />
              <Route path="/change-password" element={<ChangePasswordPage />} />
            </CustomRoutes>
            {resources}
          </AdminUI>
        </AdminKitBridge>
      </ResourceDefinitionsProvider>
    </AdminContext>
  );
}

/**
 * The app in a browser router: the spec's routes are real paths (/login, /users/3),
 * not react-admin's default hash routes (/#/login).
 */
export function App() {
  const [router] = useState(() => createBrowserRouter([{ path: '*', element: <AdminApp /> }]));
  return <RouterProvider router={router} />;
}

export default App;
