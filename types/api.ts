// Shapes that cross the wire, written once for the server and the app.
// A renamed field breaks the build on both sides, not the user.

export type Id = number;
/** ISO 8601 timestamp in UTC. */
export type IsoDateTime = string;

export interface ListResponse<T> {
  count: number;
  results: T[];
}

/** Every error the API answers: `{"errors": [...]}`; 400s about fields add `fields`. */
export interface ErrorBody {
  errors: string[];
  fields?: Record<string, string[]>;
}

export interface User {
  id: Id;
  email: string;
  first_name: string;
  last_name: string;
  is_staff: boolean;
  is_superuser: boolean;
  is_active: boolean;
  is_crowdsourcing: boolean;
  date_joined: IsoDateTime;
}

/** A user as listed inside an organization. */
export interface OrganizationMember {
  id: Id;
  external_id: string | null;
  first_name: string;
  last_name: string;
  email: string;
  date_joined: IsoDateTime;
}

export interface Organization {
  id: Id;
  name: string;
  users: OrganizationMember[];
  created_at: IsoDateTime;
  updated_at: IsoDateTime;
}

/** Body of POST /organizations/ and PUT/PATCH /organizations/{id}/. */
export interface OrganizationWrite {
  name: string;
  users: Id[];
}

export interface SignInRequest { email: string; password: string }
export interface SignInResponse { token: string }
export interface RegistrationRequest { first_name: string; last_name: string; email: string; password: string }
export interface ActivationRequest { email: string; code: string }
export interface RequestResetRequest { email: string }
export interface ResetPasswordRequest { email: string; code: string; new_password: string }
export interface ChangePasswordRequest { old_password: string; new_password: string }
/** A plain acknowledgement for action calls. */
export interface DetailResponse { detail: string }

export interface CrowdsourcingRequest { user_id: Id; is_crowdsourcing: boolean }
export interface UserIdRequest { user_id: Id }

/** A data source as other entities name it. */
export interface DataSourceRef { id: Id; name: string }

export interface Company {
  id: Id;
  /** the professional-network company URL */
  external_id: string;
  name: string;
  description: string | null;
  year_founded: number | null;
  location: string | null;
  industry: string | null;
  company_size: string | null;
  data_sources: DataSourceRef[];
  created_at: IsoDateTime;
  updated_at: IsoDateTime;
}

/** The four AI ratings, 0–10, null when the annotation has none. */
export const RATING_FIELDS = ['tech_rating', 'education_rating', 'professional_experience_rating', 'entrepreneurial_spirit_rating'] as const;
export type RatingField = (typeof RATING_FIELDS)[number];

/** A row of the profiles list. */
export interface ProfileSummary {
  id: Id;
  external_id: string;
  first_name: string;
  last_name: string;
  email: string | null;
  location: string | null;
  headline: string | null;
  image_url: string | null;
  current_company: string | null;
  gender_value: string | null;
  tech_rating: number | null;
  education_rating: number | null;
  professional_experience_rating: number | null;
  entrepreneurial_spirit_rating: number | null;
  created_at: IsoDateTime;
  updated_at: IsoDateTime;
}

export interface Education { degree: string | null; field_of_study: string | null; start_date: string | null; end_date: string | null; school: { name: string | null; location: string | null } }
export interface Job { job_title: string | null; start_date: string | null; end_date: string | null; company: { id?: Id | null; name: string | null } }
export interface Skill { name: string; endorsements: number | null }
export interface Course { name: string }
export interface Language { name: string; level: string | null }
export interface Project { title: string; start_date: string | null; end_date: string | null }
export interface Publication { publisher: string | null; link: string | null }
export interface License { name: string; issuer: string | null }
export interface Recommendation { text: string; received: boolean; profile_url: string | null }
export interface Interest { name: string; interest_type: string | null; count: number | null }

export interface ProfileComment { email: string; comment: string }

export interface Profile extends ProfileSummary {
  data_sources: DataSourceRef[];
  age_value: number | null;
  summary: string | null;
  /** country code → probability (0–1) */
  nationalities: Record<string, number>;
  /** FS Rating, set by staff */
  app_rating: number | null;
  /** the current user's own rating (User Rating) */
  profile_rating: number | null;
  /** staff: every comment; others: only their own */
  comments: ProfileComment[];
  educations: Education[];
  jobs: Job[];
  skills: Skill[];
  courses: Course[];
  languages: Language[];
  projects: Project[];
  publications: Publication[];
  licenses: License[];
  recommendations: Recommendation[];
  interests: Interest[];
}

export interface ProfileDimensions {
  range_fields: Record<RatingField, { min: number; max: number }>;
  multiple_values_filter: {
    data_sources: DataSourceRef[];
    nationalities: string[];
    genders: string[];
  };
}

export interface Connection { id: Id; external_id: string; first_name: string; last_name: string; degree: number }

export interface ProfileListMember { id: Id; external_id: string; first_name: string; last_name: string }

export interface ProfileList {
  id: Id;
  name: string;
  profiles: ProfileListMember[];
  created_at: IsoDateTime;
  updated_at: IsoDateTime;
}

export interface ProfileListWrite { name: string; profiles: Id[] }

export interface SavedSearch {
  id: Id;
  name: string;
  /** the query portion of the profiles screen address, without '?' */
  url: string;
  entity: 'Profile';
  created_at: IsoDateTime;
  updated_at: IsoDateTime;
}

export interface SavedSearchWrite { name: string; url: string; entity: 'Profile' }
