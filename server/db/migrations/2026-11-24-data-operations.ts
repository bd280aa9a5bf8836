import type { Kysely } from 'kysely';
import { statements } from './statements';

/**
 * Data operations: executions of data-source retrievals (Celery's statuses, a
 * checkpoint a retry resumes after), platform connections (secrets encrypted
 * in `connection_parameters`), the per-profile change log a retrieval writes,
 * and where each AI annotation came from (a staff correction is never
 * overwritten by a later retrieval).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await statements(db, [
    `CREATE TABLE execution (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      data_source_id integer REFERENCES data_source (id) ON DELETE SET NULL,
      data_source_name text NOT NULL,
      owner_id integer REFERENCES app_user (id) ON DELETE SET NULL,
      started_by integer REFERENCES app_user (id) ON DELETE SET NULL,
      trigger text NOT NULL DEFAULT 'manual' CHECK (trigger IN ('manual', 'schedule')),
      status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'STARTED', 'SUCCESS', 'FAILURE', 'RETRY', 'REVOKED')),
      job_id text,
      attempts integer NOT NULL DEFAULT 0,
      checkpoint integer NOT NULL DEFAULT 0,
      progress jsonb NOT NULL DEFAULT '{"total": null, "processed": 0, "created": 0, "updated": 0, "unchanged": 0, "failed": 0}'::jsonb,
      row_errors jsonb NOT NULL DEFAULT '[]'::jsonb,
      result jsonb,
      date_created timestamptz NOT NULL DEFAULT now(),
      date_started timestamptz,
      date_done timestamptz
    )`,
    `CREATE INDEX execution_data_source_idx ON execution (data_source_id, date_created DESC)`,
    `CREATE INDEX execution_owner_idx ON execution (owner_id)`,
    `CREATE INDEX execution_date_done_idx ON execution (date_done, id)`,
    `CREATE INDEX execution_date_created_idx ON execution (date_created, id)`,
    `CREATE TABLE platform_connection (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      category_type text NOT NULL,
      connection_parameters jsonb NOT NULL DEFAULT '{}'::jsonb,
      owner_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`,
    `CREATE INDEX platform_connection_owner_idx ON platform_connection (owner_id)`,
    `CREATE TABLE profile_change (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      profile_id integer NOT NULL REFERENCES profile (id) ON DELETE CASCADE,
      execution_id integer REFERENCES execution (id) ON DELETE SET NULL,
      field text NOT NULL,
      old_value jsonb,
      new_value jsonb,
      changed_at timestamptz NOT NULL DEFAULT now()
    )`,
    `CREATE INDEX profile_change_profile_idx ON profile_change (profile_id, changed_at DESC, id DESC)`,
    `CREATE INDEX profile_change_execution_idx ON profile_change (execution_id)`,
    `ALTER TABLE profile ADD COLUMN annotation_provenance jsonb NOT NULL DEFAULT '{}'::jsonb`,
  ]);
}
