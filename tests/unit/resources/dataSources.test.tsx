import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataSourceList } from '../../../resources/data-sources/DataSourceList';
import { DataSourceShow } from '../../../resources/data-sources/DataSourceShow';
import { formatDateTime } from '../../../src/format';
import { rowCheckbox, sortButton } from '../support/dataTable';
import { fakeDataProvider, page, renderInAdmin } from '../support/renderInAdmin';
import { dataSource, dataSourceDimensions, execution, status } from './dataOperationsFixtures';

const rows = [
  dataSource(1, { is_public: true }),
  dataSource(2, { source_type: 'company_list', cron_schedule: null }),
  dataSource(3, { cron_schedule: '5 5 * * *' }),
];

/** GET dimensions answers the fixture; every other call through `request` succeeds. */
function requestWith(dimensions: () => Promise<unknown> = () => Promise.resolve(dataSourceDimensions)) {
  return (method: string, path: string) => {
    if (method === 'GET' && path === '/data-sources/dimensions/') return dimensions();
    return Promise.resolve({ id: 99, status: status('PENDING') });
  };
}

function renderList(overrides = {}) {
  const dataProvider = fakeDataProvider({ getList: () => page(rows), request: requestWith(), ...overrides });
  return { dataProvider, ...renderInAdmin(<DataSourceList />, { dataProvider, url: '/data-sources', path: '/data-sources' }) };
}

async function runAction(ui: ReturnType<typeof userEvent.setup>, ids: number[], action: string) {
  for (const id of ids) await ui.click(rowCheckbox(`Source ${id}`));
  await ui.click(screen.getByRole('button', { name: 'Select Action' }));
  await ui.click(screen.getByRole('menuitem', { name: action }));
}

const cellsOf = (name: string) =>
  within(screen.getByRole('link', { name }).closest('tr') as HTMLElement)
    .getAllByRole('cell')
    .slice(1)
    .map((cell) => cell.textContent);

describe('DataSourceList', () => {
  it('shows the columns with type and schedule labels, Yes/No, the count, search and the create link', async () => {
    renderList();
    expect(await screen.findByRole('link', { name: 'Source 1' })).toHaveAttribute('href', '/data-sources/1');
    const headers = screen.getAllByRole('columnheader').slice(1);
    expect(headers.map((header) => header.textContent)).toEqual(['Name', 'Source Type', 'Schedule', 'Created At', 'Updated At', 'Public']);
    expect(headers.map((header) => header.getAttribute('aria-sort'))).toEqual(['none', null, null, 'none', 'none', null]);
    await waitFor(() => expect(cellsOf('Source 1').slice(1, 3)).toEqual(['Profile Search', 'Weekly on Monday']));
    expect(cellsOf('Source 1')[5]).toBe('Yes');
    expect(cellsOf('Source 1')[3]).toBe(formatDateTime('2026-11-20T10:00:00Z'));
    // no schedule, and a schedule that is not one of the type's options: Manual
    expect(cellsOf('Source 2').slice(1, 3)).toEqual(['Company List', 'Manual']);
    expect(cellsOf('Source 2')[5]).toBe('No');
    expect(cellsOf('Source 3')[2]).toBe('Manual');
    expect(screen.getByText('There are 3 data sources')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Data Source' })).toHaveAttribute('href', '/data-sources/create');
  });

  it('sorts by name, created_at and updated_at', async () => {
    const ui = userEvent.setup();
    const { location } = renderList();
    await screen.findByText('Source 1');
    for (const [label, field] of [
      ['Name', 'name'],
      ['Created At', 'created_at'],
      ['Updated At', 'updated_at'],
    ]) {
      await ui.click(sortButton(label));
      await waitFor(() => expect(new URLSearchParams(location().search).get('ordering')).toBe(field));
    }
  });

  it("says 'Failed to fetch dimensions.' and shows the internal type names when the dimensions do not load", async () => {
    renderList({ request: requestWith(() => Promise.reject(new Error('Server down.'))) });
    expect(await screen.findByText('Failed to fetch dimensions.')).toBeInTheDocument();
    expect(screen.getByText('Server down.')).toBeInTheDocument();
    await screen.findByText('Source 1');
    expect(cellsOf('Source 2').slice(1, 3)).toEqual(['company_list', 'Manual']);
  });

  it('Retrieve Data posts retrieval/ for each selected source and reports it', async () => {
    const ui = userEvent.setup();
    const { dataProvider } = renderList();
    await screen.findByText('Source 1');
    await runAction(ui, [1, 3], 'Retrieve Data');
    expect(await screen.findByRole('alert')).toHaveTextContent('Data retrieval initiated for 2 sources.');
    const posts = dataProvider.request.mock.calls.filter(([method]) => method === 'POST');
    expect(posts).toEqual([
      ['POST', '/data-sources/1/retrieval/', undefined],
      ['POST', '/data-sources/3/retrieval/', undefined],
    ]);
  });

  it('Delete deletes each selected source and reports it', async () => {
    const ui = userEvent.setup();
    const { dataProvider } = renderList({ delete: (_r: string, { id }: { id: number }) => Promise.resolve({ data: { id } }) });
    await screen.findByText('Source 1');
    await runAction(ui, [2, 3], 'Delete');
    expect(await screen.findByRole('alert')).toHaveTextContent('Deletion completed for 2 sources.');
    expect(dataProvider.delete.mock.calls.map(([resource, { id }]) => `${resource}/${id}`)).toEqual(['data-sources/2', 'data-sources/3']);
  });

  it('Change Public Visibility reads each current is_public and sends the opposite', async () => {
    const ui = userEvent.setup();
    const current: Record<number, boolean> = { 1: true, 2: false };
    const { dataProvider } = renderList({
      getOne: (_r: string, { id }: { id: number }) => Promise.resolve({ data: dataSource(id, { is_public: current[id] }) }),
    });
    await screen.findByText('Source 1');
    await runAction(ui, [1, 2], 'Change Public Visibility');
    expect(await screen.findByRole('alert')).toHaveTextContent('Public status changed for 2 sources.');
    expect(dataProvider.getOne.mock.calls.map(([resource, { id }]) => `${resource}/${id}`)).toEqual(['data-sources/1', 'data-sources/2']);
    const posts = dataProvider.request.mock.calls.filter(([method]) => method === 'POST');
    expect(posts).toEqual([
      ['POST', '/data-sources/1/set-public/', { is_public: false }],
      ['POST', '/data-sources/2/set-public/', { is_public: true }],
    ]);
  });

  it('reports a partial failure with the reason in the error style', async () => {
    const ui = userEvent.setup();
    const base = requestWith();
    renderList({
      request: (method: string, path: string) =>
        path === '/data-sources/2/retrieval/' ? Promise.reject(new Error('A retrieval is already running.')) : base(method, path),
    });
    await screen.findByText('Source 1');
    await runAction(ui, [1, 2, 3], 'Retrieve Data');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Data retrieval initiated for 2 sources. Failed for 1 sources: A retrieval is already running.');
    expect(alert.className).toMatch(/Error/);
  });
});

describe('DataSourceShow', () => {
  const detailed = dataSource(1, {
    is_public: true,
    executions: [
      execution(11, { status: 'FAILURE', result: { exc_type: 'HttpError', exc_message: ['Blocked', 'Try later'] } }),
      execution(10, { date_done: null, status: 'STARTED' }),
    ],
  });

  function renderShow(record = detailed, overrides = {}) {
    const dataProvider = fakeDataProvider({ getOne: () => Promise.resolve({ data: record }), request: requestWith(), ...overrides });
    return { dataProvider, ...renderInAdmin(<DataSourceShow />, { dataProvider, url: '/data-sources/1', path: '/data-sources/:id' }) };
  }

  it('shows every field, the schedule in English, the executions and Edit', async () => {
    renderShow();
    await screen.findByRole('heading', { name: 'Data Source Source 1' });
    expect(screen.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'ID',
      'Name',
      'Public',
      'Source Type',
      'Additional Data',
      'Schedule',
      'Created At',
      'Updated At',
    ]);
    const values = screen.getAllByRole('definition');
    await waitFor(() => expect(values[3]).toHaveTextContent('Profile Search'));
    expect(values[2]).toHaveTextContent('Yes');
    expect(JSON.parse(values[4].textContent ?? '')).toEqual(detailed.additional_data);
    expect(values[4].textContent).toContain('\n  "search_url"');
    expect(values[5]).toHaveTextContent('At 09:00 AM, only on Monday');
    const table = screen.getByRole('table', { name: 'Last Executions' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Status', 'Date Done', 'Result']);
    expect(within(table).getByRole('link', { name: 'FAILURE' })).toHaveAttribute('href', '/executions/11');
    expect(within(table).getByText('Blocked, Try later')).toBeInTheDocument();
    expect(within(table).getByText(formatDateTime('2026-11-22T08:10:00Z'))).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'STARTED' })).toHaveAttribute('href', '/executions/10');
    const started = within(table).getByRole('link', { name: 'STARTED' }).closest('tr') as HTMLElement;
    expect(within(started).getAllByRole('cell')[1]).toHaveTextContent('N/A');
    // no sorting: the headers are plain texts
    expect(within(table).queryAllByRole('button')).toEqual([]);
    expect(screen.getByRole('link', { name: 'All executions of this data source' })).toHaveAttribute('href', '/executions?data_source=1');
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute('href', '/data-sources/1/update');
  });

  it("shows 'Manual' without a schedule and 'No' when private", async () => {
    renderShow(dataSource(1, { cron_schedule: null }));
    await screen.findByRole('heading', { name: 'Data Source Source 1' });
    const values = screen.getAllByRole('definition');
    expect(values[2]).toHaveTextContent('No');
    expect(values[5]).toHaveTextContent('Manual');
    // no executions yet
    expect(screen.getByText('No executions yet.')).toBeInTheDocument();
  });

  it("shows 'Error: {message}' when the data source cannot be loaded", async () => {
    renderShow(detailed, { getOne: () => Promise.reject(new Error('Not found.')) });
    expect(await screen.findByText('Error: Not found.')).toBeInTheDocument();
  });

  it('Retrieve Data starts a retrieval and opens the new execution', async () => {
    const ui = userEvent.setup();
    const { dataProvider, location } = renderShow();
    await ui.click(await screen.findByRole('button', { name: 'Retrieve Data' }));
    expect(dataProvider.request).toHaveBeenCalledWith('POST', '/data-sources/1/retrieval/');
    await waitFor(() => expect(location().pathname).toBe('/executions/99'));
  });

  it("Retrieve Data shows the server's reason when it is refused", async () => {
    const ui = userEvent.setup();
    const base = requestWith();
    renderShow(detailed, {
      request: (method: string, path: string) =>
        method === 'POST' ? Promise.reject(new Error('A retrieval is already running.')) : base(method, path),
    });
    await ui.click(await screen.findByRole('button', { name: 'Retrieve Data' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A retrieval is already running.');
  });
});
