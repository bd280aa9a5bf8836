import type { Kysely } from 'kysely';
import { statements } from './statements';

/**
 * The journal the profiles' in-memory index follows (server/entities/profiles/count-index/journal.ts).
 *
 * A row trigger notes every profile a transaction inserts, deletes or changes
 * in a field the index holds, with the transaction's id. At commit, a deferred
 * trigger takes the next `table_version` of `profile` and records it against
 * that transaction id. The version row stays locked until the commit ends, so
 * versions are handed out in commit order, and a rolled-back transaction
 * gives its number back: versions have no gaps, and a reader that sees
 * version V sees every commit up to V. The lock is held only while the
 * transaction commits, not while it works. TRUNCATE records a `reset`.
 */
const INDEXED_FIELDS = [
  'id',
  'first_name',
  'last_name',
  'created_at',
  'updated_at',
  'gender_value',
  'nationalities',
  'data_source_ids',
  'search_text',
  'tech_rating',
  'education_rating',
  'professional_experience_rating',
  'entrepreneurial_spirit_rating',
];
const changedIndexedField = INDEXED_FIELDS.map((f) => `OLD.${f} IS DISTINCT FROM NEW.${f}`).join(' OR ');

export async function up(db: Kysely<unknown>): Promise<void> {
  await statements(db, [
    `CREATE TABLE profile_index_change (
      xid xid8 NOT NULL,
      profile_id integer NOT NULL,
      search_changed boolean NOT NULL
    )`,
    `CREATE INDEX profile_index_change_xid_idx ON profile_index_change (xid)`,
    `CREATE TABLE profile_index_commit (
      version bigint PRIMARY KEY,
      xid xid8 NOT NULL,
      committed_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      reset boolean NOT NULL DEFAULT false
    )`,
    `CREATE INDEX profile_index_commit_time_idx ON profile_index_commit (committed_at)`,
    `CREATE OR REPLACE FUNCTION note_profile_index_change() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       IF TG_OP = 'DELETE' THEN
         INSERT INTO profile_index_change VALUES (pg_current_xact_id(), OLD.id, true);
       ELSIF TG_OP = 'INSERT' THEN
         INSERT INTO profile_index_change VALUES (pg_current_xact_id(), NEW.id, true);
       ELSE
         INSERT INTO profile_index_change VALUES (pg_current_xact_id(), NEW.id, OLD.search_text IS DISTINCT FROM NEW.search_text);
         IF OLD.id <> NEW.id THEN
           INSERT INTO profile_index_change VALUES (pg_current_xact_id(), OLD.id, true);
         END IF;
       END IF;
       RETURN NULL;
     END $$`,
    // once per transaction, however many rows fire it; reset = TRUNCATE (followers rebuild)
    `CREATE OR REPLACE FUNCTION commit_profile_index_version(reset boolean) RETURNS void LANGUAGE plpgsql AS $$
     DECLARE
       taken bigint;
     BEGIN
       IF coalesce(current_setting('talent.profile_index_version', true), '') <> '' THEN
         IF reset THEN
           UPDATE profile_index_commit SET reset = true WHERE version = current_setting('talent.profile_index_version')::bigint;
         END IF;
         RETURN;
       END IF;
       UPDATE table_version SET version = version + 1 WHERE table_name = 'profile' RETURNING version INTO taken;
       INSERT INTO profile_index_commit (version, xid, reset) VALUES (taken, pg_current_xact_id(), reset);
       PERFORM set_config('talent.profile_index_version', taken::text, true);
     END $$`,
    `CREATE OR REPLACE FUNCTION commit_profile_index_changes() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       PERFORM commit_profile_index_version(TG_OP = 'TRUNCATE');
       RETURN NULL;
     END $$`,
    // the statement trigger that bumped the version is replaced by the commit trigger
    `DROP TRIGGER IF EXISTS profile_version ON profile`,
    `CREATE TRIGGER profile_index_insert_delete AFTER INSERT OR DELETE ON profile
       FOR EACH ROW EXECUTE FUNCTION note_profile_index_change()`,
    `CREATE TRIGGER profile_index_update AFTER UPDATE ON profile
       FOR EACH ROW WHEN (${changedIndexedField}) EXECUTE FUNCTION note_profile_index_change()`,
    `CREATE CONSTRAINT TRIGGER profile_index_commit_insert_delete AFTER INSERT OR DELETE ON profile
       DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION commit_profile_index_changes()`,
    `CREATE CONSTRAINT TRIGGER profile_index_commit_update AFTER UPDATE ON profile
       DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (${changedIndexedField}) EXECUTE FUNCTION commit_profile_index_changes()`,
    `CREATE TRIGGER profile_index_truncate AFTER TRUNCATE ON profile
       FOR EACH STATEMENT EXECUTE FUNCTION commit_profile_index_changes()`,
  ]);
}
