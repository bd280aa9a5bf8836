import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SavedSearch } from '../../../types/api';
import { SearchList, profilesPathOf } from '../../../resources/searches/SearchList';
import { SearchCreate } from '../../../resources/searches/SearchCreate';
import { ERROR_BEFORE_REDIRECT_MS } from '../../../src/constants';
import { selectAllBox } from '../support/dataTable';
import { fakeDataProvider, page, renderInAdmin } from '../support/renderInAdmin';
import { savedSearch } from './searchesSupport';

const saved = (id: number, url: string): SavedSearch => savedSearch({ id, name: `Search ${id}`, url });

afterEach(() => {
  vi.useRealTimers();
});

describe('SearchList', () => {
  it('links each name to the profiles screen with its saved query; no create button', async () => {
    const dataProvider = fakeDataProvider({
      getList: () => page([saved(1, 'direction=desc&gender=female&sort=tech_rating'), saved(2, '')], 2),
    });
    renderInAdmin(<SearchList />, { dataProvider, url: '/searches', path: '/searches' });
    expect(await screen.findByRole('link', { name: 'Search 1' })).toHaveAttribute(
      'href',
      '/profiles?direction=desc&gender=female&sort=tech_rating',
    );
    expect(screen.getByRole('link', { name: 'Search 2' })).toHaveAttribute('href', '/profiles');
    expect(
      screen
        .getAllByRole('columnheader')
        .slice(1)
        .map((header) => header.textContent),
    ).toEqual(['Name', 'Created At', 'Updated At', 'Alerts']);
    expect(screen.getByText('There are 2 searches')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /create/i })).not.toBeInTheDocument();
  });

  it("deletes the selected searches: 'Deletion completed for N searches.'", async () => {
    const ui = userEvent.setup();
    const dataProvider = fakeDataProvider({
      getList: () => page([saved(1, 'search=a'), saved(2, 'search=b')]),
      delete: (_resource: string, { id }: { id: number }) => Promise.resolve({ data: { id } }),
    });
    renderInAdmin(<SearchList />, { dataProvider, url: '/searches', path: '/searches' });
    await screen.findByText('Search 1');
    await ui.click(selectAllBox());
    await ui.click(screen.getByRole('button', { name: 'Select Action' }));
    await ui.click(screen.getByRole('menuitem', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Deletion completed for 2 searches.');
    expect(dataProvider.delete.mock.calls.map(([resource, { id }]) => `${resource}/${id}`)).toEqual(['searches/1', 'searches/2']);
  });

  it('accepts a saved query with or without its question mark', () => {
    expect(profilesPathOf({ url: '?search=ann' })).toBe('/profiles?search=ann');
    expect(profilesPathOf({ url: 'search=ann' })).toBe('/profiles?search=ann');
  });
});

describe('SearchCreate', () => {
  const address = '/searches/create?direction=desc&gender=female&gender=male&search=ann&sort=tech_rating';

  it('saves the profiles query of its own address under a name, then shows My Searches', async () => {
    const ui = userEvent.setup();
    const dataProvider = fakeDataProvider({ create: () => Promise.resolve({ data: saved(3, '') }) });
    const { location } = renderInAdmin(<SearchCreate />, { dataProvider, url: address, path: '/searches/create' });
    await ui.type(screen.getByRole('textbox', { name: 'Name' }), 'Women in tech');
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    expect(dataProvider.create).toHaveBeenCalledWith('searches', {
      data: { name: 'Women in tech', url: 'direction=desc&gender=female&gender=male&search=ann&sort=tech_rating', entity: 'Profile' },
    });
    await waitFor(() => expect(location().pathname).toBe('/searches'));
  });

  it('requires a name', async () => {
    const ui = userEvent.setup();
    const dataProvider = fakeDataProvider();
    renderInAdmin(<SearchCreate />, { dataProvider, url: address, path: '/searches/create' });
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByText('Required')).toBeInTheDocument();
    expect(dataProvider.create).not.toHaveBeenCalled();
  });

  it("shows 'Failed to create search.' for 3 seconds, then returns to My Searches", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const ui = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const dataProvider = fakeDataProvider({
      create: () => Promise.reject(new Error('url: Ensure this field has no more than 4000 characters.')),
    });
    const { location } = renderInAdmin(<SearchCreate />, { dataProvider, url: address, path: '/searches/create' });
    await ui.type(screen.getByRole('textbox', { name: 'Name' }), 'Too long');
    await ui.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to create search.');
    act(() => vi.advanceTimersByTime(ERROR_BEFORE_REDIRECT_MS - 100));
    expect(location().pathname).toBe('/searches/create');
    act(() => vi.advanceTimersByTime(100));
    expect(location().pathname).toBe('/searches');
  });
});
