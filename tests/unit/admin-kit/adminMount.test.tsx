// The admin settles as it mounts without rendering its screen again (a phone's main thread is what
// the profiles screen's first seconds wait on): the resources' definitions are there from the first
// render and their registration changes nothing (src/ResourceDefinitions.tsx), a screen does not
// render again because react-admin's router did (src/admin-kit/lazyScreen.ts), a store write of the
// value it holds is none (src/admin-kit/quietStore.ts), and a list's selection key is registered
// before the list renders (useSeedFromAddress).
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import {
  AdminContext,
  AdminUI,
  Resource,
  type ResourceDefinitions,
  TestMemoryRouter,
  memoryStore,
  useResourceDefinitionContext,
  useResourceDefinitions,
  useStoreContext,
} from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { useSeedFromAddress } from '../../../src/admin-kit/list/AddressSync';
import { lazyScreen } from '../../../src/admin-kit/lazyScreen';
import { quietStore } from '../../../src/admin-kit/quietStore';
import { ResourceDefinitionsProvider, definitionsOf } from '../../../src/ResourceDefinitions';

const dataProvider = {
  getList: async () => ({ data: [], total: 0 }),
} as never;

let listRenders = 0;
function CountingList() {
  listRenders += 1;
  return <p>the list</p>;
}
const List = lazyScreen(
  async () => ({ CountingList }),
  (module) => module.CountingList,
);

const seen: ResourceDefinitions[] = [];
function Layout({ children }: { children: ReactNode }) {
  seen.push(useResourceDefinitions());
  return <main>{children}</main>;
}

const resources = [
  <Resource key="a" name="apples" list={List} />,
  <Resource key="b" name="bananas" list={List} hasShow />,
  <Resource key="c" name="cherries" />,
];

let probed: ReturnType<typeof useResourceDefinitionContext> | undefined;
function Probe() {
  probed = useResourceDefinitionContext();
  return null;
}

function Seeding() {
  useSeedFromAddress({ resource: 'profiles', storeKey: 'profiles.addressList', style: 'sortDirection', filterKeys: [] });
  const items = useStoreContext();
  return <p>{JSON.stringify(items.getItem('profiles.selectedIds.storeKeys'))}</p>;
}

describe('the admin as it mounts', () => {
  it('sees every definition from its first render, keeps them, and renders the screen once', async () => {
    await List.preload();
    listRenders = 0;
    seen.length = 0;
    const definitions = definitionsOf(resources);
    expect(Object.keys(definitions)).toEqual(['apples', 'bananas', 'cherries']);
    expect(definitions.bananas).toMatchObject({ name: 'bananas', hasList: true, hasShow: true, hasEdit: false, hasCreate: false });
    render(
      <TestMemoryRouter initialEntries={['/apples']}>
        <AdminContext dataProvider={dataProvider} store={memoryStore()}>
          <ResourceDefinitionsProvider definitions={definitions}>
            <AdminUI layout={Layout}>{resources}</AdminUI>
          </ResourceDefinitionsProvider>
        </AdminContext>
      </TestMemoryRouter>,
    );
    await screen.findByText('the list');
    // react-admin's router renders its routes again as it mounts (an effect takes its children again)
    await vi.waitFor(() => expect(seen.length).toBeGreaterThan(1));
    expect(new Set(seen).size).toBe(1);
    expect(seen[0]).toBe(definitions);
    expect(listRenders).toBe(1);
  });

  it('renders a loaded screen again for its own reasons, not because the route above rendered again', async () => {
    await List.preload();
    listRenders = 0;
    // each render of a route makes its screen's element anew, as react-admin's <Resource> does
    const view = render(<List />);
    view.rerender(<List />);
    expect(listRenders).toBe(1);
  });

  it('drops a definition unregistered for good, and keeps one registered again at once', async () => {
    const definitions = definitionsOf(resources);
    render(
      <ResourceDefinitionsProvider definitions={definitions}>
        <Probe />
      </ResourceDefinitionsProvider>,
    );
    const active = () => probed as NonNullable<typeof probed>;
    active().unregister(definitions.apples);
    active().register(definitions.apples);
    await Promise.resolve();
    expect(active().definitions).toBe(definitions);

    active().unregister(definitions.cherries);
    await vi.waitFor(() => expect(Object.keys(active().definitions)).toEqual(['apples', 'bananas']));

    active().register({ ...definitions.apples, hasEdit: true });
    await vi.waitFor(() => expect(active().definitions.apples.hasEdit).toBe(true));
  });
});

describe('quietStore', () => {
  it('publishes a write that changes the value, and not one that does not', () => {
    const store = quietStore(memoryStore());
    store.setup();
    const heard = vi.fn();
    store.subscribe('keys', heard);
    store.setItem('keys', ['a']);
    store.setItem('keys', ['a']);
    expect(heard).toHaveBeenCalledTimes(1);
    store.setItem('keys', ['a', 'b']);
    expect(heard).toHaveBeenCalledTimes(2);
    expect(store.getItem('keys')).toEqual(['a', 'b']);
  });
});

describe('useSeedFromAddress', () => {
  it("puts the address's parameters and the list's selection key in the store before the list renders", () => {
    const store = memoryStore();
    render(
      <TestMemoryRouter initialEntries={['/profiles?search=ada']}>
        <AdminContext store={store}>
          <Seeding />
        </AdminContext>
      </TestMemoryRouter>,
    );
    expect(screen.getByText('["profiles.addressList.selectedIds"]')).toBeTruthy();
    expect(store.getItem('profiles.addressList')).toMatchObject({ filter: { search: 'ada' } });
  });
});
