import type { Kysely } from 'kysely';
import { statements } from './statements';

/**
 * What each change-log row means to the rules, stored once (issue 18, the rule preview at a million
 * profiles; docs/RULES.md "How the preview counts"): the signals engine (server/signals/engine.ts)
 * writes one `change_signal` row per signal of every row it walks — old and new text as the rules
 * compare them, and folded (trimmed, lower-cased in JS: the databases collate "C", SQL lower()
 * would not fold 'Ü') — so that a preview counts in SQL instead of reading job lists in JS.
 *
 * `signal_cursor` 'signals_from' marks where the table is complete: rows at or before it (in the
 * engine's (txid, id) order) have no change_signal rows and the preview reads them the old way
 * while they are within its 30 days (`newest_changed_at`: the newest of them, null when none).
 * It starts at the engine's own cursor: every row past it will be walked by an engine that writes
 * its signals.
 *
 * A migration of its own, not statements appended to 2026-11-26-alerts: databases that already
 * ran that one (the benches', the demo's) would never see them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await statements(db, [
    `CREATE TABLE change_signal (
      change_id bigint NOT NULL REFERENCES profile_change (id) ON DELETE CASCADE,
      signal text NOT NULL,
      profile_id integer NOT NULL,
      changed_at timestamptz NOT NULL,
      old_text text,
      new_text text,
      old_folded text,
      new_folded text,
      PRIMARY KEY (change_id, signal)
    )`,
    // the preview's two reads (server/signals/repository.ts previewCounts): from each listed
    // person, and over the window for big lists; the folded texts included so that neither
    // visits the table
    `CREATE INDEX change_signal_person_idx ON change_signal (profile_id, signal, changed_at) INCLUDE (change_id, old_folded, new_folded)`,
    `CREATE INDEX change_signal_window_idx ON change_signal (signal, changed_at) INCLUDE (profile_id, change_id, old_folded, new_folded)`,
    `ALTER TABLE signal_cursor ADD COLUMN newest_changed_at timestamptz`,
    `INSERT INTO signal_cursor (name, txid, change_id)
       SELECT 'signals_from', txid, change_id FROM signal_cursor WHERE name = 'rules'`,
    `INSERT INTO signal_cursor (name, txid, change_id)
       SELECT 'signals_from', pg_current_xact_id(), coalesce(max(id), 0) FROM profile_change
       ON CONFLICT (name) DO NOTHING`,
    `UPDATE signal_cursor c SET newest_changed_at = (
       SELECT max(pc.changed_at) FROM profile_change pc WHERE (pc.txid, pc.id) <= (c.txid, c.change_id))
     WHERE c.name = 'signals_from'`,
  ]);
}
