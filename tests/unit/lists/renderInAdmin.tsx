// Renders a screen inside react-admin's contexts with a fake dataProvider and a memory
// router, as react-admin's own tests do, and records where the app navigates.
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Route, Routes, type Location } from 'react-router-dom';
import { AdminContext, TestMemoryRouter, type DataProvider } from 'react-admin';
import { vi } from 'vitest';
import { i18nProvider } from '../../../src/i18n/i18nProvider';

/** A dataProvider whose every method is a vi.fn(); pass the answers the test needs. */
export function fakeDataProvider(overrides: Partial<Record<string, (...args: any[]) => unknown>> = {}) {
  const unexpected = (name: string) => vi.fn(() => Promise.reject(new Error(`unexpected ${name}`)));
  const provider = {
    getList: unexpected('getList'),
    getOne: unexpected('getOne'),
    getMany: unexpected('getMany'),
    getManyReference: unexpected('getManyReference'),
    create: unexpected('create'),
    update: unexpected('update'),
    updateMany: unexpected('updateMany'),
    delete: unexpected('delete'),
    deleteMany: unexpected('deleteMany'),
    request: unexpected('request'),
  } as Record<string, ReturnType<typeof vi.fn>>;
  for (const [name, implementation] of Object.entries(overrides)) provider[name] = vi.fn(implementation);
  return provider as unknown as DataProvider & Record<string, ReturnType<typeof vi.fn>>;
}

/** A list answer as the app's dataProvider gives it. */
export function page<R>(data: R[], total = data.length) {
  return Promise.resolve({ data, total });
}

/**
 * Renders `element` at `url`, matched by `path` (e.g. '/users/:id'); returns the
 * testing-library result and `location()`, the router's current location.
 */
export function renderInAdmin(
  element: ReactElement,
  { dataProvider, url = '/', path = '*' }: { dataProvider: DataProvider; url?: string; path?: string },
) {
  let current: Location | undefined;
  const result = render(
    <TestMemoryRouter initialEntries={[url]} locationCallback={(location) => (current = location)}>
      <AdminContext dataProvider={dataProvider} i18nProvider={i18nProvider}>
        <Routes>
          <Route path={path} element={element} />
          {path !== '*' && <Route path="*" element={null} />}
        </Routes>
      </AdminContext>
    </TestMemoryRouter>,
  );
  return { ...result, location: () => current as Location };
}
