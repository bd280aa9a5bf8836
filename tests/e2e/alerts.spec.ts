// Issue 18, end to end on the app as `npm start` runs it (the README's "Alerts" steps): a user
// saves a search of their network's people, watches it, a first retrieval records who matches, a
// second one that brings three more people raises one alert listing them — in the app and by mail —
// and the mail's link mutes the search without signing in. Then a rule's mail: its headers carry
// RFC 8058's one-click unsubscribe, and its 'Mute this rule' link mutes the rule, shown muted in
// the app and unmuted there.
import type { Browser } from '@playwright/test';
import { expect, test } from './fixtures/test';
import { api, createActiveUser, signInToken } from './fixtures/accounts';
import { waitForMail } from './fixtures/mail';
import { field, rowWith, signIn } from './fixtures/ui';
import { mailLinks } from '../support/mime';
import type { Execution, ListResponse, ProfileSummary, Rule, SavedSearch } from '../../types/api';

/** A seed of this run's own: the synthetic people of one seed are the same people in every source (other specs, retries). */
const freshSeed = () => String(Math.floor(Math.random() * 900_000_000) + 100_000_000);

async function syntheticSource(token: string, name: string, additional: Record<string, string>) {
  const source = await api<{ id: number }>('/data-sources/', {
    method: 'POST',
    token,
    body: { name, source_type: 'synthetic', additional_data: { user_agent: 'e2e', ...additional } },
  });
  const retrieve = async () => {
    const started = await api<Execution>(`/data-sources/${source.id}/retrieval/`, { method: 'POST', token, body: {} });
    await expect
      .poll(async () => (await api<Execution>(`/executions/${started.id}`, { token })).status, { timeout: 60_000 })
      .toBe('SUCCESS');
  };
  return { id: source.id, retrieve };
}

type Mail = Parameters<typeof mailLinks>[0];

/** The link a mail's text gives after `label: ` (e.g. 'Mute this rule'). */
function labelledLink(mail: Mail, label: string): URL {
  const found = new RegExp(`^\\s*${label}: (\\S+)$`, 'm').exec(mail.text)?.[1];
  expect(found, `'${label}' in the mail`).toBeDefined();
  return new URL(found!);
}

/** Opens a mail's mute link without a session (a fresh browser context) and mutes with one click. */
async function muteFromLink(browser: Browser, link: URL, named: string): Promise<void> {
  expect(link.pathname).toBe('/alert-action');
  const stranger = await browser.newContext();
  const anonymous = await stranger.newPage();
  await anonymous.goto(link.pathname + link.search);
  await expect(anonymous.getByText(named)).toBeVisible();
  await anonymous.getByRole('button', { name: 'Mute', exact: true }).click();
  await expect(anonymous.getByText(/is muted/)).toBeVisible();
  await stranger.close();
}

test('a watched saved search: a baseline, then one alert for the new people a retrieval brought, muted from its mail', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const user = await createActiveUser('alerted');
  const token = await signInToken(user);
  const unique = Date.now().toString(36);
  const seed = freshSeed();
  const source = await syntheticSource(token, `Growing network ${unique}`, { people: '5', seed, change_share: '0' });

  // the search, saved from the profiles screen, then watched from My Searches
  await signIn(page, user);
  await page.goto(`/profiles?data_sources=${source.id}`);
  await page.getByRole('link', { name: 'Save Search' }).click();
  const name = `My network ${unique}`;
  await field(page, 'Name').fill(name);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page).toHaveURL(/\/searches(\?|$)/);
  const watch = rowWith(page, name).getByRole('switch', { name: `Watch “${name}”` });
  await watch.click();
  await expect(watch).toBeChecked();
  const saved = (await api<ListResponse<SavedSearch>>(`/searches/?search=${encodeURIComponent(name)}`, { token })).results[0]!;
  expect(saved.watched).toBe(true);

  // the first retrieval after watching records who matches: no alert
  await source.retrieve();
  await expect
    .poll(async () => (await api<SavedSearch>(`/searches/${saved.id}/`, { token })).baseline_at, { timeout: 60_000 })
    .not.toBeNull();
  expect((await api<ListResponse<unknown>>('/notifications', { token })).count).toBe(0);

  // the network grows by three: the next retrieval brings them, and one alert lists them
  await api(`/data-sources/${source.id}/`, {
    method: 'PATCH',
    token,
    body: { additional_data: { people: '8', seed, change_share: '0', user_agent: 'e2e' } },
  });
  await source.retrieve();
  const people = await api<ListResponse<ProfileSummary>>(`/profiles?data_sources=${source.id}&page_size=100`, { token });
  expect(people.count).toBe(8);
  await page.goto('/notifications');
  const alert = page.getByRole('row').filter({ hasText: `3 new people match your saved search “${name}”` });
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(alert).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await expect(page.getByRole('row').filter({ hasText: 'new people match' })).toHaveCount(1);

  // mailed at once (High, the default): the new people by name, the saved query, a mute link
  const mail = await waitForMail(user.email, (m) => m.subject.includes(`“${name}”`), { timeoutMs: 60_000 });
  expect(mail.subject).toContain('3 new people');
  expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  expect(mailLinks(mail).some((link) => link.includes(`/profiles?data_sources=${source.id}`))).toBe(true);
  // the link works without a session
  await muteFromLink(browser, labelledLink(mail, 'Mute this search'), name);

  await page.goto('/searches');
  await expect(rowWith(page, name).getByText('Muted')).toBeVisible();
  expect((await api<SavedSearch>(`/searches/${saved.id}/`, { token })).muted).toBe(true);
});

test("a rule's mail: one-click unsubscribe headers, and 'Mute this rule' mutes it; unmuted from its page", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const user = await createActiveUser('muter');
  const token = await signInToken(user);
  const unique = Date.now().toString(36);
  const source = await syntheticSource(token, `Moving network ${unique}`, { people: '6', seed: freshSeed(), change_share: '100' });
  await source.retrieve();
  const people = await api<ListResponse<ProfileSummary>>(`/profiles?data_sources=${source.id}&page_size=100`, { token });
  const list = await api<{ id: number }>('/profile-lists/', {
    method: 'POST',
    token,
    body: { name: `Movers ${unique}`, profiles: people.results.map((p) => p.id) },
  });
  const ruleName = `Any move ${unique}`;
  const rule = await api<Rule>('/rules/', {
    method: 'POST',
    token,
    body: {
      name: ruleName,
      model_name: 'Profile',
      attribute: 'job_or_location',
      operator: 'changed',
      value: '*',
      profile_lists: [list.id],
    },
  });
  await source.retrieve();

  const mail = await waitForMail(user.email, (m) => m.text.includes(ruleName), { timeoutMs: 60_000 });
  // RFC 8058: an https-or-app URL to POST to, and the one-click body it takes
  expect(mail.headers['list-unsubscribe']).toMatch(/^<.+\/api\/v1\/alert-actions\/\?token=.+>$/);
  expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  await muteFromLink(browser, labelledLink(mail, 'Mute this rule'), ruleName);

  await signIn(page, user);
  await page.goto('/rule-sets');
  await expect(rowWith(page, ruleName).getByText('Muted')).toBeVisible();
  await page.goto(`/rule-sets/${rule.id}`);
  await page.getByRole('button', { name: 'Unmute' }).click();
  await expect(page.getByRole('button', { name: 'Mute', exact: true })).toBeVisible();
  expect((await api<Rule>(`/rules/${rule.id}/`, { token })).muted).toBe(false);
});

test('the reader tunes their alerts: digest hour in their zone, a person snoozed, a notification not relevant in the rule’s noise', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const user = await createActiveUser('tuner');
  const token = await signInToken(user);
  const unique = Date.now().toString(36);

  // Profile Settings → Daily digest: 08:00 in Berlin
  await signIn(page, user);
  await page.goto('/user-profile-detail');
  const zone = page.getByRole('combobox', { name: 'Time zone' });
  await zone.fill('Europe/Berl');
  await page.getByRole('option', { name: 'Europe/Berlin', exact: true }).click();
  await page.getByRole('combobox', { name: 'Digest hour' }).click();
  await page.getByRole('option', { name: '08:00', exact: true }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Your digest settings are saved.')).toBeVisible();
  await expect(page.getByText('Your daily digest leaves at 08:00 Europe/Berlin.')).toBeVisible();
  expect(await api('/users/me', { token })).toMatchObject({ time_zone: 'Europe/Berlin', digest_hour: 8 });

  // a rule over four people who all move on the next run
  const source = await syntheticSource(token, `Tuned network ${unique}`, { people: '4', seed: freshSeed(), change_share: '100' });
  await source.retrieve();
  const people = await api<ListResponse<ProfileSummary>>(`/profiles?data_sources=${source.id}&page_size=100`, { token });
  const list = await api<{ id: number }>('/profile-lists/', {
    method: 'POST',
    token,
    body: { name: `Tuned ${unique}`, profiles: people.results.map((p) => p.id) },
  });
  const rule = await api<Rule>('/rules/', {
    method: 'POST',
    token,
    body: {
      name: `Tuned moves ${unique}`,
      model_name: 'Profile',
      attribute: 'job_or_location',
      operator: 'changed',
      value: '*',
      profile_lists: [list.id],
    },
  });

  // one of them snoozed for 7 days from their page: none of this user's rules fires for them
  const snoozed = people.results[0]!;
  await page.goto(`/profiles/${snoozed.id}`);
  await page.getByRole('button', { name: 'Snooze alerts' }).click();
  await page.getByRole('menuitem', { name: '7 days' }).click();
  await expect(page.getByText(/Alerts snoozed until/)).toBeVisible();

  await source.retrieve();
  type Raised = { id: number; profile: { id: number } | null; rule: { id: number } | null };
  const raised = async () => (await api<ListResponse<Raised>>('/notifications?page_size=100', { token })).results;
  await expect.poll(async () => (await raised()).length, { timeout: 60_000 }).toBeGreaterThan(0);
  const notifications = await raised();
  expect(notifications.some((n) => n.profile?.id === snoozed.id)).toBe(false);

  // one marked not relevant in the app: the rule's page counts it
  const first = notifications[0]!;
  await page.goto(`/notifications/${first.id}`);
  await page.getByRole('button', { name: 'Not relevant' }).click();
  await expect.poll(async () => (await api<{ not_relevant: boolean }>(`/notifications/${first.id}`, { token })).not_relevant).toBe(true);
  await page.goto(`/rule-sets/${rule.id}`);
  const total = (await raised()).filter((n) => n.rule?.id === rule.id).length;
  const share = Math.round((100 * 1) / total);
  await expect(
    page.getByText(new RegExp(`Raised ${total} notifications? in the last 30 days; ${share}% marked not relevant`)),
  ).toBeVisible();
});
