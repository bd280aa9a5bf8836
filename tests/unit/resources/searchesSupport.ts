// A saved search as the API answers it (GET /searches/), for the searches screens' tests.
import type { SavedSearch } from '../../../types/api';

export const savedSearch = (overrides: Partial<SavedSearch> = {}): SavedSearch => ({
  id: 7,
  name: 'Berlin founders',
  url: 'search=berlin&gender=female&data_sources=3&tech_rating__gte=7&tech_rating__lte=10&sort=tech_rating&direction=desc',
  entity: 'Profile',
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-21T10:00:00Z',
  watched: false,
  notification_type: 'Email',
  priority: 'High',
  watched_at: null,
  baseline_at: null,
  muted: false,
  muted_at: null,
  ...overrides,
});
