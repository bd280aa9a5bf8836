import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '../../../types/api';
import { UserList } from '../../../resources/users/UserList';
import { UserShow } from '../../../resources/users/UserShow';
import { createDataProvider } from '../../../dataProvider';
import { fakeDataProvider, page, renderInAdmin } from '../support/renderInAdmin';
import { installFakeFetch } from '../support/fakeFetch';
import { rowCheckbox, sortButton } from '../support/dataTable';

const user = (id: number, change: Partial<User> = {}): User => ({
  id,
  email: `user${id}@example.com`,
  first_name: `First${id}`,
  last_name: `Last${id}`,
  is_staff: false,
  is_superuser: false,
  is_active: true,
  is_crowdsourcing: false,
  date_joined: '2026-11-22T14:03:05Z',
  time_zone: null,
  digest_hour: 7,
  ...change,
});

function renderUsers(overrides = {}) {
  const dataProvider = fakeDataProvider({
    getList: () => page([user(1), user(2, { is_crowdsourcing: true, is_active: false }), user(3)]),
    request: () => Promise.resolve({ detail: 'ok' }),
    ...overrides,
  });
  return { dataProvider, ...renderInAdmin(<UserList />, { dataProvider, url: '/users', path: '/users' }) };
}

async function runAction(ui: ReturnType<typeof userEvent.setup>, ids: number[], action: string) {
  for (const id of ids) await ui.click(rowCheckbox(`First${id}`));
  await ui.click(screen.getByRole('button', { name: 'Select Action' }));
  await ui.click(screen.getByRole('menuitem', { name: action }));
}

describe('UserList', () => {
  it('shows the columns, the search placeholder and the count', async () => {
    renderUsers();
    expect(await screen.findByRole('link', { name: 'First1' })).toHaveAttribute('href', '/users/1');
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers.slice(1)).toEqual(['First Name', 'Last Name', 'Email', 'Crowdsource Status', 'Is Active', 'Joined At']);
    for (const header of screen.getAllByRole('columnheader').slice(1)) {
      expect(header).toHaveAttribute('aria-sort', 'none');
    }
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveAttribute('placeholder', 'Search by name or email...');
    expect(screen.getByText('There are 3 users')).toBeInTheDocument();
    const row = screen.getByRole('link', { name: 'First2' }).closest('tr') as HTMLElement;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent)
        .slice(4, 6),
    ).toEqual(['True', 'False']);
  });

  it('sorts by each sortable column under its API name', async () => {
    const ui = userEvent.setup();
    const { location } = renderUsers();
    await screen.findByText('First1');
    const expected: Record<string, string> = {
      'First Name': 'first_name',
      'Last Name': 'last_name',
      Email: 'email',
      'Crowdsource Status': 'is_crowdsourcing',
      'Is Active': 'is_active',
      'Joined At': 'date_joined',
    };
    for (const [label, field] of Object.entries(expected)) {
      await ui.click(sortButton(label));
      await waitFor(() => expect(new URLSearchParams(location().search).get('ordering')).toBe(field));
    }
  });

  it.each([
    [
      'Set Crowdsource Status',
      '/users/crowdsourcing/',
      (id: number) => ({ is_crowdsourcing: true, user_id: id }),
      'Crowdsource status set for 2 users.',
    ],
    [
      'Unset Crowdsource Status',
      '/users/crowdsourcing/',
      (id: number) => ({ is_crowdsourcing: false, user_id: id }),
      'Crowdsource status unset for 2 users.',
    ],
    [
      'Create Default Entities',
      '/users/crowdsourcing/entities/',
      (id: number) => ({ user_id: id }),
      'Default entity creation initiated for 2 users.',
    ],
    ['Activate User', '/users/activate/', (id: number) => ({ user_id: id }), 'Activation completed for 2 users.'],
    ['Deactivate User', '/users/de-activate/', (id: number) => ({ user_id: id }), 'Deactivation completed for 2 users.'],
  ])('%s posts to %s for each selected user', async (action, path, body, text) => {
    const ui = userEvent.setup();
    const { dataProvider } = renderUsers();
    await screen.findByText('First1');
    await runAction(ui, [1, 3], action);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(dataProvider.request.mock.calls).toEqual([
      ['POST', path, body(1)],
      ['POST', path, body(3)],
    ]);
  });

  it('reports the users an action failed for, and why', async () => {
    const ui = userEvent.setup();
    renderUsers({
      request: (_method: string, _path: string, body: { user_id: number }) =>
        body.user_id === 2 ? Promise.reject(new Error('refused')) : Promise.resolve({}),
    });
    await screen.findByText('First1');
    await runAction(ui, [1, 2, 3], 'Activate User');
    expect((await screen.findByRole('alert')).textContent).toBe('Activation completed for 2 users. Failed for 1 users: refused.');
  });

  it("says why 'Create Default Entities' failed, with the server's message (real dataProvider)", async () => {
    const ui = userEvent.setup();
    installFakeFetch({
      'GET /api/v1/users': { body: { count: 3, results: [user(1), user(2, { is_crowdsourcing: true }), user(3)] } },
      'POST /api/v1/users/crowdsourcing/entities/': ({ body }) =>
        (body as { user_id: number }).user_id === 2
          ? { body: { detail: 'queued' } }
          : { status: 400, body: { errors: ['user_id: This user is not a crowdsourcing user.'] } },
    });
    renderInAdmin(<UserList />, { dataProvider: createDataProvider(), url: '/users', path: '/users' });
    await screen.findByText('First1');
    await runAction(ui, [1, 2, 3], 'Create Default Entities');
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toBe(
      'Default entity creation initiated for 1 users. Failed for 2 users: user_id: This user is not a crowdsourcing user.',
    );
    expect(banner.className).toMatch(/Error/);
    vi.unstubAllGlobals();
  });

  it.each([
    ['Add to Organization', '/organizations/add-users'],
    ['Remove from Organization', '/organizations/remove-users'],
  ])('%s goes to %s with the selected ids', async (action, pathname) => {
    const ui = userEvent.setup();
    const { location, dataProvider } = renderUsers();
    await screen.findByText('First1');
    await runAction(ui, [1, 3], action);
    await waitFor(() => expect(location().pathname).toBe(pathname));
    expect(location().search).toBe('?id=1&id=3');
    expect(dataProvider.request).not.toHaveBeenCalled();
  });

  it('stays put when an organization action is chosen without a selection', async () => {
    const ui = userEvent.setup();
    const { location } = renderUsers();
    await screen.findByText('First1');
    await runAction(ui, [], 'Add to Organization');
    expect(location().pathname).toBe('/users');
  });
});

describe('UserShow', () => {
  it('shows every field, booleans as True/False and the joined date formatted', async () => {
    const dataProvider = fakeDataProvider({
      getOne: () => Promise.resolve({ data: user(7, { is_staff: true, is_crowdsourcing: false }) }),
    });
    renderInAdmin(<UserShow />, { dataProvider, url: '/users/7', path: '/users/:id' });
    await screen.findByText('user7@example.com');
    expect(dataProvider.getOne).toHaveBeenCalledWith('users', expect.objectContaining({ id: '7' }));
    const terms = screen.getAllByRole('term').map((term) => term.textContent);
    const definitions = screen.getAllByRole('definition').map((definition) => definition.textContent);
    expect(Object.fromEntries(terms.map((term, index) => [term, definitions[index]]))).toEqual({
      ID: '7',
      Email: 'user7@example.com',
      'First Name': 'First7',
      'Last Name': 'Last7',
      'Is Staff': 'True',
      'Is Superuser': 'False',
      'Is Active': 'True',
      'Is Crowdsource': 'False',
      'Joined At': expect.stringMatching(/^2[23] Nov 2026, \d\d:03:05$/),
    });
  });

  it("shows 'Error: {message}' when the user cannot be loaded", async () => {
    const dataProvider = fakeDataProvider({ getOne: () => Promise.reject(new Error('Not found.')) });
    renderInAdmin(<UserShow />, { dataProvider, url: '/users/7', path: '/users/:id' });
    expect(await screen.findByText('Error: Not found.')).toBeInTheDocument();
  });
});
