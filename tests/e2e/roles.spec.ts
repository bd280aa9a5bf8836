// SPEC §1 user kinds, §2 Side menu, Home, Top bar, §6 roles: what normal, staff and
// crowdsourcing users see. The staff makes a user crowdsourcing with the users bulk action.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { createActiveUser, userByEmail } from './fixtures/accounts';
import { admin } from './fixtures/env';
import { logout, openAccountMenu, runBulkAction, searchList, selectRows, sideMenu, signIn } from './fixtures/ui';

// The menu is generated from the registered resources (SPEC §2 Side menu).
const NORMAL_MENU = {
  Management: ['My Searches', 'Profiles', 'Profile Lists', 'Companies'],
  'Data Operations': ['Data Sources', 'Executions'],
  Rules: ['Rules'],
  Monitoring: ['Notifications'],
};
const HREFS: Record<string, string> = {
  'My Searches': '/searches',
  Profiles: '/profiles',
  'Profile Lists': '/profile-lists',
  Companies: '/companies',
  'Data Sources': '/data-sources',
  Executions: '/executions',
  Rules: '/rule-sets',
  Notifications: '/notifications',
  Users: '/users',
  Organizations: '/organizations',
  'Audit Log': '/audit-log',
};

/** The side menu as { group: [entry labels] }, checking each entry's route. */
async function menuOf(page: Page): Promise<Record<string, string[]>> {
  const nav = sideMenu(page); // rendered once the current user is known
  await expect(nav).toBeAttached();
  const menu: Record<string, string[]> = {};
  for (const list of await nav.getByRole('list').all()) {
    const group = await list.getAttribute('aria-label');
    if (!group) continue;
    menu[group] = [];
    for (const link of await list.getByRole('link').all()) {
      const label = (await link.innerText()).trim();
      menu[group].push(label);
      expect(await link.getAttribute('href'), `route of ${label}`).toBe(HREFS[label]);
    }
  }
  return menu;
}

test('a normal user sees the Management group and no Admin group', async ({ page }) => {
  const user = await createActiveUser('normal');
  await signIn(page, user);
  expect(await menuOf(page)).toEqual(NORMAL_MENU);
  await page.goto('/users');
  await expect(page.getByText(/^There are \d+ users$/)).toHaveCount(0);
});

test('a staff user also sees the Admin group with Users, Organizations and the Audit Log', async ({ page }) => {
  await signIn(page, admin);
  expect(await menuOf(page)).toEqual({ ...NORMAL_MENU, Admin: ['Users', 'Organizations', 'Audit Log'] });
  await sideMenu(page).getByRole('link', { name: 'Users' }).click();
  await expect(page).toHaveURL(/\/users(\?.*)?$/);
  await expect(page.getByText(/^There are \d+ users$/)).toBeVisible();
});

test('menu groups start expanded and collapse and expand', async ({ page }) => {
  await signIn(page, admin);
  const nav = sideMenu(page);
  const toggle = nav.getByRole('button', { name: 'Management' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link', { name: 'Companies' })).toBeVisible();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link', { name: 'Companies' })).toBeHidden();
  await toggle.click();
  await expect(nav.getByRole('link', { name: 'Companies' })).toBeVisible();
});

test('a crowdsourcing user sees only Monitoring > Notifications, one tile and no Platform Connections link', async ({ page }) => {
  const scout = await createActiveUser('crowd');

  await signIn(page, admin);
  await page.goto('/users');
  await searchList(page, scout.email);
  await selectRows(page, [scout.email]);
  await runBulkAction(page, 'Set Crowdsource Status');
  await expect(page.getByText(/for 1 users?\./)).toBeVisible();
  await expect.poll(async () => (await userByEmail(scout.email)).is_crowdsourcing).toBe(true);
  await logout(page);

  await signIn(page, scout);
  // only Monitoring > Notifications: nothing of Management, Data Operations, Rules or Admin
  const scoutMenu = await menuOf(page);
  expect(scoutMenu).toEqual({ Monitoring: ['Notifications'] });
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: /^See my notifications/ })).toHaveAttribute('href', '/notifications');
  for (const tile of ['See Profiles', 'Setup Data Source', 'Create Rule for Notifications'])
    await expect(main.getByRole('link', { name: new RegExp(`^${tile}`) })).toHaveCount(0);
  const menu = await openAccountMenu(page);
  await expect(menu.getByRole('menuitem')).toHaveText(['Profile Settings', 'Logout']);
  await page.keyboard.press('Escape');
  await sideMenu(page).getByRole('link', { name: 'Notifications' }).click();
  await expect(page).toHaveURL(/\/notifications/);
  await expect(page.getByPlaceholder('Search body and recipient...')).toBeVisible();
});
