import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PlatformConnectionCreate } from '../../../resources/platform-connections/PlatformConnectionCreate';
import { PlatformConnectionEdit } from '../../../resources/platform-connections/PlatformConnectionEdit';
import { PlatformConnectionList } from '../../../resources/platform-connections/PlatformConnectionList';
import { PlatformConnectionShow } from '../../../resources/platform-connections/PlatformConnectionShow';
import { ERROR_BEFORE_REDIRECT_MS } from '../../../src/constants';
import { formatDateTime } from '../../../src/format';
import { sortButton } from '../support/dataTable';
import { fakeDataProvider, page, renderInAdmin } from '../support/renderInAdmin';
import { platformConnection, platformDimensions } from './dataOperationsFixtures';

afterEach(() => {
  vi.useRealTimers();
});

const dimensionsRequest = (method: string, path: string) =>
  method === 'GET' && path === '/platform-connections/dimensions/'
    ? Promise.resolve(platformDimensions)
    : Promise.reject(new Error(`unexpected ${method} ${path}`));

const select = async (ui: ReturnType<typeof userEvent.setup>, field: RegExp, option: string) => {
  await ui.click(screen.getByRole('combobox', { name: field }));
  await ui.click(await screen.findByRole('option', { name: option }));
};

describe('PlatformConnectionList', () => {
  it('shows the category label as the link, the creator and the dates, without selection or bulk actions', async () => {
    const dataProvider = fakeDataProvider({
      getList: () => page([platformConnection(1), platformConnection(2, { category_type: 'mailer', created_by: 'bob@example.com' })]),
      request: dimensionsRequest,
    });
    const { location } = renderInAdmin(<PlatformConnectionList />, {
      dataProvider,
      url: '/platform-connections',
      path: '/platform-connections',
    });
    expect(await screen.findByRole('link', { name: 'Professional Network API' })).toHaveAttribute('href', '/platform-connections/1');
    expect(screen.getByRole('link', { name: 'Mailer' })).toHaveAttribute('href', '/platform-connections/2');
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['Category', 'Created By', 'Created At', 'Updated At']);
    expect(headers.map((header) => header.getAttribute('aria-sort'))).toEqual([null, null, 'none', 'none']);
    const cells = within(screen.getByRole('link', { name: 'Mailer' }).closest('tr') as HTMLElement).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual([
      'Mailer',
      'bob@example.com',
      formatDateTime('2026-11-20T10:00:00Z'),
      formatDateTime('2026-11-21T10:00:00Z'),
    ]);
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Select Action' })).toBeNull();
    expect(screen.getByText('There are 2 platform connections')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Platform Connection' })).toHaveAttribute('href', '/platform-connections/create');
    // the menu's bare address stays as it is until the user moves the list
    expect(location().search).toBe('');
    const ui = userEvent.setup();
    await ui.click(sortButton('Updated At'));
    await waitFor(() => expect(new URLSearchParams(location().search).get('ordering')).toBe('updated_at'));
  });
});

describe('PlatformConnectionShow', () => {
  const renderShow = (overrides = {}) => {
    const dataProvider = fakeDataProvider({
      getOne: () => Promise.resolve({ data: platformConnection(4) }),
      request: dimensionsRequest,
      delete: () => Promise.resolve({ data: { id: 4 } }),
      ...overrides,
    });
    return {
      dataProvider,
      ...renderInAdmin(<PlatformConnectionShow />, { dataProvider, url: '/platform-connections/4', path: '/platform-connections/:id' }),
    };
  };

  it('shows the source type label, dates, creator, the visible parameters with secrets masked, and Edit', async () => {
    renderShow();
    await screen.findByRole('heading', { name: 'Platform Connection 4' });
    await waitFor(() =>
      expect(screen.getAllByRole('term').map((term) => term.textContent)).toEqual([
        'Source Type',
        'Created At',
        'Updated At',
        'Created By',
        'Account',
        'API Key',
      ]),
    );
    const values = screen.getAllByRole('definition');
    expect(values[0]).toHaveTextContent('Professional Network API');
    expect(values[3]).toHaveTextContent('ada@example.com');
    expect(values[5]).toHaveTextContent('••••••••f00d');
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/platform-connections/4/update');
  });

  it('deletes after a confirmation, then goes to the list', async () => {
    const ui = userEvent.setup();
    const { dataProvider, location } = renderShow();
    await ui.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Delete this platform connection?');
    expect(dataProvider.delete).not.toHaveBeenCalled();
    await ui.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(dataProvider.delete).toHaveBeenCalledWith('platform-connections', expect.objectContaining({ id: 4 }));
    await waitFor(() => expect(location().pathname).toBe('/platform-connections'));
  });

  it("shows the server's message when the deletion is refused, and stays", async () => {
    const ui = userEvent.setup();
    const { location } = renderShow({ delete: () => Promise.reject(new Error('A data source uses it.')) });
    await ui.click(await screen.findByRole('button', { name: 'Delete' }));
    await ui.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Deletion failed: A data source uses it.')).toBeInTheDocument();
    expect(location().pathname).toBe('/platform-connections/4');
  });

  it("shows 'Error: {message}' when the connection cannot be loaded", async () => {
    renderShow({ getOne: () => Promise.reject(new Error('Not found.')) });
    expect(await screen.findByText('Error: Not found.')).toBeInTheDocument();
  });
});

describe('PlatformConnectionCreate', () => {
  it('renders the category’s parameters (secret as a password input), resets them on a category change and posts them with the user agent', async () => {
    const ui = userEvent.setup();
    const dataProvider = fakeDataProvider({
      request: dimensionsRequest,
      create: (_r: string, { data }: { data: object }) => Promise.resolve({ data: { id: 8, ...data } }),
    });
    const { location } = renderInAdmin(<PlatformConnectionCreate />, {
      dataProvider,
      url: '/platform-connections/create',
      path: '/platform-connections/create',
    });
    expect(await screen.findByRole('combobox', { name: /^Category/ })).toHaveTextContent('Professional Network API');
    const key = screen.getByLabelText(/^API Key/);
    expect(key).toHaveAttribute('type', 'password');
    expect(key).toBeRequired();
    expect(screen.getByText('Stored encrypted; shown masked afterwards.')).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Region/)).toBeNull();
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getAllByText(/^Required/)).toHaveLength(2);
    expect(dataProvider.create).not.toHaveBeenCalled();

    await ui.type(screen.getByRole('textbox', { name: 'Account' }), 'scouts');
    await select(ui, /^Category/, 'Mailer');
    expect(screen.queryByRole('textbox', { name: 'Account' })).toBeNull();
    await select(ui, /^Category/, 'Professional Network API');
    expect(screen.getByRole('textbox', { name: 'Account' })).toHaveValue('');
    await ui.type(screen.getByRole('textbox', { name: 'Account' }), 'scouts');
    await ui.type(screen.getByLabelText(/^API Key/), 'sk-123456');
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    expect(dataProvider.create).toHaveBeenCalledWith('platform-connections', {
      data: {
        category_type: 'network_api',
        connection_parameters: { account: 'scouts', api_key: 'sk-123456', region: '', user_agent: navigator.userAgent },
      },
    });
    await waitFor(() => expect(location().pathname).toBe('/platform-connections/8'));
  });

  it("shows 'Failed to create platform connection.' for 3 seconds, then returns to the list", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const ui = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const dataProvider = fakeDataProvider({
      request: dimensionsRequest,
      create: () => Promise.reject(new Error('api_key: Refused by the platform.')),
    });
    const { location } = renderInAdmin(<PlatformConnectionCreate />, {
      dataProvider,
      url: '/platform-connections/create',
      path: '/platform-connections/create',
    });
    await ui.type(await screen.findByRole('textbox', { name: 'Account' }), 'scouts');
    await ui.type(screen.getByLabelText(/^API Key/), 'bad');
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to create platform connection.');
    expect(alert).toHaveTextContent('api_key: Refused by the platform.');
    act(() => vi.advanceTimersByTime(ERROR_BEFORE_REDIRECT_MS));
    expect(location().pathname).toBe('/platform-connections');
  });
});

describe('PlatformConnectionEdit', () => {
  const renderEdit = (overrides = {}) => {
    const dataProvider = fakeDataProvider({
      request: dimensionsRequest,
      getOne: () => Promise.resolve({ data: platformConnection(4) }),
      update: (_r: string, { id, data }: { id: number; data: object }) => Promise.resolve({ data: { id, ...data } }),
      ...overrides,
    });
    return {
      dataProvider,
      ...renderInAdmin(<PlatformConnectionEdit />, {
        dataProvider,
        url: '/platform-connections/4/update',
        path: '/platform-connections/:id/update',
      }),
    };
  };

  it('shows the secret masked and sends it back unchanged to keep it, with the hidden values and the user agent', async () => {
    const ui = userEvent.setup();
    const { dataProvider, location } = renderEdit();
    const key = await screen.findByLabelText(/^API Key/);
    expect(key).toHaveValue('••••••••f00d');
    expect(screen.getByText(/leave it as it is to keep the current value/)).toBeInTheDocument();
    await ui.clear(screen.getByRole('textbox', { name: 'Account' }));
    await ui.type(screen.getByRole('textbox', { name: 'Account' }), 'talent');
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    expect(dataProvider.update).toHaveBeenCalledWith(
      'platform-connections',
      expect.objectContaining({
        id: 4,
        data: {
          category_type: 'network_api',
          connection_parameters: { account: 'talent', api_key: '••••••••f00d', region: 'eu', user_agent: navigator.userAgent },
        },
      }),
    );
    await waitFor(() => expect(location().pathname).toBe('/platform-connections/4'));
  });

  it('sends a newly typed secret', async () => {
    const ui = userEvent.setup();
    const { dataProvider } = renderEdit();
    const key = await screen.findByLabelText(/^API Key/);
    await ui.clear(key);
    await ui.type(key, 'sk-new');
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    expect(dataProvider.update.mock.calls[0][1].data.connection_parameters.api_key).toBe('sk-new');
  });

  it("says 'Error fetching platform connection' when it cannot be loaded", async () => {
    renderEdit({ getOne: () => Promise.reject(new Error('Not found.')) });
    expect(await screen.findByText('Error fetching platform connection')).toBeInTheDocument();
  });

  it("shows 'Failed to update platform connection.' for 3 seconds, then returns to the detail", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const ui = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { location } = renderEdit({ update: () => Promise.reject(new Error('Conflict.')) });
    await screen.findByLabelText(/^API Key/);
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to update platform connection.');
    expect(alert).toHaveTextContent('Conflict.');
    act(() => vi.advanceTimersByTime(ERROR_BEFORE_REDIRECT_MS - 100));
    expect(location().pathname).toBe('/platform-connections/4/update');
    act(() => vi.advanceTimersByTime(100));
    expect(location().pathname).toBe('/platform-connections/4');
  });
});
