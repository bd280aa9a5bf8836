import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ProfileList } from '../../../types/api';
import { AddProfilesToList, RemoveProfilesFromList } from '../../../resources/profile-lists/ProfileListMembersFlow';
import { fakeDataProvider, page, renderInAdmin } from '../support/renderInAdmin';

const list = (id: number, profileIds: number[] = []): ProfileList => ({
  id,
  name: `List ${id}`,
  profiles: profileIds.map((profileId) => ({ id: profileId, external_id: `p-${profileId}`, first_name: 'A', last_name: 'B' })),
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-21T10:00:00Z',
});

function renderFlow(mode: 'add' | 'remove', url: string, overrides = {}) {
  const stored: Record<number, ProfileList> = { 1: list(1, [2, 5]), 2: list(2) };
  const dataProvider = fakeDataProvider({
    getList: () => page([stored[1], stored[2]]),
    getOne: (_resource: string, { id }: { id: number }) => Promise.resolve({ data: stored[id] }),
    // the chosen record, as react-admin's <ReferenceInput> reads it
    getMany: (_resource: string, { ids }: { ids: number[] }) => Promise.resolve({ data: ids.map((id) => stored[id]) }),
    update: (_resource: string, { id, data }: { id: number; data: object }) => Promise.resolve({ data: { id, ...data } }),
    ...overrides,
  });
  const Screen = mode === 'add' ? AddProfilesToList : RemoveProfilesFromList;
  const path = mode === 'add' ? '/profile-lists/add-profiles' : '/profile-lists/remove-profiles';
  return { dataProvider, ...renderInAdmin(<Screen />, { dataProvider, url, path }) };
}

async function choose(ui: ReturnType<typeof userEvent.setup>, name: string) {
  await ui.click(await screen.findByRole('combobox', { name: /Profile List/ }));
  await ui.click(await screen.findByRole('option', { name }));
}

describe('/profile-lists/add-profiles', () => {
  it("asks for a list when none is chosen: 'Please select a profile list.'", async () => {
    const ui = userEvent.setup();
    const { dataProvider } = renderFlow('add', '/profile-lists/add-profiles?id=3&id=5');
    await screen.findByRole('combobox', { name: /Profile List/ });
    await ui.click(screen.getByRole('button', { name: 'Add Profiles' }));
    // the select's own validation message
    expect(await screen.findByText('Please select a profile list.')).toBeInTheDocument();
    expect(dataProvider.getOne).not.toHaveBeenCalled();
    expect(dataProvider.update).not.toHaveBeenCalled();
  });

  it('reaches a list beyond the first page of choices by typing its name (the API searches)', async () => {
    const ui = userEvent.setup();
    const far = list(150);
    const { dataProvider } = renderFlow('add', '/profile-lists/add-profiles?id=3', {
      getList: (_resource: string, { filter }: { filter: { search?: string } }) =>
        filter.search ? page(filter.search === 'List 150' ? [far] : []) : page([list(1), list(2)], 150),
      getOne: () => Promise.resolve({ data: far }),
      getMany: () => Promise.resolve({ data: [far] }),
    });
    const input = await screen.findByRole('combobox', { name: /Profile List/ });
    await ui.type(input, 'List 150');
    await ui.click(await screen.findByRole('option', { name: 'List 150' }));
    expect(dataProvider.getList).toHaveBeenCalledWith('profile-lists', expect.objectContaining({ filter: { search: 'List 150' } }));
    await ui.click(screen.getByRole('button', { name: 'Add Profiles' }));
    expect(await screen.findByText('Profiles successfully added to the selected list.')).toBeInTheDocument();
    expect(dataProvider.update).toHaveBeenCalledWith(
      'profile-lists',
      expect.objectContaining({ id: 150, data: { name: 'List 150', profiles: [3] } }),
    );
  });

  it('merges the repeated id parameters into the chosen list and says so', async () => {
    const ui = userEvent.setup();
    const { dataProvider } = renderFlow('add', '/profile-lists/add-profiles?id=3&id=5');
    expect(screen.getByText('2 profiles selected')).toBeInTheDocument();
    await choose(ui, 'List 1');
    await ui.click(screen.getByRole('button', { name: 'Add Profiles' }));
    expect(await screen.findByText('Profiles successfully added to the selected list.')).toBeInTheDocument();
    expect(dataProvider.getOne).toHaveBeenCalledWith('profile-lists', expect.objectContaining({ id: 1 }));
    expect(dataProvider.update).toHaveBeenCalledWith(
      'profile-lists',
      expect.objectContaining({ id: 1, data: { name: 'List 1', profiles: [2, 5, 3] } }),
    );
  });

  it("reports 'Failed to add profiles to the list.'", async () => {
    const ui = userEvent.setup();
    renderFlow('add', '/profile-lists/add-profiles?id=3', {
      update: () => Promise.reject(new Error('profiles: Invalid pk "3" - object does not exist.')),
    });
    await choose(ui, 'List 2');
    await ui.click(screen.getByRole('button', { name: 'Add Profiles' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to add profiles to the list.');
    expect(alert).toHaveTextContent('profiles: Invalid pk "3" - object does not exist.');
  });

  it("says 'Failed to fetch profile lists.' when the lists cannot be loaded", async () => {
    renderFlow('add', '/profile-lists/add-profiles?id=3', { getList: () => Promise.reject(new Error('Server down')) });
    expect(await screen.findByText('Failed to fetch profile lists.')).toBeInTheDocument();
  });
});

describe('/profile-lists/remove-profiles', () => {
  it('filters the ids out of the chosen list and says so', async () => {
    const ui = userEvent.setup();
    const { dataProvider } = renderFlow('remove', '/profile-lists/remove-profiles?id=5');
    expect(screen.getByText('1 profile selected')).toBeInTheDocument();
    await choose(ui, 'List 1');
    await ui.click(screen.getByRole('button', { name: 'Remove Profiles' }));
    expect(await screen.findByText('Selected profiles successfully removed from the list.')).toBeInTheDocument();
    expect(dataProvider.update).toHaveBeenCalledWith(
      'profile-lists',
      expect.objectContaining({ id: 1, data: { name: 'List 1', profiles: [2] } }),
    );
  });

  it("reports 'Failed to remove profiles from the list.'", async () => {
    const ui = userEvent.setup();
    renderFlow('remove', '/profile-lists/remove-profiles?id=5', { getOne: () => Promise.reject(new Error('Not found.')) });
    await choose(ui, 'List 1');
    await ui.click(screen.getByRole('button', { name: 'Remove Profiles' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to remove profiles from the list.');
  });
});
