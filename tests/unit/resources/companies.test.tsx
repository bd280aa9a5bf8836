import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Company } from '../../../types/api';
import { CompanyList } from '../../../resources/companies/CompanyList';
import { CompanyShow } from '../../../resources/companies/CompanyShow';
import { companyHandle } from '../../../resources/companies/companyExternalId';
import { fakeDataProvider, page, renderInAdmin } from '../support/renderInAdmin';

const company = (id: number, change: Partial<Company> = {}): Company => ({
  id,
  external_id: `https://www.linkedin.com/company/acme-${id}/`,
  name: `Acme ${id}`,
  description: 'Rockets and anvils.',
  year_founded: 1949,
  location: 'Berlin, DE',
  industry: 'Aerospace',
  company_size: '51-200 employees',
  data_sources: [
    { id: 1, name: 'Berlin founders' },
    { id: 2, name: 'Public AI list' },
  ],
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-21T10:00:00Z',
  ...change,
});

describe('CompanyList', () => {
  it("shows the count, name links, 'N/A' for an empty location, and sorts by the dates only", async () => {
    const dataProvider = fakeDataProvider({ getList: () => page([company(1), company(2, { location: null })], 48) });
    renderInAdmin(<CompanyList />, { dataProvider, url: '/companies', path: '/companies' });
    expect(await screen.findByRole('link', { name: 'Acme 1' })).toHaveAttribute('href', '/companies/1');
    expect(screen.getByText('There are 48 companies')).toBeInTheDocument();
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['Name', 'Location', 'Created At', 'Updated At']);
    expect(headers.map((header) => header.getAttribute('aria-sort'))).toEqual([null, null, 'none', 'none']);
    const row = screen.getByRole('link', { name: 'Acme 2' }).closest('tr') as HTMLElement;
    expect(within(row).getAllByRole('cell')[1]).toHaveTextContent('N/A');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveAttribute('placeholder', 'Search companies...');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});

describe('CompanyShow', () => {
  it('shows every field with a value, the external id without the company URL prefix and the data source names', async () => {
    const dataProvider = fakeDataProvider({
      getOne: () => Promise.resolve({ data: company(3, { description: null, industry: '' }) }),
    });
    renderInAdmin(<CompanyShow />, { dataProvider, url: '/companies/3', path: '/companies/:id' });
    expect(await screen.findByRole('heading', { name: 'Acme 3' })).toBeInTheDocument();
    const terms = screen.getAllByRole('term');
    expect(terms.map((term) => term.textContent)).toEqual([
      'ID',
      'External ID',
      'Name',
      'Year Founded',
      'Location',
      'Company Size',
      'Data Sources',
      'Created At',
      'Updated At',
    ]);
    const value = (term: string) => terms.find((one) => one.textContent === term)?.nextElementSibling?.textContent;
    expect(value('External ID')).toBe('acme-3');
    expect(value('Data Sources')).toBe('Berlin founders, Public AI list');
    // read-only: no Edit
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
  });

  it("shows 'Error: {message}' when the company cannot be loaded", async () => {
    const dataProvider = fakeDataProvider({ getOne: () => Promise.reject(new Error('Not found.')) });
    renderInAdmin(<CompanyShow />, { dataProvider, url: '/companies/3', path: '/companies/:id' });
    expect(await screen.findByText('Error: Not found.')).toBeInTheDocument();
  });

  it('strips the professional-network company URL prefix only', () => {
    expect(companyHandle('https://www.linkedin.com/company/acme/')).toBe('acme');
    expect(companyHandle('http://linkedin.com/company/acme')).toBe('acme');
    expect(companyHandle('acme-gmbh')).toBe('acme-gmbh');
    expect(companyHandle('https://example.com/company/acme/')).toBe('https://example.com/company/acme/');
    expect(companyHandle(null)).toBe('');
  });
});
