import './support/slowMachine';
import Cookies from 'js-cookie';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthProvider } from 'react-admin';
import { AccountMenu } from '../../src/layout/AccountMenu';
import { AppMenu } from '../../src/layout/AppMenu';
import { buildMenu } from '../../src/layout/menuModel';
import type { MenuEntry, ResourceDeclaration } from '../../src/resourceTypes';
import { installFakeFetch } from './support/fakeFetch';
import { renderScreen, sampleUser } from './support/renderScreen';

// The menu of SPEC §2, declared in a shuffled order to show that groups and order come
// from the declarations, not from the registry's order.
const entry = (name: string, group: MenuEntry['group'], order: number, extra: Partial<MenuEntry> = {}): ResourceDeclaration => ({
  name,
  apiPath: `/api/v1/${name}`,
  menu: { group, label: `resources.${name}.menu`, order, ...extra },
});
const declarations: ResourceDeclaration[] = [
  entry('organizations', 'Admin', 2, { staffOnly: true }),
  entry('notifications', 'Monitoring', 1, { crowdsourcing: true }),
  entry('rule-sets', 'Rules', 1),
  entry('executions', 'Data Operations', 2),
  entry('data-sources', 'Data Operations', 1),
  entry('companies', 'Management', 4),
  entry('profile-lists', 'Management', 3),
  entry('profiles', 'Management', 2),
  entry('searches', 'Management', 1),
  entry('users', 'Admin', 1, { staffOnly: true }),
  { name: 'no-menu', apiPath: '/api/v1/no-menu' },
];

const normal = { is_staff: false, is_crowdsourcing: false };
const staff = { is_staff: true, is_crowdsourcing: false };
const crowd = { is_staff: false, is_crowdsourcing: true };

const shape = (viewer: typeof normal) =>
  Object.fromEntries(buildMenu(declarations, viewer).map(({ group, links }) => [group, links.map((link) => link.to)]));

const NORMAL_MENU = {
  Management: ['/searches', '/profiles', '/profile-lists', '/companies'],
  'Data Operations': ['/data-sources', '/executions'],
  Rules: ['/rule-sets'],
  Monitoring: ['/notifications'],
};

describe('buildMenu', () => {
  it('gives a normal user every group but Admin, in the spec order', () => {
    expect(shape(normal)).toEqual(NORMAL_MENU);
    expect(Object.keys(shape(normal))).toEqual(['Management', 'Data Operations', 'Rules', 'Monitoring']);
  });

  it('adds the Admin group for staff', () => {
    expect(shape(staff)).toEqual({ ...NORMAL_MENU, Admin: ['/users', '/organizations'] });
    expect(Object.keys(shape(staff)).at(-1)).toBe('Admin');
  });

  it('gives crowdsourcing users only the entries flagged for them, and no empty group', () => {
    expect(shape(crowd)).toEqual({ Monitoring: ['/notifications'] });
  });

  it('keeps the Admin group for a staff member who is also crowdsourcing', () => {
    const sections = shape({ is_staff: true, is_crowdsourcing: true });
    expect(sections.Monitoring).toEqual(['/notifications']);
    expect(sections.Admin).toBeDefined();
    expect(sections.Management).toBeUndefined();
  });
});

beforeEach(() => Cookies.set('fs_token', 'tok', { path: '/' }));
afterEach(() => {
  Cookies.remove('fs_token', { path: '/' });
  vi.unstubAllGlobals();
});

describe('<AppMenu>', () => {
  it('shows a loading indicator while the user is being determined, then the menu in a labelled nav', async () => {
    let answer: (value: { body: unknown }) => void = () => undefined;
    installFakeFetch({ 'GET /api/v1/users/me': () => new Promise((resolve) => (answer = resolve)) });
    renderScreen(<AppMenu declarations={declarations} />);
    expect(screen.getByRole('progressbar', { name: 'Loading menu' })).toBeInTheDocument();
    answer({ body: { ...sampleUser, is_staff: true } });
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    const groups = within(nav)
      .getAllByRole('list')
      .map((list) => list.getAttribute('aria-label'))
      .filter(Boolean);
    expect(groups).toEqual(['Management', 'Data Operations', 'Rules', 'Monitoring', 'Admin']);
    expect(within(nav).getByRole('link', { name: 'My Searches' })).toHaveAttribute('href', '/searches');
    expect(within(nav).getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/users');
  });

  it('hides the Admin group from a normal user', async () => {
    installFakeFetch({ 'GET /api/v1/users/me': { body: sampleUser } });
    renderScreen(<AppMenu declarations={declarations} />);
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(nav).queryByRole('button', { name: /Admin/ })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Users' })).toBeNull();
  });

  it('starts with groups expanded; a click collapses and expands a group', async () => {
    installFakeFetch({ 'GET /api/v1/users/me': { body: sampleUser } });
    renderScreen(<AppMenu declarations={declarations} />);
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    const toggle = within(nav).getByRole('button', { name: 'Management' });
    const user = userEvent.setup();
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav).getByRole('link', { name: 'Companies' })).toBeVisible();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await waitFor(() => expect(within(nav).queryByRole('link', { name: 'Companies' })).toBeNull());
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(await within(nav).findByRole('link', { name: 'Companies' })).toBeVisible();
  });
});

describe('<AccountMenu> (top bar)', () => {
  it('shows initials, full name and email, and the three links', async () => {
    installFakeFetch({ 'GET /api/v1/users/me': { body: sampleUser } });
    renderScreen(<AccountMenu />);
    const button = await screen.findByRole('button', { name: 'Account menu of AL Ada Lovelace ada@example.com' });
    expect(button).toHaveTextContent('AL');
    expect(button).toHaveTextContent('Ada Lovelace');
    expect(button).toHaveTextContent('ada@example.com');
    await userEvent.setup().click(button);
    const items = within(screen.getByRole('menu')).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Profile Settings', 'Platform Connections', 'Logout']);
    expect(items[0]).toHaveAttribute('href', '/user-profile-detail');
    expect(items[1]).toHaveAttribute('href', '/platform-connections');
  });

  it("shows 'N/A' without names and hides Platform Connections from crowdsourcing users", async () => {
    installFakeFetch({ 'GET /api/v1/users/me': { body: { ...sampleUser, first_name: '', last_name: '', is_crowdsourcing: true } } });
    renderScreen(<AccountMenu />);
    const button = await screen.findByRole('button', { name: 'Account menu of N/A ada@example.com' });
    expect(button).toHaveTextContent('N/A');
    await userEvent.setup().click(button);
    const items = within(screen.getByRole('menu')).getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual(['Profile Settings', 'Logout']);
  });

  it('Logout clears the session and goes to /login', async () => {
    installFakeFetch({ 'GET /api/v1/users/me': { body: sampleUser } });
    const { location } = renderScreen(<AccountMenu />, { url: '/users' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Account menu of/ }));
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(Cookies.get('fs_token')).toBeUndefined();
  });

  it('goes to /login when the current user cannot be loaded', async () => {
    installFakeFetch({ 'GET /api/v1/users/me': { status: 500, body: { errors: ['Down'] } } });
    const { location } = renderScreen(<AccountMenu />, { url: '/users' });
    await waitFor(() => expect(location().pathname).toBe('/login'));
    expect(Cookies.get('fs_token')).toBeUndefined();
  });

  it('uses the authProvider identity (no other source of the user)', async () => {
    const authProvider: AuthProvider = {
      login: () => Promise.resolve(),
      logout: () => Promise.resolve(),
      checkAuth: () => Promise.resolve(),
      checkError: () => Promise.resolve(),
      getIdentity: () => Promise.resolve({ ...sampleUser, first_name: 'Grace', last_name: 'Hopper', fullName: 'Grace Hopper' }),
    };
    installFakeFetch();
    renderScreen(<AccountMenu />, { authProvider });
    expect(await screen.findByRole('button', { name: /^Account menu of GH Grace Hopper/ })).toHaveTextContent('GH');
  });
});
