// Sample profiles, dimensions and users for the profiles screen tests.
import type { AuthProvider } from 'react-admin';
import type { Profile, ProfileDimensions, ProfileSummary, User } from '../../../types/api';

export const summary = (id: number, change: Partial<ProfileSummary> = {}): ProfileSummary => ({
  id,
  external_id: `https://www.linkedin.com/in/person-${id}/`,
  first_name: `First${id}`,
  last_name: `Last${id}`,
  email: null,
  location: null,
  headline: null,
  image_url: null,
  current_company: null,
  gender_value: 'female',
  tech_rating: 7.5,
  education_rating: 6,
  professional_experience_rating: 5.25,
  entrepreneurial_spirit_rating: 3,
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-21T10:00:00Z',
  ...change,
});

export const profile = (id: number, change: Partial<Profile> = {}): Profile => ({
  ...summary(id),
  data_sources: [
    { id: 1, name: 'Berlin founders' },
    { id: 2, name: 'Public AI list' },
  ],
  age_value: 34,
  summary: 'Builds data tools.',
  nationalities: { AT: 0.28, DE: 0.72 },
  app_rating: 8.5,
  profile_rating: 6.25,
  comments: [
    { email: 'staff@example.com', comment: 'Strong candidate.' },
    { email: 'ada@example.com', comment: 'Met at a meetup.' },
  ],
  annotation_provenance: {},
  educations: [
    {
      degree: null,
      field_of_study: 'Computer Science',
      start_date: '2010',
      end_date: '2014',
      school: { name: 'TU Berlin', location: null },
    },
  ],
  jobs: [{ job_title: 'CTO', start_date: '2020', end_date: null, company: { name: 'Acme' } }],
  skills: [{ name: 'Rust', endorsements: 12 }],
  courses: [],
  languages: [{ name: 'German', level: 'Native' }],
  projects: [],
  publications: [],
  licenses: [],
  recommendations: [],
  interests: [],
  ...change,
});

export const dimensions: ProfileDimensions = {
  range_fields: {
    tech_rating: { min: 1.23, max: 8.76 },
    professional_experience_rating: { min: 2, max: 9 },
    entrepreneurial_spirit_rating: { min: 0, max: 10 },
  } as ProfileDimensions['range_fields'],
  multiple_values_filter: {
    data_sources: [
      { id: 1, name: 'Berlin founders' },
      { id: 2, name: 'Public AI list' },
    ],
    nationalities: ['AT', 'DE'],
    genders: ['female', 'male'],
  },
};

export const user = (change: Partial<User> = {}): User => ({
  id: 7,
  email: 'ada@example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  is_staff: false,
  is_superuser: false,
  is_active: true,
  is_crowdsourcing: false,
  date_joined: '2026-01-01T00:00:00Z',
  time_zone: null,
  digest_hour: 7,
  ...change,
});

/** An authProvider signed in as `signedIn`. */
export function signedInAs(signedIn: User): AuthProvider {
  return {
    login: () => Promise.resolve(),
    logout: () => Promise.resolve(),
    checkAuth: () => Promise.resolve(),
    checkError: () => Promise.resolve(),
    getPermissions: () => Promise.resolve(signedIn),
    getIdentity: () => Promise.resolve({ ...signedIn, fullName: `${signedIn.first_name} ${signedIn.last_name}` }),
  };
}
