// The Audit Log screens (issue 19) with a mocked dataProvider: the list's columns and changes, the
// object links (only to objects that still exist), the filters on the API's address keys, the CSV
// export of the same filters with the Token header, the entry's detail, and the staff-only menu.
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { ResourceDefinitionContextProvider } from 'react-admin';
import { AUDIT_MASK, type AuditEntry } from '../../../types/api';
import { AuditLogList } from '../../../resources/audit-log/AuditLogList';
import { AuditLogShow } from '../../../resources/audit-log/AuditLogShow';
import { dayToInstant, instantToDay } from '../../../resources/audit-log/dateRange';
import { createDataProvider } from '../../../dataProvider';
import { formatDateTime } from '../../../src/format';
import { buildMenu } from '../../../src/layout/menuModel';
import { registry } from '../../../src/registry';
import { type FakeDataProvider, fakeDataProvider, page, renderInAdmin } from '../support/renderInAdmin';
import { installFakeFetch } from '../support/fakeFetch';

const TIME = '2026-11-22T14:03:05Z';
const entry = (id: number, change: Partial<AuditEntry> = {}): AuditEntry => ({
  id,
  created_at: TIME,
  user: 3,
  user_email: 'ann@example.com',
  action: 'update',
  entity: 'profiles',
  object_id: 7,
  object_repr: 'Ada Lovelace',
  changes: { location: { before: 'London', after: 'Paris' } },
  object_exists: true,
  ...change,
});
const LONG = 'A summary that goes on for much longer than a list cell should ever show whole';
const entries = [
  entry(1),
  entry(2, {
    user: null,
    user_email: null,
    action: 'create',
    entity: 'rules',
    object_id: 5,
    object_repr: 'Berlin moves',
    changes: {
      name: { before: null, after: 'Berlin moves' },
      summary: { before: null, after: LONG },
      priority: { before: null, after: 'High' },
      lists: { before: null, after: [1, 2] },
    },
  }),
  entry(3, {
    action: 'delete',
    object_id: 9,
    object_exists: false,
    object_repr: 'Gone Person',
    changes: { first_name: { before: 'Gone', after: null }, tags: { before: [], after: ['x'] } },
  }),
  entry(4, {
    entity: 'platform-connections',
    object_id: 2,
    object_repr: 'PDL',
    changes: { api_key: { before: AUDIT_MASK, after: AUDIT_MASK } },
  }),
  entry(5, { object_id: 8, object_exists: false, object_repr: 'Deleted Since', changes: { is_active: { before: true, after: false } } }),
];

// the app's resources as react-admin registers them, and the dataProvider's API paths
const definitions = Object.fromEntries(['profiles', 'rule-sets', 'users', 'audit-log'].map((name) => [name, { name, hasShow: true }]));
const apiPathOf = (resource: string) => (resource === 'rule-sets' ? '/api/v1/rules' : `/api/v1/${resource}`);
const withResources = (element: ReactElement) => (
  <ResourceDefinitionContextProvider definitions={definitions}>{element}</ResourceDefinitionContextProvider>
);
const notFound = () => Promise.reject(Object.assign(new Error('Not found.'), { status: 404 }));
const existing: Record<string, number[]> = { profiles: [7], 'rule-sets': [5], users: [3] };

function renderList(url = '/audit-log', overrides: Partial<Record<keyof FakeDataProvider, (...args: any[]) => unknown>> = {}) {
  const dataProvider = fakeDataProvider({
    getList: (resource: string) => (resource === 'users' ? page([{ id: 3, email: 'ann@example.com' }]) : page(entries, 42)),
    getOne: (resource: string, { id }: { id: number }) =>
      existing[resource]?.includes(Number(id)) ? Promise.resolve({ data: { id: Number(id), email: 'ann@example.com' } }) : notFound(),
    ...overrides,
  });
  Object.assign(dataProvider, { apiPathOf });
  return { dataProvider, ...renderInAdmin(withResources(<AuditLogList />), { dataProvider, url, path: '/audit-log' }) };
}

const rowOf = (text: string) => screen.getByText(text).closest('tr') as HTMLElement;
const lastAuditFilter = (dataProvider: FakeDataProvider) =>
  dataProvider.getList.mock.calls.filter(([resource]) => resource === 'audit-log').at(-1)?.[1].filter;

afterEach(() => vi.restoreAllMocks());

describe('AuditLogList', () => {
  it('shows who changed what, when, on which object, and the changes', async () => {
    renderList();
    const time = formatDateTime(TIME);
    expect((await screen.findAllByRole('link', { name: time }))[0]).toHaveAttribute('href', '/audit-log/1');
    expect(screen.getByText('There are 42 recorded changes')).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(['Time', 'User', 'Action', 'Entity', 'Object', 'Changes']);
    const first = rowOf('location: London → Paris');
    expect(within(first).getByRole('link', { name: 'ann@example.com' })).toHaveAttribute('href', '/users/3');
    expect(within(first).getByText('Update')).toBeInTheDocument();
    expect(within(first).getByText('Profiles')).toBeInTheDocument();
    // the profile is still there: its detail
    expect(await within(first).findByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute('href', '/profiles/7');

    // a scheduled write has no user; the API's 'rules' are the app's rule-sets
    const created = rowOf('name: (empty) → Berlin moves');
    expect(within(created).getByText('System')).toBeInTheDocument();
    expect(within(created).getByText('Create')).toBeInTheDocument();
    expect(within(created).getByText('Rules')).toBeInTheDocument();
    expect(await within(created).findByRole('link', { name: 'Berlin moves' })).toHaveAttribute('href', '/rule-sets/5');
    expect(within(created).getByText('name: (empty) → Berlin moves')).toBeInTheDocument();
    expect(within(created).getByText('summary: (empty) → A summary that goes on for much longer…')).toBeInTheDocument();
    expect(within(created).getByText('+1 more field')).toBeInTheDocument();
    expect(within(created).getByTitle(/lists: \(empty\) → 1, 2/)).toBeInTheDocument();

    // no value and an empty list read alike
    const deleted = rowOf('first_name: Gone → (empty)');
    expect(within(deleted).getByText('tags: (empty) → x')).toBeInTheDocument();

    // masked secrets as they come; an entity the app does not register reads as it is, unlinked
    const masked = rowOf(`api_key: ${AUDIT_MASK} → ${AUDIT_MASK}`);
    expect(within(masked).getByText('platform-connections')).toBeInTheDocument();
    expect(within(masked).queryByRole('link', { name: 'PDL' })).toBeNull();
  });

  it('links no object that is gone (the list says which are still there: no call per row)', async () => {
    const { dataProvider } = renderList();
    await screen.findByRole('link', { name: 'Ada Lovelace' });
    expect(screen.getByText('Deleted Since').closest('a')).toBeNull();
    expect(screen.getByText('Gone Person').closest('a')).toBeNull();
    expect(dataProvider.getOne).not.toHaveBeenCalled();
  });

  it("says 'No changes recorded.' when there is nothing, and why a load failed", async () => {
    renderList('/audit-log', { getList: () => page([]) });
    expect(await screen.findByText('No changes recorded.')).toBeInTheDocument();
    renderList('/audit-log', { getList: () => Promise.reject(new Error('You do not have permission to perform this action.')) });
    expect(await screen.findByText('Error: You do not have permission to perform this action.')).toBeInTheDocument();
  });

  it('asks the API for the filters of the address, under their own keys, and shows the object of a History link', async () => {
    const fetched = installFakeFetch({
      'GET /api/v1/audit-log': { body: { count: 1, results: [entries[1]] } },
      'GET /api/v1/users': { body: { count: 1, results: [{ id: 3, email: 'ann@example.com' }] } },
      'GET /api/v1/users/3': { body: { id: 3, email: 'ann@example.com' } },
      'GET /api/v1/rules/5': { body: { id: 5, name: 'Berlin moves' } },
    });
    const dataProvider = createDataProvider({ resourcePaths: { 'rule-sets': '/api/v1/rules', 'audit-log': '/api/v1/audit-log' } });
    const from = '2026-11-19T23:00:00.000Z';
    const address = `action=create&action=delete&created_at__gte=${encodeURIComponent(from)}&entity=rules&object_id=5&search=berlin&user=3`;
    renderInAdmin(withResources(<AuditLogList />), { dataProvider, url: `/audit-log?${address}`, path: '/audit-log' });
    expect(await screen.findByText('Rules #5')).toBeInTheDocument();
    const listCall = fetched.calls.find((call) => new URL(call.url, 'http://x').pathname === '/api/v1/audit-log');
    expect(listCall?.url).toBe(`/api/v1/audit-log?${address.replace('&search', '&page=1&page_size=10&search')}`);
    expect(await screen.findByDisplayValue('ann@example.com')).toBeInTheDocument();
    expect(screen.getByLabelText('From')).toHaveValue(instantToDay(from));
  });

  it('writes each filter to the address and the list call, back to the first page', async () => {
    const ui = userEvent.setup();
    const { dataProvider, location } = renderList('/audit-log?page=3');
    await screen.findByText('location: London → Paris');
    const params = () => new URLSearchParams(location().search);

    await ui.click(screen.getByRole('combobox', { name: 'Entity' }));
    await ui.click(await screen.findByRole('option', { name: 'Rules' }));
    await waitFor(() => expect(params().get('entity')).toBe('rules'));
    expect(params().get('page')).toBe('1');

    await ui.click(screen.getByRole('combobox', { name: 'Action' }));
    await ui.click(await screen.findByRole('option', { name: 'Delete' }));
    await ui.click(await screen.findByRole('option', { name: 'Rating' }));
    await waitFor(() => expect(params().getAll('action')).toEqual(['delete', 'rating']));

    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-20' } });
    await waitFor(() => expect(params().get('created_at__gte')).toBe(dayToInstant('2026-11-20', 'start')));
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-21' } });
    await waitFor(() => expect(params().get('created_at__lte')).toBe(dayToInstant('2026-11-21', 'end')));

    await ui.type(screen.getByRole('combobox', { name: 'User' }), 'ann');
    await waitFor(() => expect(dataProvider.getList).toHaveBeenCalledWith('users', expect.objectContaining({ filter: { search: 'ann' } })));
    await ui.click(await screen.findByRole('option', { name: 'ann@example.com' }));
    await waitFor(() => expect(params().get('user')).toBe('3'));

    await waitFor(() =>
      expect(lastAuditFilter(dataProvider)).toEqual({
        action: ['delete', 'rating'],
        created_at__gte: [dayToInstant('2026-11-20', 'start')],
        created_at__lte: [dayToInstant('2026-11-21', 'end')],
        entity: ['rules'],
        user: ['3'],
      }),
    );
  });

  it("removes a History link's object from the filters with its chip", async () => {
    const ui = userEvent.setup();
    const { location } = renderList('/audit-log?entity=profiles&object_id=7');
    const chip = await screen.findByRole('button', { name: 'Profiles #7' });
    await ui.click(within(chip).getByTestId('CancelIcon'));
    await waitFor(() => expect(new URLSearchParams(location().search).get('object_id')).toBeNull());
    expect(new URLSearchParams(location().search).get('entity')).toBe('profiles');
  });

  it("'Export' downloads the CSV of the current filters with the Token header", async () => {
    const ui = userEvent.setup();
    Cookies.set('fs_token', 'secret-token');
    const fetchMock = vi.fn(() =>
      Promise.resolve(
        new Response('time,user\n', {
          status: 200,
          headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="audit-log-20261122.csv"' },
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
    renderList('/audit-log?action=delete&entity=rules&ordering=-created_at&page=2&search=ann');
    await screen.findByText('location: London → Paris');
    await ui.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(clicked).toEqual(['audit-log-20261122.csv blob:csv']));
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/v1/audit-log/export/?action=delete&entity=rules&ordering=-created_at&search=ann');
    expect(new Headers(init.headers).get('Authorization')).toBe('Token secret-token');
  });
});

describe('AuditLogShow', () => {
  it('shows the entry and every changed field whole, before → after', async () => {
    const dataProvider = fakeDataProvider({
      getOne: (resource: string) => (resource === 'audit-log' ? Promise.resolve({ data: entries[1] }) : notFound()),
    });
    Object.assign(dataProvider, { apiPathOf });
    renderInAdmin(withResources(<AuditLogShow />), { dataProvider, url: '/audit-log/2', path: '/audit-log/:id' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Audit Entry #2' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Changes' });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Field', 'Before', 'After'],
      ['name', '(empty)', 'Berlin moves'],
      ['summary', '(empty)', LONG],
      ['priority', '(empty)', 'High'],
      ['lists', '(empty)', '1, 2'],
    ]);
    expect(screen.getByText('System')).toBeInTheDocument();
    expect(screen.getByText('Rules')).toBeInTheDocument();
  });
});

describe('the Audit Log menu entry', () => {
  const viewer = (is_staff: boolean) => ({ is_staff, is_crowdsourcing: false });
  const adminLinks = (is_staff: boolean) =>
    buildMenu(registry, viewer(is_staff))
      .find((section) => section.group === 'Admin')
      ?.links.map((link) => link.to);

  it('is in the Admin group after Users and Organizations, for staff only', () => {
    expect(adminLinks(true)).toEqual(['/users', '/organizations', '/audit-log']);
    expect(adminLinks(false)).toBeUndefined();
    expect(buildMenu(registry, viewer(false)).flatMap((section) => section.links.map((link) => link.to))).not.toContain('/audit-log');
  });
});
