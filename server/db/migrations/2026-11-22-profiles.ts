import type { Kysely } from 'kysely';
import { statements } from './statements';

/**
 * Profiles, companies and what users attach to them. Data-source links are
 * int[] columns (GIN-indexed) rather than link tables: visibility and the
 * data_sources filter are then one overlap test on the row itself, which
 * keeps the profile list fast at a million rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await statements(db, [
    `CREATE EXTENSION IF NOT EXISTS pg_trgm`,
    `CREATE EXTENSION IF NOT EXISTS unaccent`,
    // unaccent() is only STABLE; indexes need an IMMUTABLE wrapper
    `CREATE OR REPLACE FUNCTION immutable_unaccent(text) RETURNS text
       LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
       AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$`,
    `CREATE TABLE data_source (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      name text NOT NULL,
      source_type text NOT NULL,
      additional_data jsonb NOT NULL DEFAULT '{}'::jsonb,
      cron_schedule text,
      is_public boolean NOT NULL DEFAULT false,
      owner_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`,
    `CREATE INDEX data_source_owner_idx ON data_source (owner_id)`,
    // what the profile filters offer, per data source, kept up to date after each load
    `CREATE TABLE data_source_dimensions (
      data_source_id integer PRIMARY KEY REFERENCES data_source (id) ON DELETE CASCADE,
      nationalities text[] NOT NULL DEFAULT '{}',
      genders text[] NOT NULL DEFAULT '{}',
      ranges jsonb NOT NULL DEFAULT '{}'::jsonb,
      profile_count integer NOT NULL DEFAULT 0,
      refreshed_at timestamptz NOT NULL DEFAULT now()
    )`,
    `CREATE TABLE company (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      external_id text NOT NULL UNIQUE,
      name text NOT NULL,
      description text,
      year_founded integer,
      location text,
      industry text,
      company_size text,
      data_source_ids integer[] NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`,
    `CREATE INDEX company_data_sources_idx ON company USING gin (data_source_ids)`,
    `CREATE INDEX company_created_at_idx ON company (created_at, id)`,
    `CREATE INDEX company_updated_at_idx ON company (updated_at, id)`,
    `CREATE INDEX company_search_idx ON company USING gin ((immutable_unaccent(lower(coalesce(name, '') || ' ' || coalesce(location, '') || ' ' || coalesce(industry, '')))) gin_trgm_ops)`,
    `CREATE TABLE profile (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      external_id text NOT NULL UNIQUE,
      first_name text NOT NULL DEFAULT '',
      last_name text NOT NULL DEFAULT '',
      email text,
      location text,
      headline text,
      image_url text,
      current_company text,
      age_value integer,
      gender_value text,
      summary text,
      nationalities jsonb NOT NULL DEFAULT '{}'::jsonb,
      tech_rating double precision,
      education_rating double precision,
      professional_experience_rating double precision,
      entrepreneurial_spirit_rating double precision,
      app_rating double precision,
      data_source_ids integer[] NOT NULL DEFAULT '{}',
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      search_text text GENERATED ALWAYS AS (
        immutable_unaccent(lower(first_name || ' ' || last_name || ' ' || coalesce(headline, '') || ' ' ||
          coalesce(location, '') || ' ' || coalesce(email, '') || ' ' || coalesce(current_company, '')))
      ) STORED
    )`,
    `CREATE INDEX profile_search_idx ON profile USING gin (search_text gin_trgm_ops)`,
    `CREATE INDEX profile_data_sources_idx ON profile USING gin (data_source_ids)`,
    `CREATE INDEX profile_nationalities_idx ON profile USING gin (nationalities)`,
    `CREATE INDEX profile_gender_idx ON profile (gender_value)`,
    `CREATE INDEX profile_first_name_idx ON profile (first_name, id)`,
    `CREATE INDEX profile_last_name_idx ON profile (last_name, id)`,
    `CREATE INDEX profile_created_at_idx ON profile (created_at, id)`,
    `CREATE INDEX profile_updated_at_idx ON profile (updated_at, id)`,
    `CREATE INDEX profile_tech_rating_idx ON profile (tech_rating, id)`,
    `CREATE INDEX profile_education_rating_idx ON profile (education_rating, id)`,
    `CREATE INDEX profile_professional_experience_rating_idx ON profile (professional_experience_rating, id)`,
    `CREATE INDEX profile_entrepreneurial_spirit_rating_idx ON profile (entrepreneurial_spirit_rating, id)`,
    // the ten nested lists, read whole with the detail: one row, JSON arrays
    `CREATE TABLE profile_detail (
      profile_id integer PRIMARY KEY REFERENCES profile (id) ON DELETE CASCADE,
      educations jsonb NOT NULL DEFAULT '[]'::jsonb,
      jobs jsonb NOT NULL DEFAULT '[]'::jsonb,
      skills jsonb NOT NULL DEFAULT '[]'::jsonb,
      courses jsonb NOT NULL DEFAULT '[]'::jsonb,
      languages jsonb NOT NULL DEFAULT '[]'::jsonb,
      projects jsonb NOT NULL DEFAULT '[]'::jsonb,
      publications jsonb NOT NULL DEFAULT '[]'::jsonb,
      licenses jsonb NOT NULL DEFAULT '[]'::jsonb,
      recommendations jsonb NOT NULL DEFAULT '[]'::jsonb,
      interests jsonb NOT NULL DEFAULT '[]'::jsonb
    )`,
    `CREATE TABLE profile_connection (
      profile_id integer NOT NULL REFERENCES profile (id) ON DELETE CASCADE,
      connected_profile_id integer NOT NULL REFERENCES profile (id) ON DELETE CASCADE,
      degree smallint NOT NULL CHECK (degree BETWEEN 1 AND 3),
      PRIMARY KEY (profile_id, connected_profile_id)
    )`,
    `CREATE TABLE profile_user_rating (
      profile_id integer NOT NULL REFERENCES profile (id) ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
      rating double precision NOT NULL CHECK (rating BETWEEN 0 AND 10),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (profile_id, user_id)
    )`,
    `CREATE TABLE profile_comment (
      profile_id integer NOT NULL REFERENCES profile (id) ON DELETE CASCADE,
      user_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
      comment text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (profile_id, user_id)
    )`,
    `CREATE TABLE profile_list (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      name text NOT NULL,
      owner_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`,
    `CREATE INDEX profile_list_owner_idx ON profile_list (owner_id)`,
    `CREATE TABLE profile_list_profile (
      profile_list_id integer NOT NULL REFERENCES profile_list (id) ON DELETE CASCADE,
      profile_id integer NOT NULL REFERENCES profile (id) ON DELETE CASCADE,
      PRIMARY KEY (profile_list_id, profile_id)
    )`,
    `CREATE INDEX profile_list_profile_profile_idx ON profile_list_profile (profile_id)`,
    `CREATE TABLE saved_search (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      name text NOT NULL,
      url text NOT NULL DEFAULT '',
      entity text NOT NULL DEFAULT 'Profile',
      owner_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`,
    `CREATE INDEX saved_search_owner_idx ON saved_search (owner_id)`,
  ]);
}
