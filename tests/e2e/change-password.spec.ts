// SPEC §2 Account screens (/user-profile-detail, /change-password), §4 "After a password
// change the user is logged out", §8 'Password changed successfully!'.
import { expect, test } from './fixtures/test';
import { createActiveUser } from './fixtures/accounts';
import { expectSignInRefused, field, openAccountMenu, signIn } from './fixtures/ui';

test('Profile Settings shows the account; changing the password logs out, the old password is refused, the new one works', async ({
  page,
}) => {
  const account = await createActiveUser('changer');
  await signIn(page, account);

  await (await openAccountMenu(page)).getByRole('menuitem', { name: 'Profile Settings' }).click();
  await expect(page).toHaveURL('/user-profile-detail');
  await expect(field(page, 'First Name')).toHaveValue(account.firstName);
  await expect(field(page, 'Last Name')).toHaveValue(account.lastName);
  await expect(field(page, 'Email')).toHaveValue(account.email);

  await page.getByRole('main').getByRole('link', { name: 'Change Password' }).click();
  await expect(page).toHaveURL('/change-password');
  const newPassword = `${account.password}-changed`;
  await field(page, 'Old Password').fill(account.password);
  await field(page, 'New Password').fill(newPassword);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByText('Password changed successfully!')).toBeVisible();
  // logged out, on /login after 2 seconds
  await expect(page).toHaveURL('/login', { timeout: 6000 });
  await page.goto('/');
  await expect(page).toHaveURL('/login');

  await expectSignInRefused(page, account);
  await signIn(page, { email: account.email, password: newPassword });
});

test('a wrong old password is refused with the server message and keeps the session', async ({ page }) => {
  const account = await createActiveUser('wrongold');
  await signIn(page, account);
  await page.goto('/change-password');
  await field(page, 'Old Password').fill('not-my-password');
  await field(page, 'New Password').fill(`${account.password}-never`);
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByText('Password changed successfully!')).toHaveCount(0);
  await page.goto('/');
  await expect(page).toHaveURL('/');
});
