import type { Kysely } from 'kysely';
import { statements } from './statements';

export async function up(db: Kysely<unknown>): Promise<void> {
  await statements(db, [
    `CREATE TABLE app_user (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      email text NOT NULL,
      password_hash text NOT NULL,
      first_name text NOT NULL DEFAULT '',
      last_name text NOT NULL DEFAULT '',
      external_id text,
      is_staff boolean NOT NULL DEFAULT false,
      is_superuser boolean NOT NULL DEFAULT false,
      is_active boolean NOT NULL DEFAULT false,
      is_crowdsourcing boolean NOT NULL DEFAULT false,
      date_joined timestamptz NOT NULL DEFAULT now()
    )`,
    // e-mails are unique whatever their case
    `CREATE UNIQUE INDEX app_user_email_key ON app_user (lower(email))`,
    // every sortable column of the users list, id as the tie-breaker
    `CREATE INDEX app_user_first_name_idx ON app_user (first_name, id)`,
    `CREATE INDEX app_user_last_name_idx ON app_user (last_name, id)`,
    `CREATE INDEX app_user_date_joined_idx ON app_user (date_joined, id)`,
    `CREATE TABLE auth_token (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz,
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz
    )`,
    `CREATE INDEX auth_token_user_idx ON auth_token (user_id)`,
    `CREATE TABLE one_time_code (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
      purpose text NOT NULL CHECK (purpose IN ('activation', 'reset')),
      code_hash text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    )`,
    `CREATE INDEX one_time_code_user_idx ON one_time_code (user_id, purpose)`,
    `CREATE TABLE organization (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      name text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`,
    `CREATE INDEX organization_created_at_idx ON organization (created_at, id)`,
    `CREATE INDEX organization_updated_at_idx ON organization (updated_at, id)`,
    `CREATE TABLE organization_user (
      organization_id integer NOT NULL REFERENCES organization (id) ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
      PRIMARY KEY (organization_id, user_id)
    )`,
    `CREATE INDEX organization_user_user_idx ON organization_user (user_id)`,
  ]);
}
