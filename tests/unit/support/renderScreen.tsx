// Renders one of the shell's screens inside react-admin's contexts with the real
// dataProvider and authProvider (over a fake fetch, see fakeFetch.ts) and a memory
// router; records where the app navigates.
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Route, Routes, type Location } from 'react-router-dom';
import { AdminContext, TestMemoryRouter, memoryStore, type AuthProvider } from 'react-admin';
import { createAuthProvider } from '../../../authProvider';
import { createDataProvider } from '../../../dataProvider';
import { i18nProvider } from '../../../src/i18n/i18nProvider';
import { AdminKitBridge } from '../../../src/public/AdminKitBridge';

export function renderScreen(
  element: ReactElement,
  { url = '/', path = '*', authProvider = createAuthProvider() }: { url?: string; path?: string; authProvider?: AuthProvider } = {},
) {
  let current: Location | undefined;
  const result = render(
    <TestMemoryRouter initialEntries={[url]} locationCallback={(location) => (current = location)}>
      <AdminContext dataProvider={createDataProvider()} authProvider={authProvider} i18nProvider={i18nProvider} store={memoryStore()}>
        <AdminKitBridge>
          <Routes>
            <Route path={path} element={element} />
            {path !== '*' && <Route path="*" element={null} />}
          </Routes>
        </AdminKitBridge>
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { ...result, location: () => current as Location };
}

export const sampleUser = {
  id: 7,
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  is_staff: false,
  is_superuser: false,
  is_active: true,
  is_crowdsourcing: false,
  date_joined: '2026-01-01T00:00:00Z',
};
