// SPEC §2 Profiles list (bulk 'Add to List' / 'Remove from List'), Profile lists
// (create, detail, add-profiles / remove-profiles), §4 Adding or removing profiles,
// §5 'Please select a profile list.', §8 the success messages.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { createActiveUser } from './fixtures/accounts';
import { columnTexts, profileCheckbox, shownProfiles, waitForRows, type ProfileRef } from './fixtures/profiles';
import { field, rowWith, runBulkAction, signIn } from './fixtures/ui';

const listsTable = (page: Page) => page.getByRole('table', { name: 'Profile Lists' });

async function selectProfiles(page: Page, profiles: ProfileRef[]): Promise<void> {
  await page.goto('/profiles');
  await waitForRows(page);
  for (const { id } of profiles) await profileCheckbox(page, id).check();
}

/** On add-profiles / remove-profiles: the ids arrived, the list is chosen, the form sent. */
async function sendToList(page: Page, profiles: ProfileRef[], listName: string, submit: string): Promise<void> {
  expect(new URL(page.url()).searchParams.getAll('id').map(Number).sort()).toEqual(profiles.map((p) => p.id).sort());
  await expect(page.getByText(`${profiles.length} profiles selected`)).toBeVisible();
  await page.getByRole('combobox', { name: 'Profile List' }).click();
  await page.getByRole('option', { name: listName, exact: true }).click();
  await page.getByRole('button', { name: submit, exact: true }).click();
}

async function expectMemberCount(page: Page, listName: string, count: number): Promise<void> {
  await page.goto('/profile-lists');
  await expect(rowWith(page, listName)).toHaveCount(1);
  await expect.poll(async () => columnTexts(listsTable(page), 'Number of Profiles')).toEqual([String(count)]);
}

test('selected profiles go to a new list, show on it, and come out of it again', async ({ page }) => {
  const user = await createActiveUser('curator');
  const listName = `Shortlist ${Date.now().toString(36)}`;
  await signIn(page, user);

  await page.goto('/profile-lists');
  await expect(page.getByText('There are 0 profile lists')).toBeVisible();
  await page.getByRole('link', { name: 'Create Profile List' }).click();
  await expect(page).toHaveURL('/profile-lists/create');
  await field(page, 'Name').fill(listName);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/profile-lists\/\d+$/);
  const listPath = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { level: 1, name: `Profile List ${listName}` })).toBeVisible();
  await expect(page.getByText('No profiles in this list.')).toBeVisible();

  await page.goto('/profiles');
  await waitForRows(page);
  const chosen = (await shownProfiles(page)).slice(0, 2);
  await selectProfiles(page, chosen);
  await runBulkAction(page, 'Add to List');
  await expect(page).toHaveURL(/\/profile-lists\/add-profiles\?id=\d+&id=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Add Profiles to List' })).toBeVisible();
  await sendToList(page, chosen, listName, 'Add Profiles');
  await expect(page.getByText('Profiles successfully added to the selected list.')).toBeVisible();

  await expectMemberCount(page, listName, 2);
  await listsTable(page).getByRole('link', { name: listName }).click();
  await expect(page).toHaveURL(listPath);
  const members = page.getByRole('table', { name: 'Profiles' });
  await expect(members.locator('tbody').getByRole('row')).toHaveCount(2);
  for (const profile of chosen) {
    const row = members.getByRole('row').filter({ has: page.getByRole('link', { name: String(profile.id), exact: true }) });
    await expect(row.getByRole('link')).toHaveAttribute('href', `/profiles/${profile.id}`);
    await expect(row).toContainText(profile.firstName);
    await expect(row).toContainText(profile.lastName);
  }

  await selectProfiles(page, chosen);
  await runBulkAction(page, 'Remove from List');
  await expect(page).toHaveURL(/\/profile-lists\/remove-profiles\?id=\d+&id=\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Remove Profiles from List' })).toBeVisible();
  await sendToList(page, chosen, listName, 'Remove Profiles');
  await expect(page.getByText('Selected profiles successfully removed from the list.')).toBeVisible();

  await page.goto(listPath);
  await expect(page.getByText('No profiles in this list.')).toBeVisible();
  await expectMemberCount(page, listName, 0);
});

test('adding profiles without choosing a list says so, and the bulk actions need a selected row', async ({ page }) => {
  const user = await createActiveUser('chooser');
  await signIn(page, user);

  await page.goto('/profiles');
  await waitForRows(page);
  await runBulkAction(page, 'Add to List');
  await expect(page).toHaveURL('/profiles');
  await runBulkAction(page, 'Remove from List');
  await expect(page).toHaveURL('/profiles');

  const [first] = await shownProfiles(page);
  await profileCheckbox(page, first.id).check();
  await runBulkAction(page, 'Add to List');
  await expect(page).toHaveURL(`/profile-lists/add-profiles?id=${first.id}`);
  await expect(page.getByText('1 profile selected')).toBeVisible();
  await page.getByRole('button', { name: 'Add Profiles', exact: true }).click();
  await expect(page.getByText('Please select a profile list.')).toBeVisible();
  await expect(page).toHaveURL(`/profile-lists/add-profiles?id=${first.id}`);
});
