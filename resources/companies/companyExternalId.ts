// SPEC §2 Companies: the detail screen shows the external id without the
// professional-network company URL prefix ('https://www.linkedin.com/company/acme/' → 'acme').

const COMPANY_URL_PREFIX = /^(?:https?:\/\/)?(?:[a-z]{2,3}\.)?linkedin\.com\/company\//i;

/** The company's handle on the professional network; any other value unchanged. */
export function companyHandle(externalId: string | null | undefined): string {
  if (!externalId) return '';
  if (!COMPANY_URL_PREFIX.test(externalId)) return externalId;
  return externalId.replace(COMPANY_URL_PREFIX, '').replace(/\/+$/, '');
}
