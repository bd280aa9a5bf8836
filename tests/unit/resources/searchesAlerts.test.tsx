// Saved-search alerts in the app (issue 18): the watch switch on each row of My Searches and on the
// detail (a PUT of the search's name, query and settings; a refusal shown beside it), the detail's
// query told as filters, its priority and delivery saved as chosen, and where the watch stands.
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SavedSearch } from '../../../types/api';
import { SearchList } from '../../../resources/searches/SearchList';
import { SearchShow } from '../../../resources/searches/SearchShow';
import { queryParts } from '../../../resources/searches/savedQuery';
import { fakeDataProvider, page, renderInAdmin } from '../support/renderInAdmin';
import { savedSearch } from './searchesSupport';

const search = savedSearch;

/** The dataProvider's update as the API answers it: the record with the body's fields. */
const updating =
  (base: SavedSearch) =>
  (_resource: string, { data }: { data: Partial<SavedSearch> }) =>
    Promise.resolve({ data: { ...base, ...data, watched_at: data.watched ? '2026-11-26T08:00:00Z' : null } });

describe('the watch switch in My Searches', () => {
  it('watches a search with a PUT of its name, query and settings, and links to its detail', async () => {
    const ui = userEvent.setup();
    const dataProvider = fakeDataProvider({ getList: () => page([search()]), update: updating(search()) });
    renderInAdmin(<SearchList />, { dataProvider, url: '/searches', path: '/searches' });
    const toggle = await screen.findByRole('switch', { name: 'Watch “Berlin founders”' });
    expect(toggle).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Details of “Berlin founders”' })).toHaveAttribute('href', '/searches/7');
    await ui.click(toggle);
    await waitFor(() => expect(toggle).toBeChecked());
    expect(dataProvider.update).toHaveBeenCalledWith(
      'searches',
      expect.objectContaining({
        id: 7,
        data: { name: 'Berlin founders', url: search().url, watched: true, priority: 'High', notification_type: 'Email' },
      }),
    );
  });

  it('leaves the switch as it was and says why when the change is refused', async () => {
    const ui = userEvent.setup();
    const dataProvider = fakeDataProvider({
      getList: () => page([search({ watched: true, baseline_at: '2026-11-21T10:00:00Z' })]),
      update: () => Promise.reject(new Error('Not found.')),
    });
    renderInAdmin(<SearchList />, { dataProvider, url: '/searches', path: '/searches' });
    const toggle = await screen.findByRole('switch', { name: 'Watch “Berlin founders”' });
    await ui.click(toggle);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not save: Not found.');
    expect(toggle).toBeChecked();
  });
});

describe('the saved search detail', () => {
  const show = (record: SavedSearch, update = updating(record)) => {
    const dataProvider = fakeDataProvider({
      getOne: () => Promise.resolve({ data: record }),
      getMany: () => Promise.resolve({ data: [{ id: 3, name: 'Founders feed' }] }),
      update,
    });
    renderInAdmin(<SearchShow />, { dataProvider, url: '/searches/7', path: '/searches/:id' });
    return dataProvider;
  };

  it('tells the query as filters, with a way back to the profiles it shows', async () => {
    show(search());
    expect(await screen.findByRole('heading', { name: 'Search “Berlin founders”' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open in Profiles' })).toHaveAttribute('href', `/profiles?${search().url}`);
    const query = screen.getByRole('heading', { name: 'Query' }).closest('section') as HTMLElement;
    expect(within(query).getByText('“berlin”')).toBeInTheDocument();
    expect(await within(query).findByText('Founders feed')).toBeInTheDocument();
    expect(within(query).getByText('Female')).toBeInTheDocument();
    expect(within(query).getByText('7 – 10')).toBeInTheDocument();
    expect(within(query).getByText('Tech Rating, descending')).toBeInTheDocument();
    // priority and delivery wait until the search is watched
    expect(screen.queryByRole('combobox', { name: 'Priority' })).not.toBeInTheDocument();
  });

  it('once watched: waits for its baseline, then saves a priority as it is chosen', async () => {
    const ui = userEvent.setup();
    const watched = search({ watched: true, watched_at: '2026-11-25T09:30:00Z' });
    const dataProvider = show(watched);
    expect(await screen.findByText(/^Watching since .*2026.*; the next retrieval records who matches$/)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Watch “Berlin founders”' })).toBeChecked();
    await ui.click(screen.getByRole('combobox', { name: 'Priority' }));
    await ui.click(await screen.findByRole('option', { name: 'Low' }));
    await waitFor(() =>
      expect(dataProvider.update).toHaveBeenCalledWith(
        'searches',
        expect.objectContaining({ data: expect.objectContaining({ priority: 'Low', watched: true, notification_type: 'Email' }) }),
      ),
    );
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Priority' })).toHaveTextContent('Low'));
  });

  it('says it alerts after its baseline, and shows a Muted chip when muted', async () => {
    show(search({ watched: true, watched_at: '2026-11-25T09:30:00Z', baseline_at: '2026-11-25T10:00:00Z', muted: true }));
    expect(await screen.findByText('Watching: alerts for people who newly match after each retrieval')).toBeInTheDocument();
    expect(screen.getByText('Muted')).toBeInTheDocument();
  });
});

describe('queryParts', () => {
  it('reads the profiles screen query, in the order of its filters', () => {
    expect(queryParts(`?${search().url}&nationalities=DE&nationalities=PT`)).toEqual([
      { kind: 'search', value: 'berlin' },
      { kind: 'data_sources', ids: [3] },
      { kind: 'nationalities', values: ['DE', 'PT'] },
      { kind: 'gender', values: ['female'] },
      { kind: 'range', field: 'tech_rating', low: '7', high: '10' },
      { kind: 'sort', field: 'tech_rating', descending: true },
    ]);
    expect(queryParts('ordering=-created_at&page=2')).toEqual([{ kind: 'sort', field: 'created_at', descending: true }]);
    expect(queryParts('')).toEqual([]);
  });
});
