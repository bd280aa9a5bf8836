import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Organization } from '../../../types/api';
import { OrganizationList } from '../../../resources/organizations/OrganizationList';
import { OrganizationShow } from '../../../resources/organizations/OrganizationShow';
import { OrganizationCreate } from '../../../resources/organizations/OrganizationCreate';
import { OrganizationEdit } from '../../../resources/organizations/OrganizationEdit';
import { ERROR_BEFORE_REDIRECT_MS } from '../../../src/constants';
import { selectAllBox } from '../support/dataTable';
import { fakeDataProvider, page, renderInAdmin } from '../support/renderInAdmin';

const member = (id: number) => ({
  id,
  external_id: null,
  first_name: `First${id}`,
  last_name: `Last${id}`,
  email: `user${id}@example.com`,
  date_joined: '2026-11-22T14:03:05Z',
});

const organization = (id: number, userIds: number[] = []): Organization => ({
  id,
  name: `Org ${id}`,
  users: userIds.map(member),
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-21T10:00:00Z',
});

afterEach(() => {
  vi.useRealTimers();
});

describe('OrganizationList', () => {
  it('shows name links, dates, the number of users, the count and the create button', async () => {
    const dataProvider = fakeDataProvider({ getList: () => page([organization(1, [1, 2, 3]), organization(2)], 2) });
    renderInAdmin(<OrganizationList />, { dataProvider, url: '/organizations', path: '/organizations' });
    const link = await screen.findByRole('link', { name: 'Org 1' });
    expect(link).toHaveAttribute('href', '/organizations/1');
    const headers = screen.getAllByRole('columnheader');
    expect(headers.slice(1).map((header) => header.textContent)).toEqual(['Name', 'Created At', 'Updated At', 'Number of Users']);
    expect(headers.slice(1).map((header) => header.getAttribute('aria-sort'))).toEqual([null, 'none', 'none', null]);
    const cells = within(link.closest('tr') as HTMLElement).getAllByRole('cell');
    expect(cells[4]).toHaveTextContent('3');
    expect(screen.getByText('There are 2 organizations')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Organization' })).toHaveAttribute('href', '/organizations/create');
  });

  it('deletes the selected organizations one by one and reports it', async () => {
    const ui = userEvent.setup();
    const dataProvider = fakeDataProvider({
      getList: () => page([organization(1), organization(2), organization(3)]),
      delete: (_resource: string, { id }: { id: number }) => Promise.resolve({ data: { id } }),
    });
    renderInAdmin(<OrganizationList />, { dataProvider, url: '/organizations', path: '/organizations' });
    await screen.findByText('Org 1');
    await ui.click(selectAllBox());
    await ui.click(screen.getByRole('button', { name: 'Select Action' }));
    await ui.click(screen.getByRole('menuitem', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Deletion completed for 3 organizations.');
    expect(dataProvider.delete.mock.calls.map(([resource, { id }]) => `${resource}/${id}`)).toEqual([
      'organizations/1',
      'organizations/2',
      'organizations/3',
    ]);
  });
});

describe('OrganizationShow', () => {
  it('shows the name, the dates, the users table and the Edit button', async () => {
    const dataProvider = fakeDataProvider({ getOne: () => Promise.resolve({ data: organization(4, [5, 6]) }) });
    renderInAdmin(<OrganizationShow />, { dataProvider, url: '/organizations/4', path: '/organizations/:id' });
    expect(await screen.findByRole('link', { name: 'First5' })).toHaveAttribute('href', '/users/5');
    expect(screen.getAllByRole('definition')[0]).toHaveTextContent('Org 4');
    expect(screen.getAllByRole('term').map((term) => term.textContent)).toEqual(['Name', 'Created At', 'Updated At']);
    const table = screen.getByRole('table', { name: 'Users' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['First Name', 'Last Name', 'Email', 'Joined At']);
    expect(within(table).getByText('user6@example.com')).toBeInTheDocument();
    // no sorting: the headers are plain texts
    expect(within(table).queryAllByRole('button')).toEqual([]);
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/organizations/4/update');
  });

  it('says so when the organization has no users', async () => {
    const dataProvider = fakeDataProvider({ getOne: () => Promise.resolve({ data: organization(4) }) });
    renderInAdmin(<OrganizationShow />, { dataProvider, url: '/organizations/4', path: '/organizations/:id' });
    expect(await screen.findByText('No users in this organization.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Users' })).toBeInTheDocument();
  });
});

describe('OrganizationCreate', () => {
  it('posts the name with no users and opens the new organization', async () => {
    const ui = userEvent.setup();
    const dataProvider = fakeDataProvider({ create: () => Promise.resolve({ data: organization(9) }) });
    const { location } = renderInAdmin(<OrganizationCreate />, {
      dataProvider,
      url: '/organizations/create',
      path: '/organizations/create',
    });
    await ui.type(screen.getByRole('textbox', { name: 'Name' }), 'Scouts');
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    expect(dataProvider.create).toHaveBeenCalledWith('organizations', { data: { name: 'Scouts', users: [] } });
    await waitFor(() => expect(location().pathname).toBe('/organizations/9'));
  });

  it('requires a name', async () => {
    const ui = userEvent.setup();
    const dataProvider = fakeDataProvider();
    renderInAdmin(<OrganizationCreate />, { dataProvider, url: '/organizations/create', path: '/organizations/create' });
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeRequired();
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Required')).toBeInTheDocument();
    expect(dataProvider.create).not.toHaveBeenCalled();
  });

  it('shows the failure for 3 seconds, then returns to the list', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const ui = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const dataProvider = fakeDataProvider({ create: () => Promise.reject(new Error('name: This field is required.')) });
    const { location } = renderInAdmin(<OrganizationCreate />, {
      dataProvider,
      url: '/organizations/create',
      path: '/organizations/create',
    });
    await ui.type(screen.getByRole('textbox', { name: 'Name' }), 'Scouts');
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to create organization.');
    expect(alert).toHaveTextContent('name: This field is required.');
    act(() => vi.advanceTimersByTime(ERROR_BEFORE_REDIRECT_MS - 100));
    expect(location().pathname).toBe('/organizations/create');
    act(() => vi.advanceTimersByTime(100));
    expect(location().pathname).toBe('/organizations');
  });
});

describe('OrganizationEdit', () => {
  it('puts the new name with the ids of the users it has, then opens it', async () => {
    const ui = userEvent.setup();
    const dataProvider = fakeDataProvider({
      getOne: () => Promise.resolve({ data: organization(4, [5, 6]) }),
      update: (_resource: string, { id, data }: { id: number; data: object }) => Promise.resolve({ data: { id, ...data } }),
    });
    const { location } = renderInAdmin(<OrganizationEdit />, {
      dataProvider,
      url: '/organizations/4/update',
      path: '/organizations/:id/update',
    });
    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Org 4');
    await ui.clear(name);
    await ui.type(name, 'Renamed');
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    expect(dataProvider.update).toHaveBeenCalledWith(
      'organizations',
      expect.objectContaining({ id: 4, data: { name: 'Renamed', users: [5, 6] } }),
    );
    await waitFor(() => expect(location().pathname).toBe('/organizations/4'));
  });

  it("says 'Error fetching organization.' when it cannot be loaded", async () => {
    const dataProvider = fakeDataProvider({ getOne: () => Promise.reject(new Error('Not found.')) });
    renderInAdmin(<OrganizationEdit />, { dataProvider, url: '/organizations/4/update', path: '/organizations/:id/update' });
    expect(await screen.findByText('Error fetching organization.')).toBeInTheDocument();
  });

  it('shows the update failure, then returns to the detail screen', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const ui = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const dataProvider = fakeDataProvider({
      getOne: () => Promise.resolve({ data: organization(4) }),
      update: () => Promise.reject(new Error('Conflict.')),
    });
    const { location } = renderInAdmin(<OrganizationEdit />, {
      dataProvider,
      url: '/organizations/4/update',
      path: '/organizations/:id/update',
    });
    await screen.findByRole('textbox', { name: 'Name' });
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update organization.');
    act(() => vi.advanceTimersByTime(ERROR_BEFORE_REDIRECT_MS));
    expect(location().pathname).toBe('/organizations/4');
  });
});
