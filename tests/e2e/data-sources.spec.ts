// SPEC §2 Home, Data sources, Executions; the data-operations issue's walk through: a user
// sets up a synthetic data source with a schedule, retrieves it, watches the execution finish,
// finds the new people in the profiles list, retrieves again and sees the change on a person.
import { expect, test } from './fixtures/test';
import { createActiveUser } from './fixtures/accounts';
import { profilesTable } from './fixtures/profiles';
import { field, signIn } from './fixtures/ui';

test('a synthetic data source: set up with a schedule, retrieved, its people arrive, then change', async ({ page }) => {
  test.setTimeout(120_000);
  const user = await createActiveUser('retriever');
  const name = `Scouting ${Date.now().toString(36)}`;
  await signIn(page, user);

  await page.getByRole('link', { name: /Setup Data Source/ }).click();
  await expect(page).toHaveURL('/data-sources');
  await page.getByRole('link', { name: 'Create Data Source' }).click();
  await expect(page).toHaveURL('/data-sources/create');
  await field(page, 'Name').fill(name);
  await field(page, 'Number of people').fill('12');
  await field(page, 'Seed').fill(String(Date.now() % 1_000_000));
  // every person changes job or location on the next run
  await field(page, 'Changes per run (%)').fill('100');
  await page.getByRole('combobox', { name: /Schedule/ }).click();
  await page.getByRole('option', { name: 'Hourly' }).click();
  await expect(page.getByText('Every hour')).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();

  await expect(page).toHaveURL(/\/data-sources\/\d+$/);
  const sourceId = Number(new URL(page.url()).pathname.split('/').pop());
  await expect(page.getByRole('heading', { level: 1, name: `Data Source ${name}` })).toBeVisible();
  await expect(page.getByText('Every hour')).toBeVisible();
  await expect(page.getByText('Synthetic network (offline)')).toBeVisible();

  const retrieve = async (created: number, updated: number) => {
    await page.goto(`/data-sources/${sourceId}`);
    await page.getByRole('button', { name: 'Retrieve Data' }).click();
    await expect(page).toHaveURL(/\/executions\/\d+$/);
    // the running execution refreshes itself until it is done
    await expect(page.getByText('SUCCESS', { exact: true })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText('12 of 12')).toBeVisible();
    const counts = page.locator('dl').last();
    await expect(counts).toContainText(`Created${created}`);
    await expect(counts).toContainText(`Updated${updated}`);
    return Number(new URL(page.url()).pathname.split('/').pop());
  };

  const first = await retrieve(12, 0);
  await page.goto(`/profiles?data_sources=${sourceId}`);
  await expect(page.getByText('There are 12 profiles')).toBeVisible();
  const person = profilesTable(page).getByRole('link').first();
  const personName = await person.innerText();
  await person.click();
  await expect(page).toHaveURL(/\/profiles\/\d+$/);
  const profilePath = new URL(page.url()).pathname;
  const changes = page.getByRole('table', { name: 'Changes' });
  await expect(changes.getByRole('row')).toHaveCount(2);
  await expect(changes).toContainText('Retrieved for the first time');
  await expect(changes.getByRole('link', { name: `Execution ${first}` })).toBeVisible();

  const second = await retrieve(0, 12);
  await page.goto(profilePath);
  await expect(page.getByText(personName).first()).toBeVisible();
  await expect(changes.getByRole('link', { name: `Execution ${second}` }).first()).toBeVisible();
  const changedFields = await changes.getByRole('row').evaluateAll((rows) => rows.slice(1).map((row) => row.children[1]?.textContent));
  expect(changedFields.some((label) => label === 'Location' || label === 'Jobs')).toBe(true);

  await page.goto(`/data-sources/${sourceId}`);
  await expect(page.getByRole('link', { name: 'SUCCESS' })).toHaveCount(2);
});
