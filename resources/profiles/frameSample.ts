// Made-up answers the build renders the profiles screen with once more, for its styles only
// (FirstQuery's frameSample, src/adminFrame/prerender.tsx): a row with every column filled and one
// with the ratings not yet set, and filters that offer something. Never shown.
import type { ProfileDimensions, ProfileSummary } from '../../types/api';

const row = (id: number, rated: boolean): ProfileSummary => ({
  id,
  external_id: `sample-${id}`,
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: null,
  location: 'London',
  headline: 'Engineer',
  image_url: null,
  current_company: 'Analytical Engines',
  gender_value: null,
  tech_rating: rated ? 9.5 : null,
  education_rating: rated ? 8 : null,
  professional_experience_rating: rated ? 7.25 : null,
  entrepreneurial_spirit_rating: rated ? 6.5 : null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-02T00:00:00Z',
});

export const SAMPLE_PROFILE_ROWS = [row(1, true), row(2, false)];

export const SAMPLE_DIMENSIONS: ProfileDimensions = {
  range_fields: { tech_rating: { min: 0, max: 10 } },
  multiple_values_filter: { data_sources: [{ id: 1, name: 'Sample source' }], nationalities: ['French'], genders: ['Female'] },
};
