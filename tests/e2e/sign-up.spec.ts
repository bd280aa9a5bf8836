// SPEC §2 /signup and /activate-account, Home, Top bar; CONVENTIONS Emails (activation link).
import { expect, test } from './fixtures/test';
import { createActiveUser, newAccount } from './fixtures/accounts';
import { appUrl } from './fixtures/env';
import { waitForLink } from './fixtures/mail';
import { expectSignInRefused, field, logout, openAccountMenu, signIn, signUp } from './fixtures/ui';

test('sign up, activate from the mailed link, sign in, see the home tiles, log out', async ({ page }) => {
  const account = newAccount('signup');
  await signUp(page, account);
  await expect(
    page.getByText('Registration successful! An activation email has been sent. Please check your email to activate your account.'),
  ).toBeVisible();
  // then /login after 1 second
  await expect(page).toHaveURL('/login', { timeout: 5000 });

  // Not active yet: sign-in is refused.
  await expectSignInRefused(page, account);

  const link = await waitForLink(account.email, '/activate-account');
  expect(link.origin).toBe(appUrl);
  expect(link.searchParams.get('email')).toBe(account.email);
  expect(link.searchParams.get('code')).toBeTruthy();

  await page.goto(link.href);
  await expect(page.getByText('Account successfully activated. You will be redirected to login.')).toBeVisible();
  await expect(page).toHaveURL('/login', { timeout: 5000 });

  await signIn(page, account);
  const tiles: [string, string][] = [
    ['See Profiles', '/profiles'],
    ['Setup Data Source', '/data-sources'],
    ['Create Rule for Notifications', '/rule-sets'],
  ];
  for (const [name, href] of tiles) {
    await expect(page.getByRole('link', { name: new RegExp(`^${name}`) })).toHaveAttribute('href', href);
  }
  await expect(page.getByRole('link', { name: /^See my notifications/ })).toHaveCount(0);

  await logout(page);
  await page.goto('/');
  await expect(page).toHaveURL('/login');
});

test('an activation link used a second time fails with the activation error', async ({ page }) => {
  const account = newAccount('twice');
  await signUp(page, account);
  const link = await waitForLink(account.email, '/activate-account');

  await page.goto(link.href);
  await expect(page.getByText('Account successfully activated. You will be redirected to login.')).toBeVisible();
  await page.goto(link.href);
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByText('Account successfully activated.')).toHaveCount(0);
});

test('sign-up fields are required', async ({ page }) => {
  await page.goto('/signup');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL('/signup');
  for (const label of ['First Name', 'Last Name', 'Email', 'Password']) {
    await expect(field(page, label)).toHaveAttribute('aria-invalid', 'true');
  }
});

test('the top bar shows initials, full name and email, and a menu of Profile Settings, Platform Connections, Logout', async ({ page }) => {
  const account = await createActiveUser('topbar');
  await signIn(page, account);

  const accountButton = page.getByRole('button', { name: /^Account menu of / });
  await expect(accountButton).toContainText(`${account.firstName[0]}${account.lastName[0]}`);
  await expect(accountButton).toContainText(`${account.firstName} ${account.lastName}`);
  await expect(accountButton).toContainText(account.email);

  const menu = await openAccountMenu(page);
  await expect(menu.getByRole('menuitem')).toHaveText(['Profile Settings', 'Platform Connections', 'Logout']);
  await menu.getByRole('menuitem', { name: 'Platform Connections' }).click();
  await expect(page).toHaveURL('/platform-connections');
  await (await openAccountMenu(page)).getByRole('menuitem', { name: 'Profile Settings' }).click();
  await expect(page).toHaveURL('/user-profile-detail');
});
