import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ExecutionList } from '../../../resources/executions/ExecutionList';
import { ExecutionShow } from '../../../resources/executions/ExecutionShow';
import { EXECUTION_POLL_MS } from '../../../src/constants';
import { formatDateTime } from '../../../src/format';
import { sortButton } from '../support/dataTable';
import { fakeDataProvider, page, renderInAdmin } from '../support/renderInAdmin';
import { dataSource, execution } from './dataOperationsFixtures';

afterEach(() => {
  vi.useRealTimers();
});

describe('ExecutionList', () => {
  const rows = [
    execution(1, { result: { exc_type: 'HttpError', exc_message: ['Blocked'] }, status: 'FAILURE' }),
    execution(2, { date_done: null, status: 'STARTED' }),
    execution(3, { data_source: null }),
  ];

  it('shows status links, data source, finished time and result type (N/A), the search box and the count', async () => {
    const dataProvider = fakeDataProvider({ getList: () => page(rows) });
    renderInAdmin(<ExecutionList />, { dataProvider, url: '/executions', path: '/executions' });
    expect(await screen.findByRole('link', { name: 'FAILURE' })).toHaveAttribute('href', '/executions/1');
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['Status', 'Data Source', 'Finished At', 'Result']);
    expect(headers.map((header) => header.getAttribute('aria-sort'))).toEqual([null, null, 'none', null]);
    expect(screen.queryByRole('checkbox')).toBeNull();
    const cells = (name: string) =>
      within(screen.getByRole('link', { name }).closest('tr') as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells('FAILURE')).toEqual(['FAILURE', 'Source 3', formatDateTime('2026-11-22T08:10:00Z'), 'HttpError']);
    expect(cells('STARTED')).toEqual(['STARTED', 'Source 3', 'N/A', 'N/A']);
    expect(cells('SUCCESS')).toEqual(['SUCCESS', 'N/A', formatDateTime('2026-11-22T08:10:00Z'), 'N/A']);
    expect(screen.getAllByRole('link', { name: 'Source 3' })[0]).toHaveAttribute('href', '/data-sources/3');
    // no data source, nothing to open: N/A is not a link
    expect(screen.queryByRole('link', { name: 'N/A' })).toBeNull();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveAttribute('placeholder', 'Search executions...');
    expect(screen.getByText('There are 3 executions')).toBeInTheDocument();
  });

  it('sorts by date_done', async () => {
    const ui = userEvent.setup();
    const dataProvider = fakeDataProvider({ getList: () => page(rows) });
    const { location } = renderInAdmin(<ExecutionList />, { dataProvider, url: '/executions', path: '/executions' });
    await screen.findByText('FAILURE');
    await ui.click(sortButton('Finished At'));
    await waitFor(() => expect(new URLSearchParams(location().search).get('ordering')).toBe('date_done'));
    await ui.click(sortButton('Finished At'));
    await waitFor(() => expect(new URLSearchParams(location().search).get('ordering')).toBe('-date_done'));
  });

  it("lists one data source's executions with ?data_source= and can drop that filter", async () => {
    const ui = userEvent.setup();
    const dataProvider = fakeDataProvider({
      getList: () => page(rows),
      getOne: () => Promise.resolve({ data: dataSource(3) }),
    });
    const { location } = renderInAdmin(<ExecutionList />, { dataProvider, url: '/executions?data_source=3', path: '/executions' });
    await screen.findByText('FAILURE');
    expect(dataProvider.getList.mock.calls[0][1].filter).toEqual(expect.objectContaining({ data_source: ['3'] }));
    const chip = await screen.findByRole('button', { name: 'Data source: Source 3' });
    await ui.click(within(chip).getByTestId('CancelIcon'));
    await waitFor(() => expect(new URLSearchParams(location().search).get('data_source')).toBeNull());
  });
});

describe('ExecutionShow', () => {
  const renderShow = (getOne: (...args: any[]) => unknown, request?: (...args: any[]) => unknown) => {
    const dataProvider = fakeDataProvider({ getOne, ...(request ? { request } : {}) });
    return { dataProvider, ...renderInAdmin(<ExecutionShow />, { dataProvider, url: '/executions/7', path: '/executions/:id' }) };
  };

  it('shows status, result messages, Finished At (the creation date), the times, the data source and the progress', async () => {
    const failed = execution(7, { status: 'FAILURE', result: { exc_type: 'HttpError', exc_message: ['Blocked', 'Try later'] } });
    renderShow(() => Promise.resolve({ data: failed }));
    await screen.findByRole('heading', { name: 'Execution 7' });
    const terms = screen.getAllByRole('term').map((term) => term.textContent);
    expect(terms.slice(0, 8)).toEqual(['Status', 'Result', 'Finished At', 'Started At', 'Done At', 'Data Source', 'Trigger', 'Attempts']);
    const value = (term: string) => screen.getAllByRole('definition')[terms.indexOf(term)];
    expect(value('Status')).toHaveTextContent('FAILURE');
    expect(value('Result')).toHaveTextContent('Blocked, Try later');
    expect(value('Finished At')).toHaveTextContent(formatDateTime('2026-11-22T08:00:00Z'));
    expect(value('Done At')).toHaveTextContent(formatDateTime('2026-11-22T08:10:00Z'));
    expect(within(value('Data Source')).getByRole('link', { name: 'Source 3' })).toHaveAttribute('href', '/data-sources/3');
    expect(value('Trigger')).toHaveTextContent('Manual');
    expect(value('Processed')).toHaveTextContent('50');
    expect(value('Failed')).toHaveTextContent('2');
    expect(screen.getByRole('progressbar', { name: 'Progress' })).toHaveAttribute('aria-valuenow', '25');
    expect(screen.getByText('50 of 200')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('refreshes a running execution every 2 seconds and stops once it finished', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answers = [
      execution(7, { status: 'PENDING', date_done: null }),
      execution(7, { status: 'STARTED', date_done: null }),
      execution(7, { status: 'SUCCESS' }),
    ];
    let calls = 0;
    const { dataProvider } = renderShow(() => Promise.resolve({ data: answers[Math.min(calls++, answers.length - 1)] }));
    expect(await screen.findByText('PENDING')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(EXECUTION_POLL_MS));
    expect(await screen.findByText('STARTED')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(EXECUTION_POLL_MS));
    expect(await screen.findByText('SUCCESS')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
    const finishedAfter = dataProvider.getOne.mock.calls.length;
    expect(finishedAfter).toBe(3);
    await act(() => vi.advanceTimersByTimeAsync(EXECUTION_POLL_MS * 3));
    expect(dataProvider.getOne.mock.calls.length).toBe(finishedAfter);
  });

  it('Cancel posts cancel/ and reloads the execution', async () => {
    const ui = userEvent.setup();
    let current = execution(7, {
      status: 'STARTED',
      date_done: null,
      progress: { total: null, processed: 3, created: 3, updated: 0, unchanged: 0, failed: 0 },
    });
    const { dataProvider } = renderShow(
      () => Promise.resolve({ data: current }),
      () => {
        current = execution(7, { status: 'REVOKED' });
        return Promise.resolve(current);
      },
    );
    await screen.findByText('STARTED');
    // total unknown while running: a moving bar without a value
    expect(screen.getByRole('progressbar', { name: 'Progress' })).not.toHaveAttribute('aria-valuenow');
    await ui.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(dataProvider.request).toHaveBeenCalledWith('POST', '/executions/7/cancel/');
    expect(await screen.findByText('REVOKED')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it("shows the server's message when the cancel is refused", async () => {
    const ui = userEvent.setup();
    renderShow(
      () => Promise.resolve({ data: execution(7, { status: 'RETRY', date_done: null }) }),
      () => Promise.reject(new Error('The execution already finished.')),
    );
    await ui.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The execution already finished.');
  });

  it("shows 'Error: …' when the execution cannot be loaded", async () => {
    renderShow(() => Promise.reject(new Error('Not found.')));
    expect(await screen.findByText('Error: Not found.')).toBeInTheDocument();
  });
});
