// SPEC §2 /forgot-password and /reset-password, §5 Reset password, §8 messages;
// CONVENTIONS Emails (reset link, single use).
import { expect, test } from './fixtures/test';
import { createActiveUser } from './fixtures/accounts';
import { appUrl } from './fixtures/env';
import { mailCount, waitForLink } from './fixtures/mail';
import { expectSignInRefused, field, signIn } from './fixtures/ui';

test('forgot password mails a reset link; the new password works, the old one no longer', async ({ page }) => {
  const account = await createActiveUser('reset');
  const before = mailCount(account.email);

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your Password?' }).click();
  await expect(page).toHaveURL('/forgot-password');
  await field(page, 'Email').fill(account.email);
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(
    page.getByText('Password change request successful! An email has been sent. Please check your email to change your account.'),
  ).toBeVisible();

  const link = await waitForLink(account.email, '/reset-password', { after: before });
  expect(link.origin).toBe(appUrl);
  expect(link.searchParams.get('email')).toBe(account.email);
  expect(link.searchParams.get('code')).toBeTruthy();

  const newPassword = `${account.password}-renewed`;
  await page.goto(link.href);
  await field(page, 'New Password').fill(newPassword);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Password reset successfully. Please login with your new password.')).toBeVisible();
  // then /login after 2 seconds
  await expect(page).toHaveURL('/login', { timeout: 6000 });

  await expectSignInRefused(page, account);
  await signIn(page, { email: account.email, password: newPassword });

  // The link works once.
  await page.context().clearCookies();
  await page.goto(link.href);
  await field(page, 'New Password').fill(`${newPassword}-again`);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page.getByText('Password reset successfully.')).toHaveCount(0);
});

test('a reset link without email or code says the request is invalid', async ({ page }) => {
  for (const query of ['', '?email=someone%40e2e.test', '?code=abc']) {
    await page.goto(`/reset-password${query}`);
    await expect(page.getByText('Invalid request. Email or code is missing.')).toBeVisible();
  }
});

test('forgot password requires the email', async ({ page }) => {
  await page.goto('/forgot-password');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(field(page, 'Email')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(/Password change request successful/)).toHaveCount(0);
});
