// SPEC §2 Profiles list, §4 Sorting / Search / Profile range filters: the filters, the
// search and the sorting of /profiles narrow what the table shows and live in the
// address; CONVENTIONS "Who sees what": a normal user sees the public data source's
// profiles only. The expected counts are the API's for the same address.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { createActiveUser, staffToken } from './fixtures/accounts';
import { admin, appUrl } from './fixtures/env';
import type { ListResponse, Profile, ProfileSummary } from '../../types/api';
import {
  apiProfileCount,
  chooseInFilter,
  clickRatingSlider,
  columnTexts,
  detailValue,
  expectCountOfAddress,
  expectListedCount,
  listedCount,
  privateStaffProfile,
  profileSection,
  profilesTable,
  waitForRows,
} from './fixtures/profiles';
import { logout, searchList, sideMenu, signIn } from './fixtures/ui';

const param = (page: Page, key: string) => new URL(page.url()).searchParams.get(key);
const ratings = (texts: string[]) => texts.map(Number);

test('gender, nationality, rating range, search and sorting narrow the profiles and live in the address', async ({ page }) => {
  const token = await staffToken();
  await signIn(page, admin);
  await sideMenu(page).getByRole('link', { name: 'Profiles' }).click();
  await expect(page).toHaveURL(/\/profiles(\?|$)/);
  await expect(page.getByRole('heading', { level: 1, name: 'Profiles' })).toBeVisible();
  await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveAttribute('placeholder', 'Search profiles...');
  const all = await listedCount(page, 'profiles');
  expect(all).toBe(await apiProfileCount(page.url(), token));

  await chooseInFilter(page, 'Genders', ['Female']);
  await expect(page).toHaveURL(/[?&]gender=female(&|$)/);
  const women = await expectCountOfAddress(page, token);
  expect(women).toBeLessThan(all);

  await chooseInFilter(page, 'Nationalities', ['United States (US)', 'United Kingdom (GB)']);
  await expect(page).toHaveURL(/[?&]nationalities=US(&|$)/);
  expect(new URL(page.url()).searchParams.getAll('nationalities').sort()).toEqual(['GB', 'US']);
  const womenUsGb = await expectCountOfAddress(page, token);
  expect(womenUsGb).toBeLessThan(women);

  // Checked, the range is sent whole; then a press on the rail raises its lower end.
  const minimum = page.getByRole('slider', { name: 'Tech Rating minimum' });
  await expect(minimum).toBeDisabled();
  // click, not check(): the box follows the address, which the router updates in a transition
  const enable = page.getByRole('checkbox', { name: 'Tech Rating' });
  await enable.click();
  await expect(enable).toBeChecked();
  await expect(page).toHaveURL(/[?&]tech_rating__gte=0(&|$)/);
  await expect(page).toHaveURL(/[?&]tech_rating__lte=10(&|$)/);
  await expect(minimum).toBeEnabled();
  await expectCountOfAddress(page, token);
  await clickRatingSlider(page, 'Tech Rating', 0.4);
  await expect.poll(() => Number(param(page, 'tech_rating__gte'))).toBeGreaterThan(2);
  const low = Number(param(page, 'tech_rating__gte'));
  const high = Number(param(page, 'tech_rating__lte'));
  expect(high).toBe(10);
  const rated = await expectCountOfAddress(page, token);
  expect(rated).toBeLessThan(womenUsGb);
  expect(rated, 'enough rows for a second page').toBeGreaterThan(10);

  // The search goes out on Enter only, and back to page 1.
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  const box = page.getByRole('searchbox', { name: 'Search' });
  await box.fill('engineer');
  await expect(page).not.toHaveURL(/[?&]search=/);
  await box.press('Enter');
  await expect(page).toHaveURL(/[?&]search=engineer(&|$)/);
  expect(param(page, 'page')).toBe('1');
  const engineers = await expectCountOfAddress(page, token);
  expect(engineers).toBeGreaterThan(1);
  expect(engineers).toBeLessThan(rated);

  // The first click on a header sorts ascending, the second descending.
  const table = profilesTable(page);
  const header = table.getByRole('columnheader', { name: 'Tech Rating' });
  await header.getByRole('button').click();
  await expect(page).toHaveURL(/[?&]sort=tech_rating(&|$)/);
  await expect(page).toHaveURL(/[?&]direction=asc(&|$)/);
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await waitForRows(page);
  const ascending = ratings(await columnTexts(table, 'Tech Rating'));
  expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
  for (const value of ascending) expect(value >= low && value <= high, `${value} within ${low}–${high}`).toBe(true);

  await header.getByRole('button').click();
  await expect(page).toHaveURL(/[?&]direction=desc(&|$)/);
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(async () => ratings(await columnTexts(table, 'Tech Rating'))[0]).toBe(Math.max(...ascending));
  const descending = ratings(await columnTexts(table, 'Tech Rating'));
  expect(descending).toEqual([...ascending].sort((a, b) => b - a));
  await expectListedCount(page, 'profiles', engineers);
  for (const key of ['gender', 'nationalities', 'tech_rating__gte', 'tech_rating__lte', 'search', 'sort', 'direction', 'page'])
    expect(param(page, key), key).not.toBeNull();
  const keys = [...new URL(page.url()).searchParams.keys()];
  expect(keys, 'address keys sorted').toEqual([...keys].sort());

  // The top row's detail obeys every filter.
  const top = table.locator('tbody').getByRole('row').first();
  const name = (await top.getByRole('link').first().innerText()).trim();
  await top.getByRole('link', { name }).click();
  await expect(page).toHaveURL(/\/profiles\/\d+$/);
  const annotation = profileSection(page, 'AI Annotation');
  await expect(detailValue(annotation, 'Gender')).toHaveText('Female');
  await expect(detailValue(annotation, 'Nationalities')).toContainText(/United States \(US\)|United Kingdom \(GB\)/);
  await expect(detailValue(annotation, 'Tech Rating')).toHaveText(String(Math.max(...ascending)));
});

test("a profile only in the private 'AI Researchers Watchlist' is found by staff, not by a normal user", async ({ page }) => {
  const hidden = await privateStaffProfile();
  const fullName = `${hidden.firstName} ${hidden.lastName}`;
  const user = await createActiveUser('viewer');

  await signIn(page, admin);
  await page.goto('/profiles');
  const staffTotal = await listedCount(page, 'profiles');
  await searchList(page, fullName);
  await expectListedCount(page, 'profiles', 1);
  await profilesTable(page).getByRole('link', { name: hidden.firstName, exact: true }).click();
  await expect(page).toHaveURL(`/profiles/${hidden.id}`);
  await expect(detailValue(profileSection(page, 'Basic Info'), 'Data Sources')).toContainText('AI Researchers Watchlist');
  await expect(detailValue(profileSection(page, 'Basic Info'), 'Data Sources')).not.toContainText('European Founders (public)');

  await logout(page);
  await signIn(page, user);
  await page.goto('/profiles');
  const userTotal = await listedCount(page, 'profiles');
  expect(userTotal).toBeLessThan(staffTotal);
  // The data source filter offers only what the user may read.
  await page.getByRole('combobox', { name: 'Data Sources' }).click();
  await expect(page.getByRole('option')).toHaveText([
    'European Founders (public)',
    'Open alumni export (public)',
    'PDL: founders in Berlin (public)',
  ]);
  await page.getByRole('combobox', { name: 'Data Sources' }).press('Escape');

  await searchList(page, fullName);
  await expectListedCount(page, 'profiles', 0);
  await expect(page.getByText('No profiles match these filters.')).toBeVisible();
  await page.goto(`/profiles/${hidden.id}`);
  await expect(page.getByRole('alert')).toContainText(/^Error: /);
  await expect(page.getByText(fullName)).toHaveCount(0);
});

test("a profile's detail fits a laptop screen: no sideways scrolling, its buttons in view", async ({ page }) => {
  // the profile whose ten lists say the most, among the first hundred
  const token = await staffToken();
  const headers = { Authorization: `Token ${token}` };
  const { results } = (await (await fetch(`${appUrl}/api/v1/profiles?page_size=100`, { headers })).json()) as ListResponse<ProfileSummary>;
  let widest = { id: results[0].id, length: 0 };
  for (const { id } of results.slice(0, 40)) {
    const profile = (await (await fetch(`${appUrl}/api/v1/profiles/${id}`, { headers })).json()) as Profile;
    const length = JSON.stringify([profile.educations, profile.jobs, profile.recommendations, profile.summary]).length;
    if (length > widest.length) widest = { id, length };
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, admin);
  await page.goto(`/profiles/${widest.id}`);
  const connections = page.getByRole('link', { name: 'View Connections', exact: true });
  await expect(connections).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  const box = await connections.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(1280);
});
