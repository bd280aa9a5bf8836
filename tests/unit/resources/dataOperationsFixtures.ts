// Records and type definitions of the data-operations screens' tests (data sources,
// executions, platform connections), shaped as types/wire/data-operations.ts says.
import type { DataSource, DataSourceDimensions, Execution, PlatformConnection, PlatformConnectionDimensions } from '../../../types/api';

export const dataSourceDimensions: DataSourceDimensions = {
  profile_search: {
    internal_name: 'profile_search',
    label: 'Profile Search',
    additional_data: {
      search_url: { label: 'Search URL', type: 'text', required: true, hidden: false, help: 'A search page of the network.' },
      keywords: { label: 'Keywords', type: 'list', required: false, hidden: false },
      cursor: { label: 'Cursor', type: 'text', required: false, hidden: true },
    },
    schedule_options: [
      { value: '', label: 'Manual' },
      { value: '0 9 * * 1', label: 'Weekly on Monday' },
      { value: '0 3 * * *', label: 'Daily' },
    ],
  },
  company_list: {
    internal_name: 'company_list',
    label: 'Company List',
    additional_data: {
      companies: { label: 'Companies', type: 'list', required: true, hidden: false },
    },
    schedule_options: [
      { value: '', label: 'Manual' },
      { value: '0 0 1 * *', label: 'Monthly' },
    ],
  },
};

export const dataSource = (id: number, change: Partial<DataSource> = {}): DataSource => ({
  id,
  name: `Source ${id}`,
  is_public: false,
  source_type: 'profile_search',
  additional_data: { search_url: 'https://example.com/search', keywords: ['rust', 'go'], cursor: 'abc', user_agent: 'Old agent' },
  cron_schedule: '0 9 * * 1',
  created_by: 'owner@example.com',
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-21T10:00:00Z',
  executions: [],
  ...change,
});

/** A status as the wire type takes it. */
export const status = (value: string) => value as Execution['status'];

export const execution = (id: number, change: Partial<Omit<Execution, 'status'>> & { status?: string } = {}): Execution => {
  const { status: value = 'SUCCESS', ...rest } = change;
  return {
    id,
    date_created: '2026-11-22T08:00:00Z',
    date_started: '2026-11-22T08:00:05Z',
    date_done: '2026-11-22T08:10:00Z',
    result: null,
    data_source: { id: 3, name: 'Source 3' },
    trigger: 'manual',
    attempts: 1,
    progress: { total: 200, processed: 50, created: 30, updated: 10, unchanged: 8, failed: 2 },
    ...rest,
    status: status(value),
  };
};

export const platformDimensions: PlatformConnectionDimensions = {
  network_api: {
    internal_name: 'network_api',
    label: 'Professional Network API',
    connection_parameters: {
      account: { label: 'Account', type: 'text', required: true, hidden: false },
      api_key: { label: 'API Key', type: 'text', required: true, hidden: false, secret: true },
      region: { label: 'Region', type: 'text', required: false, hidden: true },
    },
  },
  mailer: {
    internal_name: 'mailer',
    label: 'Mailer',
    connection_parameters: {
      domains: { label: 'Domains', type: 'list', required: false, hidden: false },
    },
  },
};

export const platformConnection = (id: number, change: Partial<PlatformConnection> = {}): PlatformConnection => ({
  id,
  category_type: 'network_api',
  connection_parameters: { account: 'scouts', api_key: '••••••••f00d', region: 'eu', user_agent: 'Old agent' },
  created_by: 'ada@example.com',
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-21T10:00:00Z',
  ...change,
});
