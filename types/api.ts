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
