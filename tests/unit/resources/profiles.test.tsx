import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Cookies from 'js-cookie';
import type { Connection } from '../../../types/api';
import { createDataProvider } from '../../../dataProvider';
import { buildQueryString, listQueryParams } from '../../../dataProvider/queryString';
import { ProfileConnections } from '../../../resources/profiles/ProfileConnections';
import { ProfileList } from '../../../resources/profiles/ProfileList';
import { downloadProfilesCsv, exportUrl, filenameOf } from '../../../resources/profiles/exportProfiles';
import { sliderBounds } from '../../../resources/profiles/ratingRange';
import { fakeDataProvider, page, renderInAdmin } from '../support/renderInAdmin';
import { installFakeFetch } from '../support/fakeFetch';
import { dimensions, summary } from './profilesSupport';

function renderProfiles(url = '/profiles', overrides = {}) {
  const dataProvider = fakeDataProvider({
    getList: () => page([summary(1), summary(2, { tech_rating: null, entrepreneurial_spirit_rating: null }), summary(3)], 42),
    request: (method: string, path: string) =>
      method === 'GET' && path === '/profiles/dimensions/' ? Promise.resolve(dimensions) : Promise.reject(new Error('unexpected')),
    ...overrides,
  });
  return { dataProvider, ...renderInAdmin(<ProfileList />, { dataProvider, url, path: '/profiles' }) };
}

type Rendered = ReturnType<typeof renderProfiles>;

/** The filter of the latest getList call. */
const lastFilter = (dataProvider: Rendered['dataProvider']) => dataProvider.getList.mock.calls.at(-1)?.[1].filter;

/** The query string the API gets for the latest getList call (the dataProvider's own builder). */
const lastApiQuery = (dataProvider: Rendered['dataProvider']) =>
  buildQueryString(listQueryParams(dataProvider.getList.mock.calls.at(-1)?.[1]));

/** The selection box of the row that shows `text`. */
const rowCheckbox = (text: string) => within(screen.getByText(text).closest('tr') as HTMLElement).getByRole('checkbox');

/** The sort button of a column header. */
const sortButton = (header: string) => within(screen.getByRole('columnheader', { name: header })).getByRole('button');

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  Cookies.remove('fs_token');
});

describe('ProfileList table', () => {
  it('shows the title, the count, the eight sortable columns, N/A for missing ratings and links to the profile', async () => {
    renderProfiles();
    expect(await screen.findByRole('link', { name: 'First1' })).toHaveAttribute('href', '/profiles/1');
    expect(screen.getByRole('heading', { name: 'Profiles' })).toBeInTheDocument();
    expect(screen.getByText('There are 42 profiles')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveAttribute('placeholder', 'Search profiles...');
    const headers = screen.getAllByRole('columnheader').slice(1);
    expect(headers.map((header) => header.textContent)).toEqual([
      'First Name',
      'Last Name',
      'Created At',
      'Updated At',
      'Tech Rating',
      'Education Rating',
      'Leadership Experience Rating',
      'Entrepreneurial Intent Rating',
    ]);
    for (const header of headers) expect(header).toHaveAttribute('aria-sort', 'none');
    const cells = within(screen.getByRole('link', { name: 'First2' }).closest('tr') as HTMLElement).getAllByRole('cell');
    expect(cells.slice(5).map((cell) => cell.textContent)).toEqual(['N/A', '6', '5.25', 'N/A']);
    // rows are selectable: a box in every row, and 'Select all' above them
    const table = screen.getByRole('table', { name: 'Profiles' });
    for (const name of ['First1', 'First2', 'First3']) expect(rowCheckbox(name)).not.toBeChecked();
    expect(within(table).getAllByRole('checkbox')).toHaveLength(4);
    expect(within(table).getByRole('checkbox', { name: 'Select all' })).not.toBeChecked();
  });

  it('checks select-all only when every row of the page is selected', async () => {
    const ui = userEvent.setup();
    renderProfiles();
    await screen.findByText('First1');
    const selectAll = screen.getByRole('checkbox', { name: 'Select all' });
    await ui.click(rowCheckbox('First1'));
    await ui.click(rowCheckbox('First2'));
    expect(selectAll).not.toBeChecked();
    await ui.click(rowCheckbox('First3'));
    expect(selectAll).toBeChecked();
  });

  it("shows 'Loading...' in the table while the page loads", async () => {
    renderProfiles('/profiles', { getList: () => new Promise(() => undefined) });
    const table = await screen.findByRole('table', { name: 'Profiles' });
    expect(within(table).getByText('Loading...')).toBeInTheDocument();
  });

  it("says so when no profile matches, and shows 'Error: {message}' when the load fails", async () => {
    const { unmount } = renderProfiles('/profiles?gender=male', { getList: () => page([], 0) });
    expect(await screen.findByText('No profiles match these filters.')).toBeInTheDocument();
    expect(screen.getByText('There are 0 profiles')).toBeInTheDocument();
    unmount();
    renderProfiles('/profiles', { getList: () => Promise.reject(new Error('Server down')) });
    expect(await screen.findByText('Error: Server down')).toBeInTheDocument();
  });
});

describe('ProfileList address', () => {
  const address =
    '/profiles?data_sources=2&direction=desc&gender=female&gender=male&nationalities=DE&page=3&search=ann&sort=tech_rating' +
    '&tech_rating__gte=2&tech_rating__lte=7.5';

  it('sends every key of the address to the API: page, search, sort + direction as ordering, repeated filters, ranges', async () => {
    const { dataProvider } = renderProfiles(address);
    await screen.findByText('First1');
    expect(dataProvider.getList).toHaveBeenCalledTimes(1);
    expect(dataProvider.getList).toHaveBeenCalledWith(
      'profiles',
      expect.objectContaining({
        pagination: { page: 3, perPage: 10 },
        sort: { field: 'tech_rating', order: 'DESC' },
        filter: {
          search: 'ann',
          data_sources: ['2'],
          nationalities: ['DE'],
          gender: ['female', 'male'],
          tech_rating__gte: ['2'],
          tech_rating__lte: ['7.5'],
        },
      }),
    );
    // what the API gets: sort and direction as ordering, the repeated keys repeated
    expect(lastApiQuery(dataProvider)).toBe(
      'data_sources=2&gender=female&gender=male&nationalities=DE&ordering=-tech_rating&page=3&page_size=10&search=ann' +
        '&tech_rating__gte=2&tech_rating__lte=7.5',
    );
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('ann');
    expect(screen.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('columnheader', { name: 'Tech Rating' })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('checkbox', { name: 'Tech Rating' })).toBeChecked();
    expect(screen.getByRole('slider', { name: 'Tech Rating minimum' })).toHaveValue('2');
    expect(screen.getByRole('slider', { name: 'Tech Rating maximum' })).toHaveValue('7.5');
    expect(screen.getByRole('checkbox', { name: 'Education Rating' })).not.toBeChecked();
    expect(await screen.findByRole('button', { name: 'Public AI list' })).toBeInTheDocument();
  });

  it('writes sort and direction back with every other key kept: a new column ascending, the same one toggling', async () => {
    const ui = userEvent.setup();
    const { location } = renderProfiles(address);
    await screen.findByText('First1');
    await ui.click(sortButton('Last Name'));
    await waitFor(() =>
      expect(location().search).toBe(
        '?data_sources=2&direction=asc&gender=female&gender=male&nationalities=DE&page=1&search=ann&sort=last_name' +
          '&tech_rating__gte=2&tech_rating__lte=7.5',
      ),
    );
    expect(screen.getByRole('columnheader', { name: 'Last Name' })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('columnheader', { name: 'Tech Rating' })).toHaveAttribute('aria-sort', 'none');
    await ui.click(sortButton('Last Name'));
    await waitFor(() => expect(new URLSearchParams(location().search).get('direction')).toBe('desc'));
    expect(new URLSearchParams(location().search).get('sort')).toBe('last_name');
    expect(screen.getByRole('columnheader', { name: 'Last Name' })).toHaveAttribute('aria-sort', 'descending');
    await ui.click(sortButton('Last Name'));
    await waitFor(() => expect(new URLSearchParams(location().search).get('direction')).toBe('asc'));
  });

  it('sorts by every one of the eight columns, each new column ascending first', async () => {
    const ui = userEvent.setup();
    const { location, dataProvider } = renderProfiles();
    await screen.findByText('First1');
    const columns: [string, string][] = [
      ['First Name', 'first_name'],
      ['Last Name', 'last_name'],
      ['Created At', 'created_at'],
      ['Updated At', 'updated_at'],
      ['Tech Rating', 'tech_rating'],
      ['Education Rating', 'education_rating'],
      ['Leadership Experience Rating', 'professional_experience_rating'],
      ['Entrepreneurial Intent Rating', 'entrepreneurial_spirit_rating'],
    ];
    for (const [header, field] of columns) {
      await ui.click(sortButton(header));
      await waitFor(() => expect(location().search).toBe(`?direction=asc&page=1&sort=${field}`));
      await waitFor(() => expect(lastApiQuery(dataProvider)).toBe(`ordering=${field}&page=1&page_size=10`));
    }
  });

  it('goes to another page and back to page 1 on a new search, keeping the filters', async () => {
    const ui = userEvent.setup();
    const { location, dataProvider } = renderProfiles('/profiles?gender=male&nationalities=AT&nationalities=DE');
    await screen.findByText('First1');
    await ui.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(location().search).toBe('?gender=male&nationalities=AT&nationalities=DE&page=2'));
    await waitFor(() =>
      expect(dataProvider.getList).toHaveBeenLastCalledWith('profiles', expect.objectContaining({ pagination: { page: 2, perPage: 10 } })),
    );
    await ui.type(screen.getByRole('searchbox', { name: 'Search' }), 'rust');
    expect(location().search).toBe('?gender=male&nationalities=AT&nationalities=DE&page=2');
    await ui.keyboard('{Enter}');
    await waitFor(() => expect(location().search).toBe('?gender=male&nationalities=AT&nationalities=DE&page=1&search=rust'));
    await waitFor(() =>
      expect(lastApiQuery(dataProvider)).toBe('gender=male&nationalities=AT&nationalities=DE&page=1&page_size=10&search=rust'),
    );
  });

  it('adds a chosen nationality, shown by country name and code, as a repeated key', async () => {
    const ui = userEvent.setup();
    const { location } = renderProfiles('/profiles?nationalities=AT');
    await screen.findByText('First1');
    await ui.click(screen.getByRole('combobox', { name: 'Nationalities' }));
    await ui.click(await screen.findByRole('option', { name: 'Germany (DE)' }));
    await waitFor(() => expect(location().search).toBe('?nationalities=AT&nationalities=DE&page=1'));
    expect(screen.getByRole('button', { name: 'Austria (AT)' })).toBeInTheDocument();
  });

  it('offers the data sources by name and genders by their label, sent as their ids and values', async () => {
    const ui = userEvent.setup();
    const { location, dataProvider } = renderProfiles();
    await screen.findByText('First1');
    await ui.click(screen.getByRole('combobox', { name: 'Data Sources' }));
    await ui.click(await screen.findByRole('option', { name: 'Public AI list' }));
    await waitFor(() => expect(location().search).toBe('?data_sources=2&page=1'));
    await ui.click(screen.getByRole('combobox', { name: 'Genders' }));
    await ui.click(await screen.findByRole('option', { name: 'Female' }));
    await waitFor(() => expect(location().search).toBe('?data_sources=2&gender=female&page=1'));
    await waitFor(() => expect(lastFilter(dataProvider)).toEqual({ data_sources: ['2'], gender: ['female'] }));
  });
});

describe('ProfileList rating ranges', () => {
  it('sends no range while its checkbox is off, and keeps the slider disabled', async () => {
    const { dataProvider } = renderProfiles();
    await screen.findByText('First1');
    for (const name of ['Tech Rating', 'Education Rating', 'Leadership Experience Rating', 'Entrepreneurial Intent Rating']) {
      expect(screen.getByRole('checkbox', { name })).not.toBeChecked();
      expect(screen.getByRole('slider', { name: `${name} minimum` })).toBeDisabled();
      expect(screen.getByRole('slider', { name: `${name} maximum` })).toBeDisabled();
    }
    expect(Object.keys(lastFilter(dataProvider))).toEqual([]);
  });

  it('sends both bounds once checked (the server range widened to 0.1, 0 to 1 when none), and none once unchecked', async () => {
    const ui = userEvent.setup();
    const { dataProvider, location } = renderProfiles();
    await screen.findByText('First1');
    await waitFor(() => expect(screen.getByRole('slider', { name: 'Tech Rating maximum' })).toHaveAttribute('aria-valuemax', '8.8'));
    await ui.click(screen.getByRole('checkbox', { name: 'Tech Rating' }));
    await waitFor(() => expect(location().search).toBe('?page=1&tech_rating__gte=1.2&tech_rating__lte=8.8'));
    await waitFor(() => expect(lastFilter(dataProvider)).toEqual({ tech_rating__gte: ['1.2'], tech_rating__lte: ['8.8'] }));
    expect(screen.getByRole('slider', { name: 'Tech Rating minimum' })).toBeEnabled();

    await ui.click(screen.getByRole('checkbox', { name: 'Education Rating' }));
    await waitFor(() => expect(new URLSearchParams(location().search).get('education_rating__gte')).toBe('0'));
    expect(new URLSearchParams(location().search).get('education_rating__lte')).toBe('1');

    await ui.click(screen.getByRole('checkbox', { name: 'Tech Rating' }));
    await waitFor(() => expect(location().search).toBe('?education_rating__gte=0&education_rating__lte=1&page=1'));
    expect(screen.getByRole('slider', { name: 'Tech Rating minimum' })).toBeDisabled();
    await waitFor(() => expect(lastFilter(dataProvider)).toEqual({ education_rating__gte: ['0'], education_rating__lte: ['1'] }));
  });

  it('moves a bound by the step of 0.1', async () => {
    const ui = userEvent.setup();
    const { location } = renderProfiles('/profiles?tech_rating__gte=2&tech_rating__lte=7.5');
    await screen.findByText('First1');
    const minimum = screen.getByRole('slider', { name: 'Tech Rating minimum' });
    expect(minimum).toHaveAttribute('step', '0.1');
    minimum.focus();
    await ui.keyboard('{ArrowRight}');
    await waitFor(() => expect(location().search).toBe('?page=1&tech_rating__gte=2.1&tech_rating__lte=7.5'));
  });

  it('spans 0 to 1 when the server gives no range', () => {
    expect(sliderBounds(undefined, 'tech_rating')).toEqual([0, 1]);
    expect(sliderBounds(dimensions, 'education_rating')).toEqual([0, 1]);
    expect(sliderBounds(dimensions, 'tech_rating')).toEqual([1.2, 8.8]);
    expect(sliderBounds(dimensions, 'entrepreneurial_spirit_rating')).toEqual([0, 10]);
  });

  it('only logs a failed dimensions fetch; the list still works', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderProfiles('/profiles', { request: () => Promise.reject(new Error('Server down')) });
    await screen.findByText('First1');
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Failed to fetch dimensions.', expect.any(Error)));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('slider', { name: 'Tech Rating maximum' })).toHaveAttribute('aria-valuemax', '1');
  });
});

describe('ProfileList bulk actions and header', () => {
  async function chooseAction(ui: ReturnType<typeof userEvent.setup>, action: string) {
    await ui.click(screen.getByRole('button', { name: 'Select Action' }));
    await ui.click(screen.getByRole('menuitem', { name: action }));
  }

  it("'Add to List' opens add-profiles with the selected ids as repeated id keys", async () => {
    const ui = userEvent.setup();
    const { location } = renderProfiles();
    await screen.findByText('First1');
    await ui.click(rowCheckbox('First1'));
    await ui.click(rowCheckbox('First3'));
    await chooseAction(ui, 'Add to List');
    await waitFor(() => expect(location().pathname).toBe('/profile-lists/add-profiles'));
    expect(location().search).toBe('?id=1&id=3');
  });

  it("'Remove from List' opens remove-profiles with the selected ids", async () => {
    const ui = userEvent.setup();
    const { location } = renderProfiles();
    await screen.findByText('First1');
    await ui.click(rowCheckbox('First2'));
    await chooseAction(ui, 'Remove from List');
    await waitFor(() => expect(`${location().pathname}${location().search}`).toBe('/profile-lists/remove-profiles?id=2'));
  });

  it('does nothing without a selected row', async () => {
    const ui = userEvent.setup();
    const { location } = renderProfiles('/profiles?search=ann');
    await screen.findByText('First1');
    await chooseAction(ui, 'Add to List');
    await chooseAction(ui, 'Remove from List');
    expect(`${location().pathname}${location().search}`).toBe('/profiles?search=ann');
  });

  it("'Save Search' carries the current query string to /searches/create", async () => {
    renderProfiles('/profiles?direction=desc&gender=female&search=ann&sort=tech_rating');
    await screen.findByText('First1');
    expect(screen.getByRole('link', { name: 'Save Search' })).toHaveAttribute(
      'href',
      '/searches/create?direction=desc&gender=female&search=ann&sort=tech_rating',
    );
  });

  it("'Save Search' follows the query as it changes", async () => {
    const ui = userEvent.setup();
    renderProfiles('/profiles?gender=female');
    await screen.findByText('First1');
    await ui.click(sortButton('Tech Rating'));
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Save Search' })).toHaveAttribute(
        'href',
        '/searches/create?direction=asc&gender=female&page=1&sort=tech_rating',
      ),
    );
  });

  it("'Export' downloads the CSV of the same query with the Token header, named by the server", async () => {
    const ui = userEvent.setup();
    Cookies.set('fs_token', 'secret-token');
    const fetchMock = vi.fn(() =>
      Promise.resolve(
        new Response('id,first_name\n1,Ada\n', {
          status: 200,
          headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="profiles-20261122.csv"' },
        }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    URL.createObjectURL = vi.fn(() => 'blob:csv');
    URL.revokeObjectURL = vi.fn();
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(`${this.download} ${this.getAttribute('href')}`);
    });
    renderProfiles('/profiles?direction=desc&gender=female&page=2&search=ann&sort=tech_rating&tech_rating__gte=2&tech_rating__lte=9');
    await screen.findByText('First1');
    await ui.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(clicked).toEqual(['profiles-20261122.csv blob:csv']));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/profiles/export/?gender=female&ordering=-tech_rating&search=ann&tech_rating__gte=2&tech_rating__lte=9');
    expect(new Headers(init.headers).get('Authorization')).toBe('Token secret-token');
    const blob = (URL.createObjectURL as unknown as ReturnType<typeof vi.fn>).mock.calls[0][0] as Blob;
    expect(blob.type).toBe('text/csv');
    expect(await blob.text()).toBe('id,first_name\n1,Ada\n');
  });

  it("an export refused with 401 rejects with the server's message and ends the session, as every call does", async () => {
    installFakeFetch({ 'GET /api/v1/profiles/export/': { status: 401, body: { errors: ['Invalid token.'] } } });
    Cookies.set('fs_token', 'stale', { path: '/' });
    URL.createObjectURL = vi.fn(() => 'blob:csv');
    const query = { page: 1, pageSize: 10, search: '', ordering: '', filters: {} };
    await expect(downloadProfilesCsv(query)).rejects.toMatchObject({ status: 401, message: 'Invalid token.' });
    expect(Cookies.get('fs_token')).toBeUndefined();
    expect(URL.createObjectURL).not.toHaveBeenCalled();
  });

  it('builds the export address and reads the file name', () => {
    expect(exportUrl({ page: 4, pageSize: 10, search: '', ordering: '', filters: {} })).toBe('/api/v1/profiles/export/');
    expect(filenameOf(null)).toBe('profiles.csv');
    expect(filenameOf("attachment; filename*=UTF-8''profiles%20all.csv")).toBe('profiles all.csv');
  });
});

describe('ProfileConnections', () => {
  const connection = (id: number, degree: number): Connection =>
    ({ id, external_id: `person-${id}`, first_name: `Friend${id}`, last_name: `Last${id}`, degree }) as Connection;

  function renderConnections(url = '/profiles/5/connections', count = 23) {
    const fetched = installFakeFetch({
      'GET /api/v1/profiles/5/connections': () => ({ body: { count, results: [connection(8, 1), connection(9, 2)] } }),
    });
    const rendered = renderInAdmin(<ProfileConnections />, { dataProvider: createDataProvider(), url, path: '/profiles/:id/connections' });
    return { ...rendered, calls: fetched.calls };
  }

  it('shows ID (linking to the profile), External ID, First Name, Last Name and Connection Degree, unsorted and unselectable', async () => {
    const { calls } = renderConnections();
    expect(await screen.findByRole('link', { name: '8' })).toHaveAttribute('href', '/profiles/8');
    expect(calls.map((call) => call.url)).toEqual(['/api/v1/profiles/5/connections?page=1&page_size=10']);
    expect(screen.getByRole('heading', { level: 1, name: 'Connections' })).toBeInTheDocument();
    expect(screen.getByText('There are 23 connections')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Connections' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['ID', 'External ID', 'First Name', 'Last Name', 'Connection Degree']);
    for (const header of headers) {
      expect(header).not.toHaveAttribute('aria-sort');
      expect(within(header).queryByRole('button')).toBeNull();
    }
    const cells = within(screen.getByRole('link', { name: '9' }).closest('tr') as HTMLElement).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual(['9', 'person-9', 'Friend9', 'Last9', '2']);
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Select Action' })).not.toBeInTheDocument();
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Profile' })).toHaveAttribute('href', '/profiles/5');
  });

  it('pages with First and Last, keeping page and page_size in the address', async () => {
    const ui = userEvent.setup();
    const { calls, location } = renderConnections('/profiles/5/connections?page=2&page_size=10');
    await screen.findByText('Friend8');
    expect(calls.at(-1)?.url).toBe('/api/v1/profiles/5/connections?page=2&page_size=10');
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    expect(within(pager).getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
    await ui.click(within(pager).getByRole('button', { name: 'Last' }));
    await waitFor(() => expect(location().search).toBe('?page=3&page_size=10'));
    await waitFor(() => expect(calls.at(-1)?.url).toBe('/api/v1/profiles/5/connections?page=3&page_size=10'));
    await ui.click(within(pager).getByRole('button', { name: 'First' }));
    await waitFor(() => expect(location().search).toBe('?page=1&page_size=10'));
    await waitFor(() => expect(calls.at(-1)?.url).toBe('/api/v1/profiles/5/connections?page=1&page_size=10'));
  });

  it('says so when the profile has no connections, and shows the error of a failed load', async () => {
    const { unmount } = renderConnections('/profiles/5/connections', 0);
    expect(await screen.findByText('This profile has no connections.')).toBeInTheDocument();
    unmount();
    installFakeFetch({ 'GET /api/v1/profiles/5/connections': { status: 404, body: { errors: ['Not found.'] } } });
    renderInAdmin(<ProfileConnections />, {
      dataProvider: createDataProvider(),
      url: '/profiles/5/connections',
      path: '/profiles/:id/connections',
    });
    expect(await screen.findByText('Error: Not found.')).toBeInTheDocument();
  });

  it('says the profile id is missing when the address has none', () => {
    renderInAdmin(<ProfileConnections />, {
      dataProvider: createDataProvider(),
      url: '/profiles/abc/connections',
      path: '/profiles/:id/connections',
    });
    expect(screen.getByText('Profile ID is missing.')).toBeInTheDocument();
  });
});
