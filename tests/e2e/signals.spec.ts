// Issue Signals, end to end on the app as `npm start` runs it: a user makes a list, a rule over it
// in the rule form (SPEC §2 Rules, §4 its resets), runs a synthetic retrieval that moves every
// listed person, sees the notification in the list (SPEC §2 Notifications), finds the mail in the
// SMTP sink, and sees the notification on the person's timeline.
import { expect, test } from './fixtures/test';
import { api, createActiveUser, signInToken } from './fixtures/accounts';
import { waitForMail } from './fixtures/mail';
import { field, rowWith, signIn } from './fixtures/ui';
import type { Execution, ListResponse, ProfileSummary } from '../../types/api';

test('a rule over a list: a retrieval that moves a listed person raises one notification, mailed and on the timeline', async ({ page }) => {
  test.setTimeout(180_000);
  const user = await createActiveUser('watcher');
  const token = await signInToken(user);
  const unique = Date.now().toString(36);
  // a synthetic network of 8 people, each of whom changes job or location on every later run
  const source = await api<{ id: number }>('/data-sources/', {
    method: 'POST',
    token,
    body: {
      name: `Watched network ${unique}`,
      source_type: 'synthetic',
      additional_data: { people: '8', seed: String(Date.now() % 1_000_000), change_share: '100', user_agent: 'e2e' },
    },
  });
  const retrieve = async () => {
    const started = await api<Execution>(`/data-sources/${source.id}/retrieval/`, { method: 'POST', token, body: {} });
    await expect
      .poll(async () => (await api<Execution>(`/executions/${started.id}`, { token })).status, { timeout: 60_000 })
      .toBe('SUCCESS');
  };
  await retrieve();
  const people = await api<ListResponse<ProfileSummary>>(`/profiles?data_sources=${source.id}&page_size=100`, { token });
  expect(people.count).toBe(8);

  await signIn(page, user);
  // the list, made in the app, then filled with the network's people
  const listName = `Watch list ${unique}`;
  await page.goto('/profile-lists/create');
  await field(page, 'Name').fill(listName);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/profile-lists\/\d+$/);
  const listId = Number(new URL(page.url()).pathname.split('/').pop());
  await api(`/profile-lists/${listId}/`, { method: 'PATCH', token, body: { profiles: people.results.map((p) => p.id) } });

  // the rule, from the home tile
  await page.goto('/');
  await page.getByRole('link', { name: /Create Rule for Notifications/ }).click();
  await expect(page).toHaveURL('/rule-sets');
  await page.getByRole('link', { name: 'Create Rule' }).click();
  await expect(page).toHaveURL('/rule-sets/create');
  const ruleName = `Job moves ${unique}`;
  await field(page, 'Name').fill(ruleName);
  // defaults (SPEC §9), then Job → Company → changed; the value '*' as the help says
  await expect(page.getByRole('combobox', { name: /Notification Type/ })).toHaveText('Email');
  await expect(page.getByRole('combobox', { name: /Priority/ })).toHaveText('High');
  await page.getByRole('combobox', { name: /^Model/ }).click();
  await page.getByRole('option', { name: 'Job', exact: true }).click();
  await page.getByRole('combobox', { name: /^Attribute/ }).click();
  await page.getByRole('option', { name: 'Company', exact: true }).click();
  await expect(page.getByRole('combobox', { name: /^Operator/ })).toHaveText('changed');
  await expect(page.getByText('This operator reads no value: enter * (required)')).toBeVisible();
  await field(page, 'Value').fill('*');
  await page.getByRole('combobox', { name: /Profile Lists/ }).click();
  await page.getByRole('option', { name: listName }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/rule-sets\/\d+$/);
  await expect(page.getByText(listName)).toBeVisible();

  // the next run moves everyone: those who changed job raise a notification each
  await retrieve();
  await page.goto('/notifications');
  const raised = page.getByRole('row').filter({ hasText: 'changed job' });
  // the engine runs once the retrieval has ended: the list shows them when reloaded
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(raised.first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  const row = raised.first();
  const body = await row.getByRole('cell').filter({ hasText: 'changed job' }).innerText();
  const personName = body.split(' changed job')[0]!;
  await expect(row).toContainText(user.email);

  // delivered once, at once (High): the mail names the person and links to them and the rule
  const mail = await waitForMail(user.email, (m) => m.subject.startsWith(`${personName} changed job`), { timeoutMs: 60_000 });
  expect(mail.text).toContain('→');
  expect(mail.text).toMatch(/\/profiles\/\d+/);
  expect(mail.text).toMatch(/\/rule-sets\/\d+/);
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(rowWith(page, `${personName} changed job`).getByText('SENT')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });

  // the notification's detail links to the person, whose timeline shows it
  await row.getByRole('link', { name: /changed job/ }).click();
  await expect(page).toHaveURL(/\/notifications\/\d+$/);
  const notificationPath = new URL(page.url()).pathname;
  await page.getByRole('link', { name: personName }).click();
  await expect(page).toHaveURL(/\/profiles\/\d+$/);
  const changes = page.getByRole('table', { name: 'Changes' });
  await expect(changes.getByRole('link', { name: `Email to ${user.email}` }).first()).toHaveAttribute('href', notificationPath);
  await expect(changes).toContainText(ruleName);

  // exactly one per person and rule, however often the engine runs
  const all = await api<ListResponse<{ body: string }>>(`/notifications?page_size=100`, { token });
  const bodies = all.results.map((n) => n.body.split(' (')[0]);
  expect(new Set(bodies).size).toBe(bodies.length);
});
