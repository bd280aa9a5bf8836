import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataSourceCreate } from '../../../resources/data-sources/DataSourceCreate';
import { DataSourceEdit } from '../../../resources/data-sources/DataSourceEdit';
import { ERROR_BEFORE_REDIRECT_MS } from '../../../src/constants';
import { fakeDataProvider, page, renderInAdmin } from '../support/renderInAdmin';
import { dataSource, dataSourceDimensions, platformConnection } from './dataOperationsFixtures';

afterEach(() => {
  vi.useRealTimers();
});

type Ui = ReturnType<typeof userEvent.setup>;

const dimensionsRequest =
  (dimensions: () => Promise<unknown> = () => Promise.resolve(dataSourceDimensions)) =>
  (method: string, path: string) =>
    method === 'GET' && path === '/data-sources/dimensions/' ? dimensions() : Promise.reject(new Error(`unexpected ${method} ${path}`));

function renderCreate(overrides = {}) {
  const dataProvider = fakeDataProvider({
    request: dimensionsRequest(),
    create: (_r: string, { data }: { data: object }) => Promise.resolve({ data: { id: 5, ...data } }),
    ...overrides,
  });
  return {
    dataProvider,
    ...renderInAdmin(<DataSourceCreate />, { dataProvider, url: '/data-sources/create', path: '/data-sources/create' }),
  };
}

function renderEdit(record = dataSource(1), overrides = {}) {
  const dataProvider = fakeDataProvider({
    request: dimensionsRequest(),
    getOne: () => Promise.resolve({ data: record }),
    update: (_r: string, { id, data }: { id: number; data: object }) => Promise.resolve({ data: { id, ...data } }),
    ...overrides,
  });
  return {
    dataProvider,
    ...renderInAdmin(<DataSourceEdit />, { dataProvider, url: '/data-sources/1/update', path: '/data-sources/:id/update' }),
  };
}

const select = async (ui: Ui, field: RegExp, option: string) => {
  await ui.click(screen.getByRole('combobox', { name: field }));
  await ui.click(await screen.findByRole('option', { name: option }));
};

describe('DataSourceCreate', () => {
  it('starts with the first type, its visible fields and its first schedule; hidden fields are not shown', async () => {
    renderCreate();
    expect(await screen.findByRole('combobox', { name: /^Source Type/ })).toHaveTextContent('Profile Search');
    expect(screen.getByRole('textbox', { name: 'Name' })).toBeRequired();
    expect(screen.getByRole('textbox', { name: 'Search URL' })).toBeRequired();
    expect(screen.getByText('A search page of the network.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Keywords' })).not.toBeRequired();
    expect(screen.getByText('One value per line.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Cursor' })).toBeNull();
    expect(screen.getByRole('combobox', { name: /^Schedule/ })).toHaveTextContent('Manual');
  });

  it('offers the types by label and the chosen type’s schedule options, with the cron in English', async () => {
    const ui = userEvent.setup();
    renderCreate();
    await ui.click(await screen.findByRole('combobox', { name: /^Source Type/ }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['Profile Search', 'Company List']);
    await ui.keyboard('{Escape}');
    await ui.click(screen.getByRole('combobox', { name: /^Schedule/ }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['Manual', 'Weekly on Monday', 'Daily']);
    await ui.click(screen.getByRole('option', { name: 'Weekly on Monday' }));
    expect(await screen.findByText('At 09:00 AM, only on Monday')).toBeInTheDocument();
  });

  it('posts name, type, the additional data with the user agent and the schedule, then opens the new source', async () => {
    const ui = userEvent.setup();
    const { dataProvider, location } = renderCreate();
    await ui.type(await screen.findByRole('textbox', { name: 'Name' }), '  Rust devs ');
    await ui.type(screen.getByRole('textbox', { name: 'Search URL' }), 'https://example.com/s?q=rust');
    await ui.type(screen.getByRole('textbox', { name: 'Keywords' }), 'rust{Enter}{Enter} go {Enter}');
    await select(ui, /^Schedule/, 'Daily');
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    expect(dataProvider.create).toHaveBeenCalledWith('data-sources', {
      data: {
        name: 'Rust devs',
        source_type: 'profile_search',
        additional_data: {
          search_url: 'https://example.com/s?q=rust',
          keywords: ['rust', 'go'],
          cursor: '',
          user_agent: navigator.userAgent,
        },
        schedule: '0 3 * * *',
      },
    });
    await waitFor(() => expect(location().pathname).toBe('/data-sources/5'));
  });

  it('sends no schedule for a manual source', async () => {
    const ui = userEvent.setup();
    const { dataProvider } = renderCreate();
    await ui.type(await screen.findByRole('textbox', { name: 'Name' }), 'Manual one');
    await ui.type(screen.getByRole('textbox', { name: 'Search URL' }), 'https://example.com');
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    const [, { data }] = dataProvider.create.mock.calls[0];
    expect(data).not.toHaveProperty('schedule');
  });

  it('requires the name and the required additional fields', async () => {
    const ui = userEvent.setup();
    const { dataProvider } = renderCreate();
    await ui.click(await screen.findByRole('button', { name: 'Save' }));
    expect(screen.getAllByText(/^Required/)).toHaveLength(2);
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'Search URL' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'Keywords' })).toHaveAttribute('aria-invalid', 'false');
    expect(dataProvider.create).not.toHaveBeenCalled();
  });

  it('changing the type empties the additional fields and picks its first schedule option', async () => {
    const ui = userEvent.setup();
    const { dataProvider } = renderCreate();
    await ui.type(await screen.findByRole('textbox', { name: 'Name' }), 'Switcher');
    await ui.type(screen.getByRole('textbox', { name: 'Search URL' }), 'https://example.com');
    await select(ui, /^Schedule/, 'Weekly on Monday');
    await select(ui, /^Source Type/, 'Company List');
    expect(screen.queryByRole('textbox', { name: 'Search URL' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Companies' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: /^Schedule/ })).toHaveTextContent('Manual');
    await ui.type(screen.getByRole('textbox', { name: 'Companies' }), 'Acme');
    await select(ui, /^Schedule/, 'Monthly');
    await select(ui, /^Source Type/, 'Profile Search');
    expect(screen.getByRole('textbox', { name: 'Search URL' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: /^Schedule/ })).toHaveTextContent('Manual');
    await select(ui, /^Source Type/, 'Company List');
    expect(screen.getByRole('textbox', { name: 'Companies' })).toHaveValue('');
    await ui.type(screen.getByRole('textbox', { name: 'Companies' }), 'Initech');
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    expect(dataProvider.create).toHaveBeenCalledWith('data-sources', {
      data: { name: 'Switcher', source_type: 'company_list', additional_data: { companies: ['Initech'], user_agent: navigator.userAgent } },
    });
  });

  it('shows the failure and the reason for 3 seconds, then returns to the list', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const ui = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { location } = renderCreate({ create: () => Promise.reject(new Error('additional_data.search_url: Not a URL.')) });
    await ui.type(await screen.findByRole('textbox', { name: 'Name' }), 'Broken');
    await ui.type(screen.getByRole('textbox', { name: 'Search URL' }), 'nope');
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to create data source.');
    expect(alert).toHaveTextContent('additional_data.search_url: Not a URL.');
    act(() => vi.advanceTimersByTime(ERROR_BEFORE_REDIRECT_MS - 100));
    expect(location().pathname).toBe('/data-sources/create');
    act(() => vi.advanceTimersByTime(100));
    expect(location().pathname).toBe('/data-sources');
  });

  it("says 'Failed to fetch dimensions.' when the types cannot be loaded", async () => {
    renderCreate({ request: dimensionsRequest(() => Promise.reject(new Error('Server down.'))) });
    expect(await screen.findByText('Failed to fetch dimensions.')).toBeInTheDocument();
    expect(screen.getByText('Server down.')).toBeInTheDocument();
  });
});

describe('DataSourceEdit', () => {
  it('starts from the stored values and puts them back with the hidden ones, the user agent and the schedule', async () => {
    const ui = userEvent.setup();
    const { dataProvider, location } = renderEdit();
    const name = await screen.findByRole('textbox', { name: 'Name' });
    expect(name).toHaveValue('Source 1');
    expect(screen.getByRole('textbox', { name: 'Search URL' })).toHaveValue('https://example.com/search');
    expect(screen.getByRole('textbox', { name: 'Keywords' })).toHaveValue('rust\ngo');
    expect(screen.getByRole('combobox', { name: /^Schedule/ })).toHaveTextContent('Weekly on Monday');
    expect(screen.getByText('At 09:00 AM, only on Monday')).toBeInTheDocument();
    await ui.clear(name);
    await ui.type(name, 'Renamed');
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    expect(dataProvider.update).toHaveBeenCalledWith(
      'data-sources',
      expect.objectContaining({
        id: 1,
        data: {
          name: 'Renamed',
          source_type: 'profile_search',
          additional_data: {
            search_url: 'https://example.com/search',
            keywords: ['rust', 'go'],
            cursor: 'abc',
            user_agent: navigator.userAgent,
          },
          schedule: '0 9 * * 1',
        },
      }),
    );
    await waitFor(() => expect(location().pathname).toBe('/data-sources/1'));
  });

  it('sends a null schedule for Manual', async () => {
    const ui = userEvent.setup();
    const { dataProvider } = renderEdit();
    await screen.findByRole('textbox', { name: 'Name' });
    await select(ui, /^Schedule/, 'Manual');
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    expect(dataProvider.update.mock.calls[0][1].data.schedule).toBeNull();
  });

  it('keeps offering a stored schedule that is not among the options, described', async () => {
    renderEdit(dataSource(1, { cron_schedule: '30 6 * * 5' }));
    const schedule = await screen.findByRole('combobox', { name: /^Schedule/ });
    expect(schedule).toHaveTextContent('At 06:30 AM, only on Friday');
  });

  it("says 'Error fetching data source' when it cannot be loaded", async () => {
    renderEdit(dataSource(1), { getOne: () => Promise.reject(new Error('Not found.')) });
    expect(await screen.findByText('Error fetching data source')).toBeInTheDocument();
    expect(screen.getByText('Not found.')).toBeInTheDocument();
  });

  it('shows the update failure for 3 seconds, then returns to the detail', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const ui = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const { location } = renderEdit(dataSource(1), { update: () => Promise.reject(new Error('Only the owner may change it.')) });
    await screen.findByRole('textbox', { name: 'Name' });
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to update data source.');
    expect(alert).toHaveTextContent('Only the owner may change it.');
    act(() => vi.advanceTimersByTime(ERROR_BEFORE_REDIRECT_MS));
    expect(location().pathname).toBe('/data-sources/1');
  });
});

describe('fields naming a platform connection', () => {
  const withConnections = {
    ...dataSourceDimensions,
    people_data_labs: {
      internal_name: 'people_data_labs',
      label: 'People Data Labs',
      additional_data: {
        query: { label: 'Search query', type: 'text', required: false, hidden: false },
        connection: { label: 'PDL connection', type: 'connection', category: 'people_data_labs', required: true, hidden: false },
        annotation_connection: {
          label: 'LLM annotation',
          type: 'connection',
          category: 'openai_compatible',
          required: false,
          hidden: false,
        },
      },
      schedule_options: [{ value: '', label: 'Manual' }],
    },
  } as typeof dataSourceDimensions;
  const connections = [
    platformConnection(3, {
      category_type: 'people_data_labs',
      connection_parameters: { api_key: '••••••••abcd', base_url: 'https://pdl.test/v5' },
    }),
    platformConnection(4, { category_type: 'people_data_labs', connection_parameters: { api_key: '••••••••efgh', base_url: '' } }),
    platformConnection(7, { category_type: 'openai_compatible', connection_parameters: { base_url: 'http://llm.test/v1', model: 'tiny' } }),
  ];
  const connectionCalls = {
    request: dimensionsRequest(() => Promise.resolve(withConnections)),
    getList: (_resource: string, { filter }: { filter: { category_type?: string } }) =>
      page(connections.filter((connection) => connection.category_type === filter.category_type)),
    getMany: (_resource: string, { ids }: { ids: string[] }) =>
      Promise.resolve({ data: connections.filter((connection) => ids.map(String).includes(String(connection.id))) }),
  };

  it('offers the connections of the field’s category and sends the chosen one’s id as text', async () => {
    const ui = userEvent.setup();
    const { dataProvider } = renderCreate(connectionCalls);
    await ui.type(await screen.findByRole('textbox', { name: 'Name' }), 'PDL founders');
    await select(ui, /^Source Type/, 'People Data Labs');
    await ui.click(await screen.findByRole('combobox', { name: /^PDL connection/ }));
    // required: no empty entry; the API filters by category
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      '#3 https://pdl.test/v5 (ada@example.com)',
      '#4 (ada@example.com)',
    ]);
    expect(dataProvider.getList).toHaveBeenCalledWith(
      'platform-connections',
      expect.objectContaining({ filter: { category_type: 'people_data_labs' }, pagination: { page: 1, perPage: 100 } }),
    );
    await ui.click(screen.getByRole('option', { name: '#4 (ada@example.com)' }));
    await ui.click(screen.getByRole('combobox', { name: /^LLM annotation/ }));
    const llm = await screen.findAllByRole('option');
    // the LLM connections only; optional: nothing chosen is allowed
    expect(llm.map((option) => option.textContent?.trim())).toEqual(['#7 http://llm.test/v1, tiny (ada@example.com)']);
    await ui.keyboard('{Escape}');
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    expect(dataProvider.create).toHaveBeenCalledWith('data-sources', {
      data: {
        name: 'PDL founders',
        source_type: 'people_data_labs',
        additional_data: { query: '', connection: '4', annotation_connection: '', user_agent: navigator.userAgent },
      },
    });
  });

  it('requires a required connection', async () => {
    const ui = userEvent.setup();
    const { dataProvider } = renderCreate(connectionCalls);
    await ui.type(await screen.findByRole('textbox', { name: 'Name' }), 'PDL founders');
    await select(ui, /^Source Type/, 'People Data Labs');
    await screen.findByRole('combobox', { name: /^PDL connection/ });
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(dataProvider.create).not.toHaveBeenCalled();
  });

  it('shows the stored connection chosen and puts its id back', async () => {
    const ui = userEvent.setup();
    const stored = dataSource(1, {
      source_type: 'people_data_labs',
      additional_data: { query: 'SELECT 1', connection: '3', annotation_connection: '7' },
      cron_schedule: null,
    });
    const { dataProvider } = renderEdit(stored, connectionCalls);
    const connection = await screen.findByRole('combobox', { name: /^PDL connection/ });
    await waitFor(() => expect(connection).toHaveValue('#3 https://pdl.test/v5 (ada@example.com)'));
    expect(screen.getByRole('combobox', { name: /^LLM annotation/ })).toHaveValue('#7 http://llm.test/v1, tiny (ada@example.com)');
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    expect(dataProvider.update.mock.calls[0][1].data.additional_data).toEqual({
      query: 'SELECT 1',
      connection: '3',
      annotation_connection: '7',
      user_agent: navigator.userAgent,
    });
  });

  it('lets an optional connection be cleared (annotated offline), not a required one', async () => {
    const ui = userEvent.setup();
    const stored = dataSource(1, {
      source_type: 'people_data_labs',
      additional_data: { query: 'SELECT 1', connection: '3', annotation_connection: '7' },
      cron_schedule: null,
    });
    const { dataProvider } = renderEdit(stored, connectionCalls);
    const llm = await screen.findByRole('combobox', { name: /^LLM annotation/ });
    await waitFor(() => expect(llm).toHaveValue('#7 http://llm.test/v1, tiny (ada@example.com)'));
    const clearButton = (input: HTMLElement) =>
      within(input.closest('.MuiAutocomplete-root') as HTMLElement).queryByRole('button', { name: 'Clear' });
    expect(clearButton(screen.getByRole('combobox', { name: /^PDL connection/ }))).toBeNull();
    // emptied by hand: no connection
    await ui.clear(llm);
    await ui.tab();
    expect(llm).toHaveValue('');
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(dataProvider.update).toHaveBeenCalled());
    expect(dataProvider.update.mock.calls[0][1].data.additional_data).toMatchObject({ connection: '3', annotation_connection: '' });
  });
});
