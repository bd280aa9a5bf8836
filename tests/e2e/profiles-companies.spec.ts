// SPEC §2 Companies (the companies the profiles work at): the counted, searchable list
// and the detail screen, whose external id drops the professional network's company URL
// prefix; CONVENTIONS "Who sees what": companies are visible through their data sources.
import { expect, test } from './fixtures/test';
import { api, createActiveUser, signInToken, staffToken } from './fixtures/accounts';
import { admin } from './fixtures/env';
import { detailValue, expectListedCount, listedCount } from './fixtures/profiles';
import type { Company, ListResponse } from '../../types/api';
import { logout, rowWith, searchList, sideMenu, signIn } from './fixtures/ui';

const COMPANY_URL_PREFIX = 'https://www.linkedin.com/company/';

/** A company whose name, searched for, finds it alone. */
async function findableCompany(token: string): Promise<Company> {
  const { results } = await api<ListResponse<Company>>('/companies?page_size=100', { token });
  for (const company of results) {
    if (!company.external_id.startsWith(COMPANY_URL_PREFIX)) continue;
    const { count } = await api<ListResponse<Company>>(`/companies?search=${encodeURIComponent(company.name)}&page_size=1`, { token });
    if (count === 1) return company;
  }
  throw new Error('no company with a professional-network URL has a name of its own');
}

test('companies: the count, a search, and a detail showing the external id without the URL prefix', async ({ page }) => {
  const token = await staffToken();
  const company = await findableCompany(token);
  const { count: total } = await api<ListResponse<Company>>('/companies?page_size=1', { token });
  const handle = company.external_id.slice(COMPANY_URL_PREFIX.length).replace(/\/+$/, '');

  await signIn(page, admin);
  await sideMenu(page).getByRole('link', { name: 'Companies' }).click();
  await expect(page).toHaveURL(/\/companies(\?|$)/);
  await expect(page.getByRole('heading', { level: 1, name: 'Companies' })).toBeVisible();
  await expectListedCount(page, 'companies', total);
  await expect(page.getByRole('table', { name: 'Companies' }).locator('tbody').getByRole('row')).toHaveCount(Math.min(total, 10));

  await searchList(page, company.name);
  await expectListedCount(page, 'companies', 1);
  await rowWith(page, company.name).getByRole('link', { name: company.name }).click();
  await expect(page).toHaveURL(`/companies/${company.id}`);
  await expect(page.getByRole('heading', { level: 1, name: company.name })).toBeVisible();
  await expect(detailValue(page, 'ID')).toHaveText(String(company.id));
  await expect(detailValue(page, 'Name')).toHaveText(company.name);
  await expect(detailValue(page, 'External ID')).toHaveText(handle);
  await expect(page.getByRole('main')).not.toContainText('linkedin.com/company');
  for (const source of company.data_sources) await expect(detailValue(page, 'Data Sources')).toContainText(source.name);
  await logout(page);

  // A normal user sees the companies of the data sources they may read only.
  const user = await createActiveUser('browser');
  const { count: visible } = await api<ListResponse<Company>>('/companies?page_size=1', { token: await signInToken(user) });
  expect(visible).toBeLessThan(total);
  await signIn(page, user);
  await page.goto('/companies');
  expect(await listedCount(page, 'companies')).toBe(visible);
});
