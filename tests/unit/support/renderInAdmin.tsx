// Renders a screen inside react-admin's contexts with a fake dataProvider and a memory
// router, as react-admin's own tests do, and records where the app navigates.
import type { ReactElement } from 'react';
import { configure, render } from '@testing-library/react';
import { Route, Routes, type Location } from 'react-router-dom';
import { AdminContext, TestMemoryRouter, type AuthProvider, type DataProvider } from 'react-admin';
import { vi, type Mock } from 'vitest';
import { i18nProvider } from '../../../src/i18n/i18nProvider';
import { lightTheme } from '../../../src/theme';

// A whole react-admin + MUI screen per test on two cores, next to other test files:
// the first render of a file alone can take seconds, beyond the 1 s / 5 s defaults.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30000 });

type FakeMethod = Mock<(...args: any[]) => any>;
const METHODS = [
  'getList',
  'getOne',
  'getMany',
  'getManyReference',
  'create',
  'update',
  'updateMany',
  'delete',
  'deleteMany',
  'request',
] as const;
export type FakeDataProvider = Record<(typeof METHODS)[number], FakeMethod>;

/**
 * A dataProvider whose every method is a vi.fn() that rejects unless the test gives
 * its answer, so that an unexpected call shows.
 */
export function fakeDataProvider(overrides: Partial<Record<(typeof METHODS)[number], (...args: any[]) => unknown>> = {}) {
  const provider = Object.fromEntries(
    METHODS.map((name) => [name, vi.fn(overrides[name] ?? (() => Promise.reject(new Error(`unexpected ${name}`))))]),
  );
  return provider as FakeDataProvider;
}

/** A list answer as the app's dataProvider gives it. */
export function page<R>(data: R[], total = data.length) {
  return Promise.resolve({ data, total });
}

/**
 * Renders `element` at `url`, matched by `path` (e.g. '/users/:id'); returns the
 * testing-library result and `location()`, the router's current location. An
 * `authProvider` gives the screen a signed-in user (e.g. staff or not).
 */
export function renderInAdmin(
  element: ReactElement,
  {
    dataProvider,
    url = '/',
    path = '*',
    authProvider,
  }: { dataProvider: FakeDataProvider | DataProvider; url?: string; path?: string; authProvider?: AuthProvider },
) {
  let current: Location | undefined;
  const result = render(
    <TestMemoryRouter initialEntries={[url]} locationCallback={(location) => (current = location)}>
      <AdminContext dataProvider={dataProvider as DataProvider} authProvider={authProvider} i18nProvider={i18nProvider} theme={lightTheme}>
        <Routes>
          <Route path={path} element={element} />
          {path !== '*' && <Route path="*" element={null} />}
        </Routes>
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { ...result, location: () => current as Location };
}
