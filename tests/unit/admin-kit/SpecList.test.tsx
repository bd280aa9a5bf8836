// The kit's list screen (SPEC §2 Shared list behaviour) on react-admin's <ListBase> and
// <DataTable>, rendered in <AdminContext> with a mocked dataProvider: the address keys, search on
// Enter, click-to-toggle sorting, the First/Last pager, the selection of one page, per-item bulk
// actions reported in one banner, a resource's own filters, loading and errors.
import { describe, expect, it, vi, afterEach } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router-dom';
import { DataTable, HttpError, ResourceDefinitionContextProvider } from 'react-admin';
import { SpecList } from '../../../src/admin-kit/list/SpecList';
import { SelectAction } from '../../../src/admin-kit/list/SelectAction';
import { deleteEach } from '../../../src/admin-kit/list/bulkActions';
import { CountField, DateTimeField, ShowLinkField, YesNoField } from '../../../src/admin-kit/fields';
import type { ListFilterDeclaration, ListFilterProps } from '../../../src/admin-kit/list/types';
import { BULK_RESULT_HIDE_MS } from '../../../src/constants';
import { fakeDataProvider, page, renderInAdmin } from '../support/renderInAdmin';

interface Thing {
  id: number;
  name: string;
  location: string | null;
  created_at: string;
  public: boolean;
  members: number[];
}

const thing = (id: number, change: Partial<Thing> = {}): Thing => ({
  id,
  name: `Thing ${id}`,
  location: null,
  created_at: '2026-11-22T14:03:05Z',
  public: id % 2 === 0,
  members: [1, 2, 3].slice(0, id % 4),
  ...change,
});

// Plain texts instead of keys: the catalogue lets missing keys through as they are.
function ThingList({ filters }: { filters?: ListFilterDeclaration[] }) {
  return (
    <SpecList
      resource="things"
      title="Things"
      subtitle="There are %{count} things"
      search="Search things..."
      create={{ label: 'Create Thing', to: '/things/create' }}
      filters={filters}
    >
      <DataTable
        bulkActionsToolbar={
          <SelectAction
            actions={[
              deleteEach({ success: 'Deletion completed for %{count} things.', failure: 'Failed for %{count} things: %{reasons}' }),
            ]}
          />
        }
      >
        <DataTable.Col source="name" label="Name" field={ShowLinkField} />
        <DataTable.Col source="location" label="Location" disableSort render={(record: Thing) => record.location ?? 'N/A'} />
        <DataTable.Col source="created_at" label="Created At" field={DateTimeField} />
        <DataTable.Col source="public" label="Public" disableSort field={YesNoField} />
        <DataTable.Col source="members" label="Members" disableSort field={CountField} />
      </DataTable>
    </SpecList>
  );
}

function renderThings(url = '/things', overrides = {}) {
  const dataProvider = fakeDataProvider({
    getList: () => page([thing(1), thing(2), thing(3)], 23),
    ...overrides,
  });
  const rendered = renderInAdmin(<ThingList />, { dataProvider, url, path: '/things' });
  return { dataProvider, ...rendered };
}

const rowCheckbox = (name: string) => within(screen.getByText(name).closest('tr') as HTMLElement).getByRole('checkbox');
const selectAll = () => screen.getByRole('checkbox', { name: 'Select all' });
const lastListCall = (dataProvider: ReturnType<typeof renderThings>['dataProvider']) => dataProvider.getList.mock.calls.at(-1)?.[1];

afterEach(() => {
  vi.useRealTimers();
});

describe('SpecList loading and errors', () => {
  it("shows 'Loading...' in the table while the page loads", async () => {
    renderThings('/things', { getList: () => new Promise(() => undefined) });
    const table = await screen.findByRole('table', { name: 'Things' });
    expect(within(table).getByText('Loading...')).toBeInTheDocument();
  });

  it("shows 'Error: {message}' when the load fails", async () => {
    renderThings('/things', { getList: () => Promise.reject(new Error('You do not have permission.')) });
    expect(await screen.findByText('Error: You do not have permission.')).toBeInTheDocument();
  });

  it("shows 'An unknown error occurred' for a failure that is not an Error", async () => {
    renderThings('/things', { getList: () => Promise.reject('boom') });
    expect(await screen.findByText('An unknown error occurred')).toBeInTheDocument();
  });

  it('shows a friendly text for an empty list, and no checked select-all box', async () => {
    renderThings('/things', { getList: () => page([], 0) });
    expect(await screen.findByText('No results found.')).toBeInTheDocument();
    expect(screen.getByText('There are 0 things')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { checked: true })).toBeNull();
  });
});

describe('SpecList rows', () => {
  it('renders the columns, the count subtitle and the create button', async () => {
    renderThings();
    const link = await screen.findByRole('link', { name: 'Thing 2' });
    expect(link).toHaveAttribute('href', '/things/2');
    expect(screen.getByText('There are 23 things')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Things' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Things' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Thing' })).toHaveAttribute('href', '/things/create');
    const row = link.closest('tr') as HTMLElement;
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    // checkbox, name, location (N/A), created_at, public, members
    expect(cells.slice(1)).toEqual(['Thing 2', 'N/A', expect.stringMatching(/^2[23] Nov 2026, \d\d:03:05$/), 'Yes', '2']);
  });

  it("does not open react-admin's /{resource}/{id}/show on a click in a row: the link column leads to the detail", async () => {
    const user = userEvent.setup();
    const dataProvider = fakeDataProvider({ getList: () => page([thing(1), thing(2)], 2) });
    const { location } = renderInAdmin(
      <ResourceDefinitionContextProvider definitions={{ things: { name: 'things', hasShow: true, hasEdit: true } }}>
        <ThingList />
      </ResourceDefinitionContextProvider>,
      { dataProvider, url: '/things', path: '/things' },
    );
    const link = await screen.findByRole('link', { name: 'Thing 2' });
    await user.click(within(link.closest('tr') as HTMLElement).getAllByRole('cell')[2]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(location().pathname).toBe('/things');
    await user.click(link);
    await waitFor(() => expect(location().pathname).toBe('/things/2'));
  });

  it('asks the dataProvider for page 1 of 10, no ordering and no filter on a bare address', async () => {
    const { dataProvider } = renderThings();
    await screen.findByText('Thing 1');
    expect(dataProvider.getList).toHaveBeenCalledTimes(1);
    expect(lastListCall(dataProvider)).toMatchObject({ pagination: { page: 1, perPage: 10 }, filter: {} });
    expect(lastListCall(dataProvider).sort.field).toBe('');
  });

  it('passes page, search and ordering from the address to the dataProvider in one call', async () => {
    const { dataProvider } = renderThings('/things?ordering=-created_at&page=2&page_size=10&search=ann');
    await screen.findByText('Thing 1');
    expect(dataProvider.getList).toHaveBeenCalledTimes(1);
    expect(lastListCall(dataProvider)).toMatchObject({
      pagination: { page: 2, perPage: 10 },
      sort: { field: 'created_at', order: 'DESC' },
      filter: { search: 'ann' },
    });
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('ann');
  });
});

describe('SpecList search', () => {
  it('submits only on Enter and goes back to page 1', async () => {
    const user = userEvent.setup();
    const { dataProvider, location } = renderThings('/things?page=3&page_size=10');
    await screen.findByText('Thing 1');
    const box = screen.getByRole('searchbox', { name: 'Search' });
    expect(box).toHaveAttribute('placeholder', 'Search things...');
    await user.type(box, 'ann');
    expect(location().search).toBe('?page=3&page_size=10');
    const callsBeforeEnter = dataProvider.getList.mock.calls.length;
    await user.tab();
    expect(location().search).toBe('?page=3&page_size=10');
    expect(dataProvider.getList.mock.calls.length).toBe(callsBeforeEnter);
    await user.click(box);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(location().search).toBe('?page=1&page_size=10&search=ann'));
    await waitFor(() =>
      expect(lastListCall(dataProvider)).toMatchObject({ pagination: { page: 1, perPage: 10 }, filter: { search: 'ann' } }),
    );
  });
});

describe('SpecList sorting', () => {
  it('toggles a sortable column ascending, descending, ascending', async () => {
    const user = userEvent.setup();
    const { location } = renderThings();
    await screen.findByText('Thing 1');
    const header = () => screen.getByRole('columnheader', { name: /Name/ });
    expect(header()).toHaveAttribute('aria-sort', 'none');
    await user.click(within(header()).getByRole('button'));
    await waitFor(() => expect(location().search).toBe('?ordering=name&page=1&page_size=10'));
    expect(header()).toHaveAttribute('aria-sort', 'ascending');
    await user.click(within(header()).getByRole('button'));
    await waitFor(() => expect(location().search).toBe('?ordering=-name&page=1&page_size=10'));
    expect(header()).toHaveAttribute('aria-sort', 'descending');
    await user.click(within(header()).getByRole('button'));
    await waitFor(() => expect(location().search).toBe('?ordering=name&page=1&page_size=10'));
  });

  it('offers no sorting on columns that are not sortable', async () => {
    renderThings();
    await screen.findByText('Thing 1');
    const header = screen.getByRole('columnheader', { name: 'Location' });
    expect(header).not.toHaveAttribute('aria-sort');
    expect(within(header).queryByRole('button')).toBeNull();
  });

  it('follows the address when it changes from elsewhere (a link, the back button)', async () => {
    const user = userEvent.setup();
    const dataProvider = fakeDataProvider({ getList: () => page([thing(1), thing(2), thing(3)], 23) });
    const { location } = renderInAdmin(
      <>
        <Link to="/things?ordering=-created_at&page=2&page_size=10&search=ann">Elsewhere</Link>
        <ThingList />
      </>,
      { dataProvider, url: '/things?ordering=name&page=3&page_size=10', path: '/things' },
    );
    await screen.findByText('Thing 1');
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await waitFor(() =>
      expect(lastListCall(dataProvider)).toMatchObject({
        pagination: { page: 2, perPage: 10 },
        sort: { field: 'created_at', order: 'DESC' },
        filter: { search: 'ann' },
      }),
    );
    expect(location().search).toBe('?ordering=-created_at&page=2&page_size=10&search=ann');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('ann');
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  });
});

describe('SpecList pager', () => {
  it('has First, Previous, a window of two pages each side, Next and Last', async () => {
    const user = userEvent.setup();
    const { location } = renderThings('/things?page=2&page_size=10');
    await screen.findByText('Thing 1');
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    const pages = within(pager)
      .getAllByRole('button', { name: /^Page / })
      .map((button) => button.textContent);
    expect(pages).toEqual(['1', '2', '3']);
    expect(within(pager).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await user.click(within(pager).getByRole('button', { name: 'Last' }));
    await waitFor(() => expect(location().search).toBe('?page=3&page_size=10'));
    expect(within(pager).getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.click(within(pager).getByRole('button', { name: 'First' }));
    await waitFor(() => expect(location().search).toBe('?page=1&page_size=10'));
    expect(within(pager).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(location().search).toBe('?page=2&page_size=10'));
  });
});

describe('SpecList selection', () => {
  it('checks select-all only when every row is selected', async () => {
    const user = userEvent.setup();
    renderThings();
    await screen.findByText('Thing 1');
    expect(selectAll()).not.toBeChecked();
    await user.click(rowCheckbox('Thing 1'));
    await user.click(rowCheckbox('Thing 2'));
    expect(selectAll()).not.toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent('2 items selected');
    await user.click(rowCheckbox('Thing 3'));
    expect(selectAll()).toBeChecked();
    await user.click(rowCheckbox('Thing 2'));
    expect(selectAll()).not.toBeChecked();
  });

  it('names each selection box on its input (the wrapper has no label of its own)', async () => {
    renderThings();
    await screen.findByText('Thing 1');
    const box = rowCheckbox('Thing 1');
    expect(box).toHaveAccessibleName('Select this row');
    expect(box.closest('.MuiCheckbox-root')).not.toHaveAttribute('aria-label');
    expect(selectAll()).toHaveAccessibleName('Select all');
  });

  it('select-all selects every row of the page, and clears them when all are selected', async () => {
    const user = userEvent.setup();
    renderThings();
    await screen.findByText('Thing 1');
    const checked = () => ['Thing 1', 'Thing 2', 'Thing 3'].map((name) => (rowCheckbox(name) as HTMLInputElement).checked);
    await user.click(selectAll());
    expect(checked()).toEqual([true, true, true]);
    await user.click(selectAll());
    expect(checked()).toEqual([false, false, false]);
  });

  it('belongs to its page: another page starts with nothing selected', async () => {
    const user = userEvent.setup();
    renderThings();
    await screen.findByText('Thing 1');
    await user.click(rowCheckbox('Thing 1'));
    await user.click(within(screen.getByRole('navigation', { name: 'Pagination' })).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page'));
    await waitFor(() => expect(rowCheckbox('Thing 1')).not.toBeChecked());
  });
});

describe('SpecList per-item bulk actions', () => {
  async function deleteSelected(user: ReturnType<typeof userEvent.setup>, names: string[]) {
    for (const name of names) await user.click(rowCheckbox(name));
    await user.click(screen.getByRole('button', { name: 'Select Action' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
  }
  const deleted = (_resource: string, { id }: { id: number }) => Promise.resolve({ data: { id } });

  it('reports success in a success banner, reloads the list and clears the selection', async () => {
    const user = userEvent.setup();
    const { dataProvider } = renderThings('/things', { delete: deleted });
    await screen.findByText('Thing 1');
    const loads = dataProvider.getList.mock.calls.length;
    await deleteSelected(user, ['Thing 1', 'Thing 3']);
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Deletion completed for 2 things.');
    expect(banner).not.toHaveTextContent('Failed');
    expect(banner.className).toMatch(/Success/);
    expect(dataProvider.delete.mock.calls.map(([resource, { id }]) => [resource, id])).toEqual([
      ['things', 1],
      ['things', 3],
    ]);
    await waitFor(() => expect(dataProvider.getList.mock.calls.length).toBeGreaterThan(loads));
    expect(rowCheckbox('Thing 1')).not.toBeChecked();
    expect(rowCheckbox('Thing 3')).not.toBeChecked();
  });

  it('adds the failures with their reasons and takes the error style on a partial failure', async () => {
    const user = userEvent.setup();
    renderThings('/things', {
      delete: (_resource: string, { id }: { id: number }) =>
        id === 1 ? Promise.resolve({ data: { id } }) : Promise.reject(new HttpError('You do not have permission to do this.', 403, {})),
    });
    await screen.findByText('Thing 1');
    await deleteSelected(user, ['Thing 1', 'Thing 2', 'Thing 3']);
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toBe('Deletion completed for 1 things. Failed for 2 things: You do not have permission to do this.');
    expect(banner.className).toMatch(/Error/);
  });

  it('keeps the banner when the action empties the page', async () => {
    const user = userEvent.setup();
    let rows = [thing(1)];
    renderThings('/things', { delete: deleted, getList: () => page(rows, rows.length) });
    await screen.findByText('Thing 1');
    rows = [];
    await deleteSelected(user, ['Thing 1']);
    expect(await screen.findByText('No results found.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Deletion completed for 1 things.');
  });

  it('hides the banner after BULK_RESULT_HIDE_MS', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderThings('/things', { delete: deleted });
    await screen.findByText('Thing 1');
    await deleteSelected(user, ['Thing 1']);
    expect(await screen.findByRole('alert')).toHaveTextContent('Deletion completed for 1 things.');
    act(() => vi.advanceTimersByTime(BULK_RESULT_HIDE_MS - 1000));
    expect(screen.getByRole('alert')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('does nothing when no row is selected', async () => {
    const user = userEvent.setup();
    const { dataProvider } = renderThings();
    await screen.findByText('Thing 1');
    await user.click(screen.getByRole('button', { name: 'Select Action' }));
    await user.click(screen.getByRole('menuitem', { name: 'Delete' }));
    expect(dataProvider.delete).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

function GenderFilter({ values, onChange }: ListFilterProps) {
  return (
    <button type="button" onClick={() => onChange({ gender: ['female', 'male'] })}>
      {`genders: ${(values.gender ?? []).join(',')}`}
    </button>
  );
}

describe('SpecList extra filters', () => {
  it('reads its keys from the address, writes them sorted and goes back to page 1', async () => {
    const user = userEvent.setup();
    const dataProvider = fakeDataProvider({ getList: () => page([thing(1)], 1) });
    const { location } = renderInAdmin(<ThingList filters={[{ keys: ['gender'], component: GenderFilter }]} />, {
      dataProvider,
      url: '/things?gender=x&page=3&page_size=10',
      path: '/things',
    });
    expect(await screen.findByRole('button', { name: 'genders: x' })).toBeInTheDocument();
    expect(dataProvider.getList).toHaveBeenCalledWith('things', expect.objectContaining({ filter: { gender: ['x'] } }));
    await user.click(screen.getByRole('button', { name: 'genders: x' }));
    await waitFor(() => expect(location().search).toBe('?gender=female&gender=male&page=1&page_size=10'));
    await waitFor(() =>
      expect(dataProvider.getList.mock.calls.at(-1)?.[1]).toMatchObject({
        pagination: { page: 1, perPage: 10 },
        filter: { gender: ['female', 'male'] },
      }),
    );
  });
});
