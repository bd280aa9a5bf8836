import type { ColumnType, Generated } from 'kysely';

/** Table types for Kysely. One interface per table, named after it. */

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export interface AppUserTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  external_id: string | null;
  is_staff: Generated<boolean>;
  is_superuser: Generated<boolean>;
  is_active: Generated<boolean>;
  is_crowdsourcing: Generated<boolean>;
  date_joined: CreatedAt;
}

export interface AuthTokenTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: CreatedAt;
  last_used_at: Date | null;
  expires_at: Date;
  revoked_at: Date | null;
}

export type OneTimeCodePurpose = 'activation' | 'reset';

export interface OneTimeCodeTable {
  id: Generated<number>;
  user_id: number;
  purpose: OneTimeCodePurpose;
  code_hash: string;
  created_at: CreatedAt;
  expires_at: Date;
  used_at: Date | null;
}

export interface OrganizationTable {
  id: Generated<number>;
  name: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface OrganizationUserTable {
  organization_id: number;
  user_id: number;
}

export interface Database {
  app_user: AppUserTable;
  auth_token: AuthTokenTable;
  one_time_code: OneTimeCodeTable;
  organization: OrganizationTable;
  organization_user: OrganizationUserTable;
}
