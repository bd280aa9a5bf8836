import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NotificationList } from '../../../resources/notifications/NotificationList';
import { NotificationShow } from '../../../resources/notifications/NotificationShow';
import { ProfileChanges } from '../../../resources/profiles/ProfileChanges';
import { headerCells, rowCheckbox, rowTexts, selectAllBox } from '../support/dataTable';
import { fakeDataProvider, page, renderInAdmin } from '../support/renderInAdmin';
import { notification } from './signalsFixtures';

const renderList = (overrides = {}) => {
  const dataProvider = fakeDataProvider({
    getList: () => page([notification(1), notification(2, { notification_status: 'FAILED' }), notification(3)], 3),
    ...overrides,
  });
  return { dataProvider, ...renderInAdmin(<NotificationList />, { dataProvider, url: '/notifications', path: '/notifications' }) };
};

describe('NotificationList', () => {
  it('has the search box, the SPEC columns (the dates sortable) and the count', async () => {
    renderList();
    const body = await screen.findByRole('link', { name: 'Jane Doe 1 changed job: CTO at Acme → Founder at Stealth' });
    expect(body).toHaveAttribute('href', '/notifications/1');
    expect(screen.getByPlaceholderText('Search body and recipient...')).toBeInTheDocument();
    const headers = headerCells().slice(1);
    expect(headers.map((header) => header.textContent)).toEqual(['Body', 'Status', 'Type', 'Recipient', 'Created At', 'Updated At']);
    expect(headers.map((header) => header.getAttribute('aria-sort'))).toEqual([null, null, null, null, 'none', 'none']);
    expect(rowTexts('Jane Doe 2 changed job: CTO at Acme → Founder at Stealth').slice(2, 5)).toEqual([
      'FAILED',
      'Email',
      'owner@example.com',
    ]);
    expect(screen.getByText('There are 3 notifications')).toBeInTheDocument();
  });

  it('sends the search on Enter', async () => {
    const ui = userEvent.setup();
    const { dataProvider } = renderList();
    await screen.findByText('There are 3 notifications');
    await ui.type(screen.getByPlaceholderText('Search body and recipient...'), 'Stealth{Enter}');
    await waitFor(() =>
      expect(dataProvider.getList).toHaveBeenLastCalledWith('notifications', expect.objectContaining({ filter: { search: 'Stealth' } })),
    );
  });

  it("sends the selected notifications again (POST send/, empty body): 'Send completed for N notifications.'", async () => {
    const ui = userEvent.setup();
    const { dataProvider } = renderList({ request: () => Promise.resolve(notification(1)) });
    await screen.findByText('There are 3 notifications');
    await ui.click(rowCheckbox('Jane Doe 1 changed job: CTO at Acme → Founder at Stealth'));
    await ui.click(rowCheckbox('Jane Doe 2 changed job: CTO at Acme → Founder at Stealth'));
    await ui.click(screen.getByRole('button', { name: 'Select Action' }));
    await ui.click(screen.getByRole('menuitem', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Send completed for 2 notifications.');
    expect(dataProvider.request.mock.calls).toEqual([
      ['POST', '/notifications/1/send/', undefined],
      ['POST', '/notifications/2/send/', undefined],
    ]);
    await waitFor(() => expect(dataProvider.getList.mock.calls.length).toBeGreaterThan(1));
  });

  it("deletes the selected notifications: 'Deletion completed for N notifications.', failures counted", async () => {
    const ui = userEvent.setup();
    const { dataProvider } = renderList({
      delete: (_resource: string, { id }: { id: number }) =>
        id === 2 ? Promise.reject(new Error('Not found.')) : Promise.resolve({ data: { id } }),
    });
    await screen.findByText('There are 3 notifications');
    await ui.click(selectAllBox());
    await ui.click(screen.getByRole('button', { name: 'Select Action' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Delete', 'Send']);
    await ui.click(screen.getByRole('menuitem', { name: 'Delete' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Deletion completed for 2 notifications. Failed for 1 notifications: Not found.',
    );
    expect(dataProvider.delete.mock.calls.map(([resource, { id }]) => `${resource}/${id}`)).toEqual([
      'notifications/1',
      'notifications/2',
      'notifications/3',
    ]);
  });
});

describe('NotificationShow', () => {
  const definitions = () =>
    Object.fromEntries(screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]));

  it('shows Body, Status, Type, Recipient and the dates, then the failure reason and links to the person and the rule', async () => {
    const dataProvider = fakeDataProvider({
      getOne: () =>
        Promise.resolve({
          data: notification(8, {
            notification_status: 'FAILED',
            notification_type: 'Slack',
            failure_reason: 'Slack answered 404 no_service',
            attempts: 1,
          }),
        }),
    });
    renderInAdmin(<NotificationShow />, { dataProvider, url: '/notifications/8', path: '/notifications/:id' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Notification 8' })).toBeInTheDocument();
    const terms = screen.getAllByRole('term').map((term) => term.textContent);
    expect(terms.slice(0, 6)).toEqual(['Body', 'Status', 'Type', 'Recipient', 'Created At', 'Updated At']);
    expect(definitions()).toMatchObject({
      Body: 'Jane Doe 8 changed job: CTO at Acme → Founder at Stealth',
      Status: 'FAILED',
      Type: 'Slack',
      Recipient: 'owner@example.com',
      'Failure Reason': 'Slack answered 404 no_service',
    });
    expect(terms).not.toContain('Sent At');
    expect(screen.getByRole('link', { name: 'Jane Doe' })).toHaveAttribute('href', '/profiles/5');
    expect(screen.getByRole('link', { name: 'Founders move' })).toHaveAttribute('href', '/rule-sets/3');
    // a notification has no edit screen
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
  });
});

describe('ProfileChanges (timeline)', () => {
  it('shows for each change the notifications it raised, newest first, linked to their detail', async () => {
    const changes = [
      {
        id: 2,
        field: 'location',
        old_value: 'Berlin',
        new_value: 'Munich',
        changed_at: '2026-11-24T10:00:00Z',
        execution_id: 12,
        notifications: [
          { id: 30, notification_status: 'SENT', notification_type: 'Email', recipient: 'ada@example.com', rule: { id: 3, name: 'Moves' } },
          { id: 31, notification_status: 'FAILED', notification_type: 'Slack', recipient: '#scouts', rule: null },
        ],
      },
      { id: 1, field: 'headline', old_value: 'CTO', new_value: 'Founder', changed_at: '2026-11-23T10:00:00Z', execution_id: 11 },
    ];
    const dataProvider = fakeDataProvider({ getList: () => page(changes, 2) });
    renderInAdmin(<ProfileChanges profileId={5} />, { dataProvider });
    const table = await screen.findByRole('table', { name: 'Changes' });
    expect(within(table).getAllByRole('columnheader').at(-1)).toHaveTextContent('Notifications');
    const [first, second] = within(table).getAllByRole('row').slice(1);
    const links = within(first).getAllByRole('link', { name: / to / });
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Slack to #scouts', '/notifications/31'],
      ['Email to ada@example.com', '/notifications/30'],
    ]);
    const items = within(first)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toEqual(['FAILEDSlack to #scouts', 'SENTEmail to ada@example.comrule Moves']);
    expect(within(second).getAllByRole('cell').at(-1)).toHaveTextContent('—');
  });
});
