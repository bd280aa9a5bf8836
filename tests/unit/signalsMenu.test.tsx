// The real registry's menu and home for each kind of user (SPEC §2 Side menu, Home, §6): Rules
// is its own group, Notifications sits in Monitoring, and a crowdsourcing user gets only
// Monitoring → Notifications and the 'See my notifications' tile.
import './support/slowMachine';
import Cookies from 'js-cookie';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Home } from '../../src/home/Home';
import { homeTilesOf } from '../../src/home/homeTiles';
import { AppMenu } from '../../src/layout/AppMenu';
import { buildMenu } from '../../src/layout/menuModel';
import { registry } from '../../src/registry';
import { installFakeFetch } from './support/fakeFetch';
import { renderScreen, sampleUser } from './support/renderScreen';

const normal = { is_staff: false, is_crowdsourcing: false };
const crowd = { is_staff: false, is_crowdsourcing: true };
const shape = (viewer: typeof normal) =>
  Object.fromEntries(buildMenu(registry, viewer).map(({ group, links }) => [group, links.map((link) => link.to)]));

beforeEach(() => Cookies.set('fs_token', 'tok', { path: '/' }));
afterEach(() => {
  Cookies.remove('fs_token', { path: '/' });
  vi.unstubAllGlobals();
});

describe('the registry’s menu and tiles', () => {
  it('gives a normal user Rules as its own group and Notifications under Monitoring', () => {
    const menu = shape(normal);
    expect(menu.Rules).toEqual(['/rule-sets']);
    expect(menu.Monitoring).toEqual(['/notifications']);
    expect(Object.keys(menu)).toEqual(['Management', 'Data Operations', 'Rules', 'Monitoring']);
    expect(homeTilesOf(registry, normal).map((tile) => tile.to)).toEqual(['/profiles', '/data-sources', '/rule-sets']);
  });

  it('gives a crowdsourcing user Monitoring → Notifications only, and the one tile', () => {
    expect(shape(crowd)).toEqual({ Monitoring: ['/notifications'] });
    expect(homeTilesOf(registry, crowd).map((tile) => tile.to)).toEqual(['/notifications']);
  });

  it('renders a crowdsourcing user’s menu and home', async () => {
    installFakeFetch({ 'GET /api/v1/users/me': { body: { ...sampleUser, is_crowdsourcing: true } } });
    const menu = renderScreen(<AppMenu />);
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([['Notifications', '/notifications']]);
    expect(within(nav).getByRole('button', { name: /Monitoring/ })).toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: /Rules/ })).toBeNull();
    menu.unmount();
    renderScreen(<Home />);
    expect(await screen.findByRole('link', { name: /^See my notifications/ })).toHaveAttribute('href', '/notifications');
    expect(screen.queryByRole('link', { name: /Create Rule for Notifications/ })).toBeNull();
  });
});
