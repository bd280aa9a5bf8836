// Issue 19, end to end on the app as `npm start` runs it: staff find a change in Admin → Audit Log
// (from the object's History button, by the menu and its filters, as CSV), a normal user sees
// neither; a user sees their signed-in sessions in Profile Settings and ends another browser's,
// which is then signed out, and ends their own by signing out; an operator backs up the running
// app's embedded database (the server makes the snapshot) and cannot restore over it while it runs;
// a profiles page opened directly asks for its first calls itself (src/public/firstRequests.ts), and
// on a phone paints its screen's frame with the page (src/adminFrame/prerender.tsx) before the app
// renders over it without moving it.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './fixtures/test';
import { createActiveUser } from './fixtures/accounts';
import { admin } from './fixtures/env';
import { field, sideMenu, signIn } from './fixtures/ui';

test('staff find an organization’s changes in the audit log: from its History, by the menu’s filters, and as CSV', async ({ page }) => {
  const tag = `audit${Date.now().toString(36)}`;
  const first = `Audit ${tag}`;
  const renamed = `Audited ${tag}`;
  await signIn(page, admin);

  await page.goto('/organizations/create');
  await field(page, 'Name').fill(first);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(/\/organizations\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  await page.goto(`/organizations/${id}/update`);
  await field(page, 'Name').fill(renamed);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page).toHaveURL(`/organizations/${id}`);

  // the detail's History: this organization's two entries, the rename's before → after
  await page.getByRole('link', { name: 'History' }).click();
  await expect(page).toHaveURL(/\/audit-log\?.*entity=organizations/);
  expect(new URL(page.url()).searchParams.get('object_id')).toBe(String(id));
  await expect(page.getByText('There are 2 recorded changes')).toBeVisible();
  await expect(page.getByText(`name: ${first} → ${renamed}`)).toBeVisible();
  // the object, still there, links to its detail
  await page.getByRole('link', { name: renamed, exact: true }).first().click();
  await expect(page).toHaveURL(`/organizations/${id}`);

  // Admin → Audit Log (with or without the last filters, as react-admin restores them), filtered by
  // action: the newest creation is this one, its object as it read when written, linked while there
  await sideMenu(page).getByRole('link', { name: 'Audit Log' }).click();
  await expect(page).toHaveURL(/\/audit-log/);
  await page.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: 'Create', exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/action=create/);
  await expect(page.getByText(/^There (is 1 recorded change|are \d+ recorded changes)$/)).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Update', exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: first, exact: true })).toHaveAttribute('href', `/organizations/${id}`);

  // the CSV of the filtered list
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^audit-log-\d+\.csv$/);
  const csv = await readFile((await download.path())!, 'utf8');
  expect(csv).toContain(`${id},${first}`);
  expect(csv).toContain(',create,');
  expect(csv).not.toContain(',update,');
});

test('a user ends another browser’s session from Profile Settings, which is signed out; then signs out by ending their own', async ({
  page,
  browser,
}) => {
  const user = await createActiveUser('sessions');
  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  await signIn(other, user);
  await signIn(page, user);

  // no audit log for a normal user
  await expect(sideMenu(page).getByRole('link', { name: 'Audit Log' })).toHaveCount(0);

  await page.goto('/user-profile-detail');
  const sessions = page.getByRole('region', { name: 'Signed-in sessions' });
  await expect(sessions.getByText('This device')).toBeVisible();
  // the session the test's API calls opened (Node's fetch), ended alone
  await sessions.getByRole('button', { name: 'End the session on Node.js' }).click();
  await expect(page.getByText('The session is ended.')).toBeVisible();
  await expect(sessions.getByRole('button', { name: 'End the session on Node.js' })).toHaveCount(0);
  // the other browser's, with every other one
  await sessions.getByRole('button', { name: 'End all other sessions' }).click();
  await page.getByRole('dialog', { name: 'End all other sessions?' }).getByRole('button', { name: 'End all other sessions' }).click();
  await expect(page.getByText('Every other session is ended.')).toBeVisible();
  await expect(sessions.getByText('You are signed in on this device only.')).toBeVisible();

  // the other browser's token is refused: it lands on the sign-in screen
  await other.goto('/profiles');
  await expect(other).toHaveURL(/\/login/);
  await elsewhere.close();

  await sessions.getByRole('button', { name: 'End this session (sign out)' }).click();
  await expect(page).toHaveURL(/\/login/);
});

test('a profiles page opened directly asks for its first calls with the page, and the app takes their answers', async ({ page }) => {
  await signIn(page, admin);
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) asked.push(`${url.pathname}${url.search}`);
  });
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy/i.test(message.text())) refused.push(message.text());
  });
  await page.goto('/profiles');
  await expect(page.getByText(/^There (is 1 profile|are \d+ profiles)$/)).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'First Name' })).toBeVisible();
  // each asked for once: by the page, its answer taken by the app (which would otherwise ask again)
  expect(asked.filter((url) => url === '/api/v1/users/me')).toHaveLength(1);
  expect(asked.filter((url) => url === '/api/v1/profiles/dimensions/')).toHaveLength(1);
  expect(asked.filter((url) => url === '/api/v1/profiles?page=1&page_size=10')).toHaveLength(1);
  expect(
    await page.evaluate(() => Object.keys((window as { __firstRequests?: { at: object } }).__firstRequests?.at ?? { none: 1 })),
  ).toEqual([]);
  expect(refused).toEqual([]);
});

test('on a phone the profiles screen fits its width: its wide table scrolls inside its own box', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 823 });
  await signIn(page, admin);
  await page.goto('/profiles');
  await expect(page.getByRole('columnheader', { name: 'First Name' })).toBeVisible();
  // the header's buttons and the filters are within the screen, the page does not scroll sideways
  await expect(page.getByRole('button', { name: 'Export' })).toBeInViewport();
  const widths = await page.evaluate(() => {
    const table = document.querySelector('table');
    return {
      page: document.documentElement.scrollWidth,
      screen: window.innerWidth,
      table: table?.scrollWidth ?? 0,
      box: table?.closest('.MuiPaper-root')?.clientWidth ?? 0,
    };
  });
  expect(widths.page).toBeLessThanOrEqual(widths.screen);
  expect(widths.table).toBeGreaterThan(widths.box);
});

test('an operator backs up the running app’s database, and a restore over it is refused while it runs', () => {
  const dataDir = process.env.E2E_DATA_DIR;
  expect(dataDir, 'the global setup names the app’s DATA_DIR').toBeTruthy();
  const dir = mkdtempSync(join(tmpdir(), 'e2e-backup-'));
  const file = join(dir, 'nightly.tar.gz');
  const manage = (...args: string[]) => {
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
    delete env.DATABASE_URL;
    return spawnSync('npm', ['run', '-s', 'manage', '--', ...args], { env, encoding: 'utf8', timeout: 120_000 });
  };
  try {
    const backup = manage('backup', file);
    expect(backup.status, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(/a snapshot made by the running server, pid \d+/);
    expect(statSync(file).size).toBeGreaterThan(100_000);
    const restore = manage('restore', file, '--force');
    expect(restore.status).toBe(1);
    expect(restore.stderr + restore.stdout).toMatch(/is running on DATA_DIR/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.describe('on a phone, signed in', () => {
  test.use({
    viewport: { width: 412, height: 823 },
    userAgent:
      'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Mobile Safari/537.36',
  });

  test('the profiles page paints its screen with the page itself, and the app takes its place without moving it', async ({ page }) => {
    await signIn(page, admin);
    // the page alone, its scripts held back: the frame (src/adminFrame/prerender.tsx), its count from the page's own early call
    await page.route('**/assets/**', (route) => route.abort());
    await page.goto('/profiles');
    await expect(page.getByRole('heading', { name: 'Profiles' })).toBeVisible();
    await expect(page.getByText(/^There are \d+ profiles$/)).toBeVisible();
    await expect(page.getByText('Loading...')).toBeVisible();
    await expect(page.getByText('Leadership Experience Rating')).toBeInViewport();
    await expect(page.getByPlaceholder('Search profiles...')).toBeDisabled(); // nothing typed before the app is there is lost
    await page.unroute('**/assets/**');

    // with its scripts: every layout shift the page makes until the app has rendered its rows
    await page.addInitScript(() => {
      const shifts: number[] = [];
      (window as { __shifts?: number[] }).__shifts = shifts;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) shifts.push(entry.value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto('/profiles');
    await expect(page.getByRole('columnheader', { name: 'First Name' })).toBeAttached();
    await expect(page.getByPlaceholder('Search profiles...')).toBeEnabled();
    const shifts = await page.evaluate(() => (window as { __shifts?: number[] }).__shifts ?? []);
    expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.02);
    // the scripts the page named in its template were asked for once the frame had painted (src/boot.ts)
    expect(
      await page.evaluate(() => document.querySelector<HTMLTemplateElement>('template[data-after-paint]')?.content.childElementCount),
    ).toBe(0);
    expect(await page.locator('head > link[rel="modulepreload"]').count()).toBeGreaterThan(3);
    // the frame's styles were taken by the app's emotion cache (moved into the head and marked), not written again
    expect(await page.locator('head style[data-emotion][data-s]').count()).toBeGreaterThan(0);
  });
});
