// SPEC §2 Users and organizations (staff): create an organization, add users to it with
// the users list's bulk action, see them on its detail; §5 and §8 messages.
import { expect, test } from './fixtures/test';
import { createActiveUser } from './fixtures/accounts';
import { admin } from './fixtures/env';
import { field, rowWith, runBulkAction, searchList, selectRows, signIn } from './fixtures/ui';

test('staff creates an organization and adds selected users to it', async ({ page }) => {
  const tag = `org${Date.now().toString(36)}`;
  const members = [await createActiveUser(tag), await createActiveUser(tag)];
  const organization = `Scouts ${tag}`;
  await signIn(page, admin);

  await page.goto('/organizations');
  await expect(page.getByText(/^There are \d+ organizations$/)).toBeVisible();
  await page.getByRole('link', { name: 'Create Organization' }).click();
  await expect(page).toHaveURL('/organizations/create');
  await field(page, 'Name').fill(organization);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/organizations\/\d+$/);
  await page.goto('/organizations');
  await expect(rowWith(page, organization)).toHaveCount(1);

  await page.goto('/users');
  await searchList(page, tag);
  for (const member of members) await expect(rowWith(page, member.email)).toHaveCount(1);
  await selectRows(
    page,
    members.map((m) => m.email),
  );
  await runBulkAction(page, 'Add to Organization');
  await expect(page).toHaveURL(/\/organizations\/add-users\?/);
  const ids = new URL(page.url()).searchParams.getAll('id').map(Number).sort();
  expect(ids).toEqual(members.map((m) => m.id).sort());

  await page.getByRole('combobox', { name: 'Organization' }).click();
  await page.getByRole('option', { name: organization }).click();
  await page.getByRole('button', { name: 'Add Users' }).click();
  await expect(page.getByText('Users successfully added to the selected organization.')).toBeVisible();

  await page.goto('/organizations');
  await rowWith(page, organization).getByRole('link', { name: organization }).click();
  await expect(page).toHaveURL(/\/organizations\/\d+$/);
  for (const member of members) {
    const row = rowWith(page, member.email);
    await expect(row).toContainText(member.firstName);
    await expect(row).toContainText(member.lastName);
  }
});

test('adding users without choosing an organization says so', async ({ page }) => {
  const member = await createActiveUser('nochoice');
  await signIn(page, admin);
  await page.goto(`/organizations/add-users?id=${member.id}`);
  await page.getByRole('button', { name: 'Add Users' }).click();
  await expect(page.getByText('Please select a organization.')).toBeVisible();
});

test('the organization bulk actions do nothing without a selected row', async ({ page }) => {
  await signIn(page, admin);
  await page.goto('/users');
  await expect(page.getByText(/^There are \d+ users$/)).toBeVisible();
  await runBulkAction(page, 'Add to Organization');
  await expect(page).toHaveURL('/users');
  await runBulkAction(page, 'Remove from Organization');
  await expect(page).toHaveURL('/users');
});
