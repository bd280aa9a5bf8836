// SPEC §2 Profiles list ('Save Search'), Saved searches (/searches/create, My Searches),
// §5 saved search name required: a filtered, sorted profiles query saved under a name
// and reopened from My Searches as the very same query with the same count.
import { expect, test } from './fixtures/test';
import { createActiveUser, signInToken } from './fixtures/accounts';
import { chooseInFilter, expectCountOfAddress, expectListedCount, profilesTable, queryPairs, waitForRows } from './fixtures/profiles';
import { field, rowWith, searchList, sideMenu, signIn } from './fixtures/ui';

test('Save Search keeps the profiles query, and My Searches reopens it with the same count', async ({ page }) => {
  const user = await createActiveUser('saver');
  const token = await signInToken(user);
  const name = `Men in Europe ${Date.now().toString(36)}`;
  await signIn(page, user);

  await page.goto('/profiles');
  await waitForRows(page);
  await chooseInFilter(page, 'Genders', ['Male']);
  await chooseInFilter(page, 'Nationalities', ['Germany (DE)', 'France (FR)', 'Spain (ES)', 'United Kingdom (GB)']);
  const education = page.getByRole('checkbox', { name: 'Education Rating' });
  await education.click();
  await expect(education).toBeChecked();
  await expect(page).toHaveURL(/[?&]education_rating__gte=/);
  const lastName = profilesTable(page).getByRole('columnheader', { name: 'Last Name' });
  await lastName.getByRole('button').click();
  await expect(page).toHaveURL(/[?&]sort=last_name(&|$)/);
  const count = await expectCountOfAddress(page, token);
  expect(count).toBeGreaterThan(0);
  const query = new URL(page.url()).search;

  await page.getByRole('link', { name: 'Save Search' }).click();
  await expect(page).toHaveURL(`/searches/create${query}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Save Search' })).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Required')).toBeVisible();
  await expect(page).toHaveURL(`/searches/create${query}`);
  await field(page, 'Name').fill(name);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/searches(\?|$)/);

  // Elsewhere and back through the menu: My Searches lists it.
  await page.goto('/profiles');
  await sideMenu(page).getByRole('link', { name: 'My Searches' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My Searches' })).toBeVisible();
  await expect(page.getByText('There are 1 searches')).toBeVisible();
  await searchList(page, name);
  const saved = rowWith(page, name).getByRole('link', { name, exact: true });
  await expect(saved).toHaveAttribute('href', `/profiles${query}`);
  await saved.click();

  await expect(page).toHaveURL(/\/profiles\?/);
  expect(queryPairs(page.url())).toEqual(queryPairs(`http://x/profiles${query}`));
  await expectListedCount(page, 'profiles', count);
  await expect(education).toBeChecked();
  await expect(lastName).toHaveAttribute('aria-sort', 'ascending');
  for (const chip of ['Male', 'Germany (DE)', 'France (FR)'])
    await expect(page.getByRole('button', { name: chip, exact: true })).toBeVisible();
});
