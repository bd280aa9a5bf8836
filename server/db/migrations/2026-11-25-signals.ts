import type { Kysely } from 'kysely';
import { statements } from './statements';

/**
 * Signals (docs/RULES.md): rules over profile lists, the notifications they raise (one per rule,
 * change and recipient, held by a unique key), the engine's cursor over the change log and the
 * pace of each delivery channel (Slack webhooks: one message a second across every process).
 *
 * The change log gains the id of the transaction that wrote each row (`txid`): the engine reads
 * rows in transaction order and only below the oldest transaction still running, so a row that
 * commits late (a long batch that took its ids early) is never skipped.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await statements(db, [
    `CREATE TABLE rule (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      name text NOT NULL,
      notification_type text NOT NULL DEFAULT 'Email' CHECK (notification_type IN ('Email', 'Slack')),
      priority text NOT NULL DEFAULT 'High' CHECK (priority IN ('High', 'Medium', 'Low')),
      model_name text NOT NULL,
      attribute text NOT NULL,
      operator text NOT NULL,
      value text NOT NULL,
      owner_id integer NOT NULL REFERENCES app_user (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`,
    `CREATE INDEX rule_owner_idx ON rule (owner_id)`,
    `CREATE INDEX rule_name_idx ON rule (name, id)`,
    `CREATE TABLE rule_profile_list (
      rule_id integer NOT NULL REFERENCES rule (id) ON DELETE CASCADE,
      profile_list_id integer NOT NULL REFERENCES profile_list (id) ON DELETE CASCADE,
      PRIMARY KEY (rule_id, profile_list_id)
    )`,
    `CREATE INDEX rule_profile_list_list_idx ON rule_profile_list (profile_list_id)`,
    `CREATE TABLE notification (
      id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      body text NOT NULL,
      subject text NOT NULL,
      details jsonb NOT NULL DEFAULT '{}'::jsonb,
      notification_status text NOT NULL DEFAULT 'PENDING' CHECK (notification_status IN ('PENDING', 'SENT', 'FAILED')),
      notification_type text NOT NULL CHECK (notification_type IN ('Email', 'Slack')),
      priority text NOT NULL CHECK (priority IN ('High', 'Medium', 'Low')),
      recipient text NOT NULL,
      recipient_id integer REFERENCES app_user (id) ON DELETE CASCADE,
      rule_id integer REFERENCES rule (id) ON DELETE SET NULL,
      rule_owner_id integer REFERENCES app_user (id) ON DELETE CASCADE,
      profile_id integer REFERENCES profile (id) ON DELETE SET NULL,
      profile_change_id bigint REFERENCES profile_change (id) ON DELETE SET NULL,
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz,
      failure_reason text,
      sent_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`,
    // exactly once: a retried retrieval, a re-run or crashed engine cannot raise a second one
    `CREATE UNIQUE INDEX notification_once_idx ON notification (rule_id, profile_change_id, recipient)`,
    `CREATE INDEX notification_recipient_idx ON notification (recipient_id, created_at DESC)`,
    `CREATE INDEX notification_rule_owner_idx ON notification (rule_owner_id, created_at DESC)`,
    `CREATE INDEX notification_profile_idx ON notification (profile_id)`,
    `CREATE INDEX notification_change_idx ON notification (profile_change_id)`,
    `CREATE INDEX notification_created_idx ON notification (created_at, id)`,
    `CREATE INDEX notification_updated_idx ON notification (updated_at, id)`,
    `CREATE INDEX notification_pending_idx ON notification (priority, next_attempt_at) WHERE notification_status = 'PENDING'`,
    `ALTER TABLE profile_change ADD COLUMN txid xid8 NOT NULL DEFAULT pg_current_xact_id()`,
    `CREATE INDEX profile_change_txid_idx ON profile_change (txid, id)`,
    `CREATE TABLE signal_cursor (
      name text PRIMARY KEY,
      txid xid8 NOT NULL,
      change_id bigint NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`,
    // the engine starts after what the change log holds today: no rule existed before
    `INSERT INTO signal_cursor (name, txid, change_id)
       SELECT 'rules', pg_current_xact_id(), coalesce(max(id), 0) FROM profile_change`,
    `CREATE TABLE delivery_pace (
      channel text PRIMARY KEY,
      next_at timestamptz NOT NULL
    )`,
  ]);
}
