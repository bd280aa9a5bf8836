import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RuleSetList } from '../../../resources/rule-sets/RuleSetList';
import { RuleSetShow } from '../../../resources/rule-sets/RuleSetShow';
import { headerCells, rowTexts, selectAllBox, sortButton } from '../support/dataTable';
import { fakeDataProvider, page, renderInAdmin } from '../support/renderInAdmin';
import { detailsRequest, rule } from './signalsFixtures';

describe('RuleSetList', () => {
  it('shows the name link, type, priority and dates, the count and Create Rule', async () => {
    const dataProvider = fakeDataProvider({ getList: () => page([rule(1, { priority: 'Low', notification_type: 'Slack' }), rule(2)], 12) });
    renderInAdmin(<RuleSetList />, { dataProvider, url: '/rule-sets', path: '/rule-sets' });
    expect(await screen.findByRole('link', { name: 'Rule 1' })).toHaveAttribute('href', '/rule-sets/1');
    const headers = headerCells().slice(1);
    expect(headers.map((header) => header.textContent)).toEqual(['Name', 'Notification Type', 'Priority', 'Created At', 'Updated At']);
    expect(headers.map((header) => header.getAttribute('aria-sort'))).toEqual(['none', null, 'none', 'none', 'none']);
    expect(rowTexts('Rule 1').slice(1, 4)).toEqual(['Rule 1', 'Slack', 'Low']);
    expect(screen.getByText('There are 12 rules')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create Rule' })).toHaveAttribute('href', '/rule-sets/create');
  });

  it('sorts by priority, ascending first, then descending', async () => {
    const ui = userEvent.setup();
    const dataProvider = fakeDataProvider({ getList: () => page([rule(1)]) });
    const { location } = renderInAdmin(<RuleSetList />, { dataProvider, url: '/rule-sets', path: '/rule-sets' });
    await screen.findByRole('link', { name: 'Rule 1' });
    await ui.click(sortButton('Priority'));
    await waitFor(() => expect(new URLSearchParams(location().search).get('ordering')).toBe('priority'));
    await ui.click(sortButton('Priority'));
    await waitFor(() => expect(new URLSearchParams(location().search).get('ordering')).toBe('-priority'));
    expect(dataProvider.getList).toHaveBeenLastCalledWith(
      'rule-sets',
      expect.objectContaining({ sort: { field: 'priority', order: 'DESC' } }),
    );
  });

  it('deletes the selected rules one by one and reports it as SPEC §8 says', async () => {
    const ui = userEvent.setup();
    const dataProvider = fakeDataProvider({
      getList: () => page([rule(1), rule(2), rule(3)]),
      delete: (_resource: string, { id }: { id: number }) =>
        id === 3 ? Promise.reject(new Error('Not found.')) : Promise.resolve({ data: { id } }),
    });
    renderInAdmin(<RuleSetList />, { dataProvider, url: '/rule-sets', path: '/rule-sets' });
    await screen.findByText('Rule 1');
    await ui.click(selectAllBox());
    await ui.click(screen.getByRole('button', { name: 'Select Action' }));
    await ui.click(screen.getByRole('menuitem', { name: 'Delete' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Deletion completed for 2 RuleSets. Failed for 1 RuleSets: Not found.');
    expect(dataProvider.delete.mock.calls.map(([resource, { id }]) => `${resource}/${id}`)).toEqual([
      'rule-sets/1',
      'rule-sets/2',
      'rule-sets/3',
    ]);
    // the list reloads
    await waitFor(() => expect(dataProvider.getList.mock.calls.length).toBeGreaterThan(1));
  });
});

describe('RuleSetShow', () => {
  const renderShow = (request = detailsRequest()) => {
    const dataProvider = fakeDataProvider({
      getOne: () =>
        Promise.resolve({
          data: rule(4, {
            name: 'Berlin moves',
            profile_lists: [
              { id: 1, name: 'Founders' },
              { id: 2, name: 'Berlin engineers' },
            ],
          }),
        }),
      request,
    });
    return renderInAdmin(<RuleSetShow />, { dataProvider, url: '/rule-sets/4', path: '/rule-sets/:id' });
  };
  const definitions = () =>
    Object.fromEntries(screen.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]));

  it('shows every SPEC field, the condition with the attribute by its label, and Edit Rule', async () => {
    renderShow();
    expect(await screen.findByRole('heading', { level: 1, name: 'Rule Berlin moves' })).toBeInTheDocument();
    await waitFor(() => expect(definitions()['Attribute Name']).toBe('Location'));
    expect(screen.getAllByRole('term').map((term) => term.textContent)).toEqual([
      'Name',
      'Model',
      'Notification Type',
      'Priority',
      'Profile Lists',
      'Created By',
      'Created At',
      'Updated At',
      'Model Name',
      'Attribute Name',
      'Operator',
      'Value',
    ]);
    expect(definitions()).toMatchObject({
      Name: 'Berlin moves',
      Model: 'Profile',
      'Notification Type': 'Email',
      Priority: 'High',
      'Profile Lists': 'Founders, Berlin engineers',
      'Created By': 'owner@example.com',
      'Model Name': 'Profile',
      Operator: 'changed to',
      Value: 'Berlin',
    });
    expect(screen.getByRole('link', { name: 'Edit Rule' })).toHaveAttribute('href', '/rule-sets/4/update');
  });

  it('shows the attribute by its internal name when the options cannot be loaded', async () => {
    renderShow(detailsRequest(() => Promise.reject(new Error('down'))));
    await screen.findByRole('heading', { level: 1, name: 'Rule Berlin moves' });
    expect(definitions()['Attribute Name']).toBe('location');
  });
});
