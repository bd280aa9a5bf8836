import type { Kysely } from 'kysely';
import { statements } from './statements';

/**
 * Alerts scouts trust (issue 18; docs/ALERTS.md):
 * - a saved search can be watched: who matched it at each check (`saved_search_match`, a person
 *   who left keeps `left_at` for 30 days, so coming back is not new) and its alerts
 *   (notification.saved_search_id, once per search and retrieval: notification_search_once_idx);
 * - a rule or a watched search can be muted (`muted_at`), a person snoozed by a user until a time;
 * - each user's time zone (IANA) and digest hour, and when their last daily digest left;
 * - a notification can be marked not relevant.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await statements(db, [
    `ALTER TABLE saved_search
      ADD COLUMN watched boolean NOT NULL DEFAULT false,
      ADD COLUMN notification_type text NOT NULL DEFAULT 'Email' CHECK (notification_type IN ('Email', 'Slack')),
      ADD COLUMN priority text NOT NULL DEFAULT 'High' CHECK (priority IN ('High', 'Medium', 'Low')),
      ADD COLUMN watched_at timestamptz,
      ADD COLUMN baseline_at timestamptz,
      ADD COLUMN muted_at timestamptz`,
    `CREATE INDEX saved_search_watched_idx ON saved_search (id) WHERE watched`,
    `CREATE TABLE saved_search_match (
      saved_search_id integer NOT NULL REFERENCES saved_search (id) ON DELETE CASCADE,
      profile_id integer NOT NULL REFERENCES profile (id) ON DELETE CASCADE,
      first_seen_at timestamptz NOT NULL DEFAULT now(),
      left_at timestamptz,
      PRIMARY KEY (saved_search_id, profile_id)
    )`,
    `CREATE INDEX saved_search_match_profile_idx ON saved_search_match (profile_id)`,
    `ALTER TABLE rule ADD COLUMN muted_at timestamptz`,
    `CREATE TABLE profile_snooze (
      user_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
      profile_id integer NOT NULL REFERENCES profile (id) ON DELETE CASCADE,
      until timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, profile_id)
    )`,
    `CREATE INDEX profile_snooze_profile_idx ON profile_snooze (profile_id)`,
    `ALTER TABLE app_user
      ADD COLUMN time_zone text,
      ADD COLUMN digest_hour smallint NOT NULL DEFAULT 7 CHECK (digest_hour BETWEEN 0 AND 23),
      ADD COLUMN last_daily_digest_at timestamptz`,
    `ALTER TABLE notification
      ADD COLUMN saved_search_id integer REFERENCES saved_search (id) ON DELETE SET NULL,
      ADD COLUMN execution_id integer REFERENCES execution (id) ON DELETE SET NULL,
      ADD COLUMN not_relevant_at timestamptz`,
    `CREATE UNIQUE INDEX notification_search_once_idx ON notification (saved_search_id, execution_id, recipient)
       WHERE saved_search_id IS NOT NULL`,
    `CREATE INDEX notification_rule_created_idx ON notification (rule_id, created_at)`,
    // a rule's preview reads each listed person's changes of the fields it watches over 30 days
    // (server/signals/repository.ts recentChanges): the rows it needs and no other field's
    `CREATE INDEX profile_change_preview_idx ON profile_change (profile_id, field, changed_at)`,
  ]);
}
