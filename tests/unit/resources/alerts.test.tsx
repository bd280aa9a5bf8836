// The alerts' screens (issue 18 items 3 and 5): 'Muted' in the rules' list, Mute / Unmute and the
// noise figures on a rule, 'Not relevant' on a notification (a toggle on its detail, a chip in the
// list), 'Snooze alerts' on a profile, and the public /alert-action page a mail's link opens.
import '../support/slowMachine';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RuleSetList } from '../../../resources/rule-sets/RuleSetList';
import { RuleSetShow } from '../../../resources/rule-sets/RuleSetShow';
import { NotificationList } from '../../../resources/notifications/NotificationList';
import { NotificationShow } from '../../../resources/notifications/NotificationShow';
import { SnoozeAlerts } from '../../../resources/profiles/SnoozeAlerts';
import { AlertActionPage } from '../../../resources/notifications/AlertActionPage';
import { formatDateTime } from '../../../src/format';
import { rowTexts } from '../support/dataTable';
import { fakeDataProvider, page, renderInAdmin } from '../support/renderInAdmin';
import { installFakeFetch } from '../support/fakeFetch';
import { renderScreen } from '../support/renderScreen';
import { notification, rule, ruleDetails } from './signalsFixtures';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const noise = { days: 30, raised: 12, not_relevant: 3, share: 0.25 };

describe('rules', () => {
  it('the list says Muted after a muted rule’s name only', async () => {
    const dataProvider = fakeDataProvider({ getList: () => page([rule(1, { muted: true }), rule(2, { muted: false })]) });
    renderInAdmin(<RuleSetList />, { dataProvider, url: '/rule-sets', path: '/rule-sets' });
    expect(await screen.findByRole('link', { name: 'Rule 1' })).toHaveAttribute('href', '/rule-sets/1');
    expect(rowTexts('Rule 1')[1]).toBe('Rule 1Muted');
    expect(rowTexts('Rule 2')[1]).toBe('Rule 2');
  });

  const renderShow = (muted: boolean, noiseAnswer: () => Promise<unknown> = () => Promise.resolve(noise)) => {
    let current = rule(4, { name: 'Berlin moves', muted });
    const dataProvider = fakeDataProvider({
      getOne: () => Promise.resolve({ data: current }),
      request: (method: string, path: string, body?: { muted: boolean }) => {
        if (method === 'GET' && path === '/rules/details/') return Promise.resolve(ruleDetails);
        if (method === 'GET' && path === '/rules/4/noise/') return noiseAnswer();
        if (method === 'POST' && path === '/rules/4/mute/') {
          current = rule(4, { name: 'Berlin moves', muted: body!.muted });
          return Promise.resolve(current);
        }
        return Promise.reject(new Error(`unexpected ${method} ${path}`));
      },
    });
    renderInAdmin(<RuleSetShow />, { dataProvider, url: '/rule-sets/4', path: '/rule-sets/:id' });
    return dataProvider;
  };

  it('a muted rule says so with Unmute, which unmutes it; then Mute', async () => {
    const ui = userEvent.setup();
    const dataProvider = renderShow(true);
    await screen.findByRole('heading', { level: 1, name: 'Rule Berlin moves' });
    expect(screen.getByText('Muted')).toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Unmute' }));
    expect(dataProvider.request).toHaveBeenCalledWith('POST', '/rules/4/mute/', { muted: false });
    expect(await screen.findByRole('button', { name: 'Mute' })).toBeInTheDocument();
    expect(screen.queryByText('Muted')).toBeNull();
  });

  it('shows the noise figures: raised in the last 30 days and the share marked not relevant', async () => {
    renderShow(false);
    expect(await screen.findByText('Raised 12 notifications in the last 30 days; 25% marked not relevant')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mute' })).toBeInTheDocument();
  });

  it('says when the noise figures cannot be loaded', async () => {
    renderShow(false, () => Promise.reject(new Error('down')));
    expect(await screen.findByText('The noise figures could not be loaded.')).toBeInTheDocument();
  });
});

describe('notifications', () => {
  it('the list marks a notification not relevant after its body', async () => {
    const dataProvider = fakeDataProvider({ getList: () => page([notification(1, { not_relevant: true }), notification(2)]) });
    renderInAdmin(<NotificationList />, { dataProvider, url: '/notifications', path: '/notifications' });
    await screen.findByText('Jane Doe 1 changed job: CTO at Acme → Founder at Stealth');
    expect(rowTexts('Jane Doe 1 changed job: CTO at Acme → Founder at Stealth')[1]).toMatch(/Not relevant$/);
    expect(rowTexts('Jane Doe 2 changed job: CTO at Acme → Founder at Stealth')[1]).not.toMatch(/Not relevant/);
  });

  it('the detail’s Not relevant toggle marks it and unmarks it; a saved search’s alert links to the search', async () => {
    const ui = userEvent.setup();
    let current = notification(8, { not_relevant: false, rule: null, saved_search: { id: 6, name: 'Berlin founders' } });
    const dataProvider = fakeDataProvider({
      getOne: () => Promise.resolve({ data: current }),
      request: (_method: string, _path: string, body: { not_relevant: boolean }) => {
        current = { ...current, not_relevant: body.not_relevant };
        return Promise.resolve(current);
      },
    });
    renderInAdmin(<NotificationShow />, { dataProvider, url: '/notifications/8', path: '/notifications/:id' });
    const toggle = await screen.findByRole('button', { name: 'Not relevant' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('link', { name: 'Berlin founders' })).toHaveAttribute('href', '/searches/6');
    await ui.click(toggle);
    expect(dataProvider.request).toHaveBeenLastCalledWith('POST', '/notifications/8/relevance/', { not_relevant: true });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Not relevant' })).toHaveAttribute('aria-pressed', 'true'));
    await ui.click(screen.getByRole('button', { name: 'Not relevant' }));
    expect(dataProvider.request).toHaveBeenLastCalledWith('POST', '/notifications/8/relevance/', { not_relevant: false });
  });
});

describe('Snooze alerts on a profile', () => {
  it('snoozes for 7, 30 or 90 days from a menu, then says until when and wakes', async () => {
    const ui = userEvent.setup();
    const until = '2026-12-24T09:00:00Z';
    let snoozed: string | null = null;
    const dataProvider = fakeDataProvider({
      request: (method: string, path: string) => {
        if (path !== '/profiles/5/snooze/') return Promise.reject(new Error(`unexpected ${path}`));
        if (method === 'PUT') snoozed = until;
        if (method === 'DELETE') snoozed = null;
        return Promise.resolve({ profile_id: 5, until: snoozed });
      },
    });
    renderInAdmin(<SnoozeAlerts profileId={5} />, { dataProvider });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Snooze alerts' })).toBeEnabled());
    await ui.click(screen.getByRole('button', { name: 'Snooze alerts' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['7 days', '30 days', '90 days']);
    await ui.click(screen.getByRole('menuitem', { name: '30 days' }));
    expect(dataProvider.request).toHaveBeenCalledWith('PUT', '/profiles/5/snooze/', { days: 30 });
    expect(await screen.findByText(`Alerts snoozed until ${formatDateTime(until)}`)).toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Wake' }));
    expect(dataProvider.request).toHaveBeenCalledWith('DELETE', '/profiles/5/snooze/', undefined);
    expect(await screen.findByRole('button', { name: 'Snooze alerts' })).toBeInTheDocument();
  });
});

describe('/alert-action (a mail’s link, no session)', () => {
  const url = '/alert-action?token=abc.def';
  const api = '/api/v1/alert-actions/';
  const described = {
    action: 'mute-rule',
    target: { kind: 'rule', id: 3, name: 'Founders moving' },
    done: false,
    message: 'Mute the rule “Founders moving”? It will raise no notifications until you unmute it in the app.',
  };

  it('says what the link does, and does it only when asked', async () => {
    const ui = userEvent.setup();
    const { calls } = installFakeFetch({
      [`GET ${api}`]: { body: described },
      [`POST ${api}`]: { body: { ...described, done: true, message: 'The rule “Founders moving” is muted.' } },
    });
    renderScreen(<AlertActionPage />, { url, path: '/alert-action' });
    expect(await screen.findByText(described.message)).toBeInTheDocument();
    expect(calls.map((call) => call.method)).toEqual(['GET']);
    expect(calls[0]!.url).toContain('token=abc.def');
    await ui.click(screen.getByRole('button', { name: 'Mute' }));
    expect(await screen.findByRole('status')).toHaveTextContent('The rule “Founders moving” is muted.');
    expect(calls.map((call) => call.method)).toEqual(['GET', 'POST']);
    expect(screen.queryByRole('button', { name: 'Mute' })).toBeNull();
  });

  it('offers Mark as not relevant for a not-relevant link', async () => {
    installFakeFetch({ [`GET ${api}`]: { body: { ...described, action: 'not-relevant', message: 'Mark it?' } } });
    renderScreen(<AlertActionPage />, { url, path: '/alert-action' });
    expect(await screen.findByRole('button', { name: 'Mark as not relevant' })).toBeInTheDocument();
  });

  it('shows the server’s words for an expired link, and a missing token without asking', async () => {
    installFakeFetch({
      [`GET ${api}`]: { status: 400, body: { errors: ['This link has expired. Sign in to change your alerts from the app.'] } },
    });
    renderScreen(<AlertActionPage />, { url, path: '/alert-action' });
    expect(await screen.findByRole('alert')).toHaveTextContent('This link has expired. Sign in to change your alerts from the app.');
    expect(screen.getByRole('link', { name: 'Open the app' })).toHaveAttribute('href', '/');
  });

  it('a link without a token', async () => {
    const { calls } = installFakeFetch();
    renderScreen(<AlertActionPage />, { url: '/alert-action', path: '/alert-action' });
    expect(await screen.findByRole('alert')).toHaveTextContent(/^This link is not valid: it carries no token/);
    expect(calls).toHaveLength(0);
  });
});
