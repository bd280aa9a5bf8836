// Issue Signals, end to end on the app as `npm start` runs it: a user makes a list, a rule over it
// in the rule form (SPEC §2 Rules, §4 its resets), runs a synthetic retrieval that moves every
// listed person, sees the notification in the list (SPEC §2 Notifications), finds the mail in the
// SMTP sink, and sees the notification on the person's timeline.
import { expect, test } from './fixtures/test';
import { api, createActiveUser, signInToken } from './fixtures/accounts';
import { waitForMail } from './fixtures/mail';
import { field, signIn } from './fixtures/ui';
import type { Execution, ListResponse, ProfileSummary } from '../../types/api';
import { startFakeSlack, type FakeSlack } from '../support/fake-slack';

let slack: FakeSlack;
test.beforeAll(async () => {
  slack = await startFakeSlack();
});
test.afterAll(async () => {
  await slack.close();
});

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
      // seed 424242's next run moves some of the eight to another job and others to another city
      additional_data: { people: '8', seed: '424242', change_share: '100', user_agent: 'e2e' },
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
  // exact: while the route changes, the home tile 'Create Rule for Notifications' can still be in the page
  await expect(page.getByText('There are 0 rules')).toBeVisible();
  await page.getByRole('link', { name: 'Create Rule', exact: true }).click();
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
  // the preview (issue 18): the list's people have not changed in the last 30 days yet
  await expect(page.getByText('This rule would have fired 0 times in the last 30 days, for 0 people')).toBeVisible();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/rule-sets\/\d+$/);
  await expect(page.getByText(listName)).toBeVisible();

  // and, made through the API, a Slack rule over the same list, posting to a (fake) incoming webhook
  const webhook = `watcher-${unique}`;
  await api('/platform-connections/', {
    method: 'POST',
    token,
    body: {
      category_type: 'slack_webhook',
      connection_parameters: { webhook_url: slack.webhook(webhook), channel: '#e2e', user_agent: 'e2e' },
    },
  });
  await api('/rules/', {
    method: 'POST',
    token,
    body: {
      name: `Any move on Slack ${unique}`,
      notification_type: 'Slack',
      model_name: 'Profile',
      attribute: 'job_or_location',
      operator: 'changed',
      value: '*',
      profile_lists: [listId],
    },
  });

  // the next run moves everyone: those who changed job raise a notification each
  const beforeMoves = Date.now();
  await retrieve();
  await page.goto('/notifications');
  const raised = page
    .getByRole('row')
    .filter({ hasText: 'changed job' })
    .filter({ has: page.getByRole('cell', { name: 'Email', exact: true }) });
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
    await expect(row.getByText('SENT')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });

  // every move reached Slack, one message a second at most, each with its plain-text fallback
  const raisedNow = await api<ListResponse<{ notification_type: string; body: string }>>('/notifications?page_size=100', { token });
  const slackCount = raisedNow.results.filter((n) => n.notification_type === 'Slack').length;
  expect(slackCount).toBeGreaterThan(0);
  const posts = await slack.waitForPosts(webhook, slackCount, 60_000);
  expect(posts.some((post) => post.body.text?.startsWith(`${personName} changed job`))).toBe(true);
  // the webhook's seconds are reserved one after another from the first (after the run began), and no post
  // leaves before its own: the i-th arrives no sooner than i s after the start. Gaps between arrivals are
  // not asserted: a post is late by its own round trips, the next one on time.
  const arrivals = posts.map((post) => post.at).sort((x, y) => x - y);
  for (let i = 1; i < arrivals.length; i++) expect(arrivals[i]).toBeGreaterThanOrEqual(beforeMoves + i * 1000 - 5);

  // the notification's detail links to the person, whose timeline shows it
  await row.getByRole('link', { name: /changed job/ }).click();
  await expect(page).toHaveURL(/\/notifications\/\d+$/);
  const notificationPath = new URL(page.url()).pathname;
  await page.getByRole('link', { name: personName, exact: true }).click();
  await expect(page).toHaveURL(/\/profiles\/\d+$/);
  const changes = page.getByRole('table', { name: 'Changes' });
  await expect(changes.getByRole('link', { name: `Email to ${user.email}` }).first()).toHaveAttribute('href', notificationPath);
  await expect(changes).toContainText(ruleName);

  // exactly one per person and rule, however often the engine runs
  const all = await api<ListResponse<{ body: string; notification_type: string }>>('/notifications?page_size=100', { token });
  const keys = all.results.map((n) => `${n.notification_type} ${n.body}`);
  expect(new Set(keys).size).toBe(keys.length);
  expect(slack.postsTo(webhook)).toHaveLength(slackCount);
});
