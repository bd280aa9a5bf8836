import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProfileList } from '../../../types/api';
import { ProfileListList } from '../../../resources/profile-lists/ProfileListList';
import { ProfileListShow } from '../../../resources/profile-lists/ProfileListShow';
import { ProfileListCreate } from '../../../resources/profile-lists/ProfileListCreate';
import { ProfileListEdit } from '../../../resources/profile-lists/ProfileListEdit';
import { ERROR_BEFORE_REDIRECT_MS } from '../../../src/constants';
import { selectAllBox } from '../support/dataTable';
import { fakeDataProvider, page, renderInAdmin } from '../support/renderInAdmin';

const member = (id: number) => ({
  id,
  external_id: `https://www.linkedin.com/in/p-${id}/`,
  first_name: `First${id}`,
  last_name: `Last${id}`,
});

const profileList = (id: number, profileIds: number[] = []): ProfileList => ({
  id,
  name: `List ${id}`,
  profiles: profileIds.map(member),
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-21T10:00:00Z',
});

afterEach(() => {
  vi.useRealTimers();
});

describe('ProfileListList', () => {
  it('shows name links, dates (sortable), the number of profiles, the count and the create button', async () => {
    const dataProvider = fakeDataProvider({ getList: () => page([profileList(1, [1, 2, 3]), profileList(2)], 2) });
    renderInAdmin(<ProfileListList />, { dataProvider, url: '/profile-lists', path: '/profile-lists' });
    const link = await screen.findByRole('link', { name: 'List 1' });
    expect(link).toHaveAttribute('href', '/profile-lists/1');
    const headers = screen.getAllByRole('columnheader').slice(1);
    expect(headers.map((header) => header.textContent)).toEqual(['Name', 'Created At', 'Updated At', 'Number of Profiles']);
    expect(headers.map((header) => header.getAttribute('aria-sort'))).toEqual([null, 'none', 'none', null]);
    expect(within(link.closest('tr') as HTMLElement).getAllByRole('cell')[4]).toHaveTextContent('3');
    expect(screen.getByText('There are 2 profile lists')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Profile List' })).toHaveAttribute('href', '/profile-lists/create');
  });

  it('deletes the selected lists one by one and reports it per item', async () => {
    const ui = userEvent.setup();
    const dataProvider = fakeDataProvider({
      getList: () => page([profileList(1), profileList(2), profileList(3)]),
      delete: (_resource: string, { id }: { id: number }) =>
        id === 2 ? Promise.reject(new Error('Not found.')) : Promise.resolve({ data: { id } }),
    });
    renderInAdmin(<ProfileListList />, { dataProvider, url: '/profile-lists', path: '/profile-lists' });
    await screen.findByText('List 1');
    await ui.click(selectAllBox());
    await ui.click(screen.getByRole('button', { name: 'Select Action' }));
    await ui.click(screen.getByRole('menuitem', { name: 'Delete' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Deletion completed for 2 profile lists. Failed for 1 profile lists: Not found.',
    );
    expect(dataProvider.delete.mock.calls.map(([resource, { id }]) => `${resource}/${id}`)).toEqual([
      'profile-lists/1',
      'profile-lists/2',
      'profile-lists/3',
    ]);
  });
});

describe('ProfileListShow', () => {
  it('shows the name, the dates, the profiles table (ID links to the profile) and Edit', async () => {
    const dataProvider = fakeDataProvider({ getOne: () => Promise.resolve({ data: profileList(4, [5, 6]) }) });
    renderInAdmin(<ProfileListShow />, { dataProvider, url: '/profile-lists/4', path: '/profile-lists/:id' });
    expect(await screen.findByRole('link', { name: '5' })).toHaveAttribute('href', '/profiles/5');
    expect(screen.getAllByRole('term').map((term) => term.textContent)).toEqual(['Name', 'Created At', 'Updated At']);
    const table = screen.getByRole('table', { name: 'Profiles' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['ID', 'First Name', 'Last Name', 'External ID']);
    expect(within(table).getByText('https://www.linkedin.com/in/p-6/')).toBeInTheDocument();
    // no sorting: the headers are plain texts
    expect(within(table).queryAllByRole('button')).toEqual([]);
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/profile-lists/4/update');
  });

  it("says 'No profiles in this list.' for an empty list", async () => {
    const dataProvider = fakeDataProvider({ getOne: () => Promise.resolve({ data: profileList(4) }) });
    renderInAdmin(<ProfileListShow />, { dataProvider, url: '/profile-lists/4', path: '/profile-lists/:id' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile List List 4' })).toBeInTheDocument();
    expect(screen.getByText('No profiles in this list.')).toBeInTheDocument();
  });
});

describe('ProfileListCreate and ProfileListEdit', () => {
  it('posts the name with no profiles and opens the new list', async () => {
    const ui = userEvent.setup();
    const dataProvider = fakeDataProvider({ create: () => Promise.resolve({ data: profileList(9) }) });
    const { location } = renderInAdmin(<ProfileListCreate />, {
      dataProvider,
      url: '/profile-lists/create',
      path: '/profile-lists/create',
    });
    await ui.type(screen.getByRole('textbox', { name: 'Name' }), 'Founders');
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    expect(dataProvider.create).toHaveBeenCalledWith('profile-lists', { data: { name: 'Founders', profiles: [] } });
    await waitFor(() => expect(location().pathname).toBe('/profile-lists/9'));
  });

  it("shows 'Failed to create profile list.' for 3 seconds, then returns to the list", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const ui = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const dataProvider = fakeDataProvider({ create: () => Promise.reject(new Error('name: This field is required.')) });
    const { location } = renderInAdmin(<ProfileListCreate />, {
      dataProvider,
      url: '/profile-lists/create',
      path: '/profile-lists/create',
    });
    await ui.type(screen.getByRole('textbox', { name: 'Name' }), 'Founders');
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to create profile list.');
    act(() => vi.advanceTimersByTime(ERROR_BEFORE_REDIRECT_MS));
    expect(location().pathname).toBe('/profile-lists');
  });

  it('puts the new name with the ids of the profiles it has', async () => {
    const ui = userEvent.setup();
    const dataProvider = fakeDataProvider({
      getOne: () => Promise.resolve({ data: profileList(4, [5, 6]) }),
      update: (_resource: string, { id, data }: { id: number; data: object }) => Promise.resolve({ data: { id, ...data } }),
    });
    const { location } = renderInAdmin(<ProfileListEdit />, {
      dataProvider,
      url: '/profile-lists/4/update',
      path: '/profile-lists/:id/update',
    });
    const name = await screen.findByRole('textbox', { name: 'Name' });
    await ui.clear(name);
    await ui.type(name, 'Renamed');
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    expect(dataProvider.update).toHaveBeenCalledWith(
      'profile-lists',
      expect.objectContaining({ id: 4, data: { name: 'Renamed', profiles: [5, 6] } }),
    );
    await waitFor(() => expect(location().pathname).toBe('/profile-lists/4'));
  });

  it("says 'Error fetching profile list.' and 'Failed to update profile list.'", async () => {
    const ui = userEvent.setup();
    const failing = fakeDataProvider({ getOne: () => Promise.reject(new Error('Not found.')) });
    const { unmount } = renderInAdmin(<ProfileListEdit />, {
      dataProvider: failing,
      url: '/profile-lists/4/update',
      path: '/profile-lists/:id/update',
    });
    expect(await screen.findByText('Error fetching profile list.')).toBeInTheDocument();
    unmount();
    const dataProvider = fakeDataProvider({
      getOne: () => Promise.resolve({ data: profileList(4) }),
      update: () => Promise.reject(new Error('Conflict.')),
    });
    renderInAdmin(<ProfileListEdit />, { dataProvider, url: '/profile-lists/4/update', path: '/profile-lists/:id/update' });
    await screen.findByRole('textbox', { name: 'Name' });
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update profile list.');
  });
});
