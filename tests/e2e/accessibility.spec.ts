// Every public screen and the signed-in shell (home and the users list, as staff)
// have no accessibility violation of impact serious or critical (axe, WCAG 2.x A/AA).
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { admin } from './fixtures/env';
import { signIn } from './fixtures/ui';

async function expectNoSeriousViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious.map(
    (v) =>
      `${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}: ${n.failureSummary?.replace(/\n/g, ' ')}`).join('\n')}`,
  );
  expect(report, `axe violations on ${page.url()}`).toEqual([]);
}

const publicScreens: [string, string | RegExp][] = [
  ['/login', 'Sign in'],
  ['/signup', 'Sign up'],
  ['/forgot-password', /Forgot your password/i],
  ['/reset-password?email=someone%40e2e.test&code=not-a-code', 'Reset password'],
  ['/reset-password', 'Invalid request. Email or code is missing.'],
  ['/activate-account?email=someone%40e2e.test&code=not-a-code', 'Activation failed. Please try again or contact support.'],
];

for (const [route, landmark] of publicScreens) {
  test(`public screen ${route} has no serious accessibility violation`, async ({ page }) => {
    await page.goto(route);
    await expect(page.getByText(landmark).first()).toBeVisible();
    await expectNoSeriousViolations(page);
  });
}

test('the signed-in shell (home, users list) has no serious accessibility violation', async ({ page }) => {
  await signIn(page, admin);
  await expect(page.getByRole('link', { name: /^See Profiles/ })).toBeVisible();
  await expectNoSeriousViolations(page);

  await page.goto('/users');
  await expect(page.getByText(/^There are \d+ users$/)).toBeVisible();
  await expect(page.getByRole('row').nth(1)).not.toContainText('Loading...');
  await expectNoSeriousViolations(page);
});
