// SPEC §2 Profile detail and sub-screens, §5 Rating (0.00–10.00), §6 roles: staff give
// the FS Rating, everyone sees it and gives their own rating and comment; staff see every comment under
// its author's e-mail and find their earlier comment in the form, a normal user sees
// only their own.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { createActiveUser, type Account } from './fixtures/accounts';
import { admin } from './fixtures/env';
import { detailValue, expectListedCount, profileSection, profilesTable, publicProfile, type ProfileRef } from './fixtures/profiles';
import { field, logout, searchList, signIn } from './fixtures/ui';

/** From /profiles, by searching its name, to the profile's detail screen. */
async function openProfile(page: Page, profile: ProfileRef): Promise<void> {
  await page.goto('/profiles');
  await searchList(page, `${profile.firstName} ${profile.lastName}`);
  await expectListedCount(page, 'profiles', 1);
  await profilesTable(page).getByRole('link', { name: profile.firstName, exact: true }).click();
  await expect(page).toHaveURL(`/profiles/${profile.id}`);
  await expect(page.getByRole('heading', { level: 1, name: `${profile.firstName} ${profile.lastName}` })).toBeVisible();
}

/** Through the detail screen's button to its one-field form, send `value`, and back to the detail. */
async function submitFromDetail(page: Page, profile: ProfileRef, button: string, label: string, value: string): Promise<void> {
  await page.getByRole('link', { name: button, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: button })).toBeVisible();
  await field(page, label).fill(value);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(`/profiles/${profile.id}`);
}

const unique = () => Date.now().toString(36);

test('staff and a normal user rate and comment on a profile, each seeing what their role shows', async ({ page }) => {
  const profile = await publicProfile();
  const user: Account = await createActiveUser('rater');
  const staffComment = `Staff note ${unique()}: strong founder signal.`;
  const userComment = `User note ${unique()}: worth a call.`;
  // a rating this run alone gives, so that a re-run shows its own write
  const staffRating = String(Number((5 + (Date.now() % 400) / 100).toFixed(2)));

  await signIn(page, admin);
  await openProfile(page, profile);
  for (const button of ['Add/Update FS Rating', 'Add/Update Profile Rating', 'Add/Update Comment', 'View Connections'])
    await expect(page.getByRole('link', { name: button, exact: true })).toBeVisible();
  await submitFromDetail(page, profile, 'Add/Update FS Rating', 'FS Rating', '8.25');
  const rating = profileSection(page, 'Rating');
  await expect(detailValue(rating, 'FS Rating')).toHaveText('8.25');
  await submitFromDetail(page, profile, 'Add/Update Profile Rating', 'User Rating', staffRating);
  await expect(detailValue(rating, 'User Rating')).toHaveText(staffRating);
  await submitFromDetail(page, profile, 'Add/Update Comment', 'Comment', staffComment);
  await expect(detailValue(profileSection(page, 'Comments'), admin.email)).toHaveText(staffComment);

  // Out of range: the form says so and nothing is saved.
  await page.getByRole('link', { name: 'Add/Update Profile Rating', exact: true }).click();
  await expect(field(page, 'User Rating')).toHaveValue(staffRating);
  await field(page, 'User Rating').fill('10.5');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Must be 10.00 or less')).toBeVisible();
  await expect(page).toHaveURL(`/profiles/${profile.id}/profile-rating`);
  await page.getByRole('link', { name: 'Back to Profile' }).click();
  await expect(page).toHaveURL(`/profiles/${profile.id}`);
  await expect(detailValue(rating, 'User Rating')).toHaveText(staffRating);
  // Staff find their earlier comment in the form.
  await page.getByRole('link', { name: 'Add/Update Comment', exact: true }).click();
  await expect(field(page, 'Comment')).toHaveValue(staffComment);
  await logout(page);

  await signIn(page, user);
  await openProfile(page, profile);
  await expect(page.getByRole('link', { name: 'Add/Update Profile Rating', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add/Update FS Rating' })).toHaveCount(0);
  // everyone sees the FS Rating (SPEC §2/§3); only giving it is staff-only
  await expect(detailValue(rating, 'FS Rating')).toHaveText('8.25');
  await expect(detailValue(rating, 'User Rating')).toHaveText('N/A');
  const comments = profileSection(page, 'Comments');
  await expect(comments).toContainText('No comments');
  await expect(comments).not.toContainText(staffComment);

  await submitFromDetail(page, profile, 'Add/Update Profile Rating', 'User Rating', '6.75');
  await expect(detailValue(rating, 'User Rating')).toHaveText('6.75');
  await submitFromDetail(page, profile, 'Add/Update Comment', 'Comment', userComment);
  await expect(comments).toContainText(userComment);
  await expect(comments).not.toContainText(staffComment);
  await expect(comments).not.toContainText(admin.email);
  await expect(comments).not.toContainText(user.email);
  // The earlier comment is loaded for staff only.
  await page.getByRole('link', { name: 'Add/Update Comment', exact: true }).click();
  await expect(field(page, 'Comment')).toHaveValue('');
  await logout(page);

  await signIn(page, admin);
  await openProfile(page, profile);
  await expect(detailValue(comments, admin.email)).toHaveText(staffComment);
  await expect(detailValue(comments, user.email)).toHaveText(userComment);
  await expect(detailValue(rating, 'FS Rating')).toHaveText('8.25');
  await expect(detailValue(rating, 'User Rating')).toHaveText(staffRating);
});
