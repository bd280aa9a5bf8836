import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Organization } from '../../../types/api';
import { AddUsersToOrganization, RemoveUsersFromOrganization } from '../../../resources/organizations/OrganizationUsersFlow';
import { fakeDataProvider, page, renderInAdmin } from '../support/renderInAdmin';

const organization = (id: number, userIds: number[] = []): Organization => ({
  id,
  name: `Org ${id}`,
  users: userIds.map((userId) => ({
    id: userId,
    external_id: null,
    first_name: `First${userId}`,
    last_name: `Last${userId}`,
    email: `user${userId}@example.com`,
    date_joined: '2026-11-22T14:03:05Z',
  })),
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-21T10:00:00Z',
});

function renderFlow(mode: 'add' | 'remove', url: string, overrides = {}) {
  const stored = { 1: organization(1, [2, 5]), 2: organization(2) } as Record<number, Organization>;
  const dataProvider = fakeDataProvider({
    getList: () => page([stored[1], stored[2]]),
    getOne: (_resource: string, { id }: { id: number }) => Promise.resolve({ data: stored[id] }),
    // the chosen record, as react-admin's <ReferenceInput> reads it
    getMany: (_resource: string, { ids }: { ids: number[] }) => Promise.resolve({ data: ids.map((id) => stored[id]) }),
    update: (_resource: string, { id, data }: { id: number; data: object }) => Promise.resolve({ data: { id, ...data } }),
    ...overrides,
  });
  const Screen = mode === 'add' ? AddUsersToOrganization : RemoveUsersFromOrganization;
  const path = mode === 'add' ? '/organizations/add-users' : '/organizations/remove-users';
  return { dataProvider, ...renderInAdmin(<Screen />, { dataProvider, url, path }) };
}

async function choose(ui: ReturnType<typeof userEvent.setup>, name: string) {
  await ui.click(await screen.findByRole('combobox', { name: /Organization/ }));
  await ui.click(await screen.findByRole('option', { name }));
}

describe('/organizations/add-users', () => {
  it('asks for an organization when none is chosen', async () => {
    const ui = userEvent.setup();
    const { dataProvider } = renderFlow('add', '/organizations/add-users?id=3&id=5');
    await screen.findByRole('combobox', { name: /Organization/ });
    await ui.click(screen.getByRole('button', { name: 'Add Users' }));
    // the select's own validation message
    expect(await screen.findByText('Please select a organization.')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /Organization/ })).toHaveAttribute('aria-invalid', 'true');
    expect(dataProvider.getOne).not.toHaveBeenCalled();
    expect(dataProvider.update).not.toHaveBeenCalled();
  });

  it('offers the organizations, fetched at the largest page size in the server’s order', async () => {
    const { dataProvider } = renderFlow('add', '/organizations/add-users?id=3');
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('combobox', { name: /Organization/ }));
    // the required select has no empty entry
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['Org 1', 'Org 2']);
    expect(dataProvider.getList).toHaveBeenCalledWith(
      'organizations',
      expect.objectContaining({ pagination: { page: 1, perPage: 100 }, sort: { field: '', order: 'ASC' } }),
    );
  });

  it('merges the ids into the chosen organization and says so', async () => {
    const ui = userEvent.setup();
    const { dataProvider } = renderFlow('add', '/organizations/add-users?id=3&id=5');
    expect(screen.getByText('2 users selected')).toBeInTheDocument();
    await choose(ui, 'Org 1');
    await ui.click(screen.getByRole('button', { name: 'Add Users' }));
    expect(await screen.findByText('Users successfully added to the selected organization.')).toBeInTheDocument();
    expect(dataProvider.getOne).toHaveBeenCalledWith('organizations', expect.objectContaining({ id: 1 }));
    expect(dataProvider.update).toHaveBeenCalledWith(
      'organizations',
      expect.objectContaining({ id: 1, data: { name: 'Org 1', users: [2, 5, 3] } }),
    );
  });

  it('reports a failed update', async () => {
    const ui = userEvent.setup();
    renderFlow('add', '/organizations/add-users?id=3', { update: () => Promise.reject(new Error('Forbidden.')) });
    await choose(ui, 'Org 2');
    await ui.click(screen.getByRole('button', { name: 'Add Users' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to add users to the organization.');
    expect(alert).toHaveTextContent('Forbidden.');
  });

  it('reports that the organizations could not be fetched', async () => {
    renderFlow('add', '/organizations/add-users?id=3', { getList: () => Promise.reject(new Error('Forbidden.')) });
    expect(await screen.findByText('Failed to fetch organizations.')).toBeInTheDocument();
  });

  it('cannot submit without users in the address', async () => {
    renderFlow('add', '/organizations/add-users');
    expect(screen.getByText('No users selected.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Users' })).toBeDisabled();
  });
});

describe('/organizations/remove-users', () => {
  it('filters the ids out of the chosen organization and says so', async () => {
    const ui = userEvent.setup();
    const { dataProvider } = renderFlow('remove', '/organizations/remove-users?id=5&id=9');
    await choose(ui, 'Org 1');
    await ui.click(screen.getByRole('button', { name: 'Remove Users' }));
    expect(await screen.findByText('Selected users successfully removed from the organization.')).toBeInTheDocument();
    expect(dataProvider.update).toHaveBeenCalledWith(
      'organizations',
      expect.objectContaining({ id: 1, data: { name: 'Org 1', users: [2] } }),
    );
  });

  it('reports a failed removal', async () => {
    const ui = userEvent.setup();
    renderFlow('remove', '/organizations/remove-users?id=5', { getOne: () => Promise.reject(new Error('Not found.')) });
    await choose(ui, 'Org 1');
    await ui.click(screen.getByRole('button', { name: 'Remove Users' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to remove users from the organization.');
  });
});
