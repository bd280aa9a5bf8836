import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { secondsUntil, type ThrottleStore } from './throttle';

/** How often a process deletes the rows whose attempts have all left their window. */
const PRUNE_EVERY_MS = 60_000;

/**
 * The attempts in PostgreSQL's `throttle` table, one row per key, so that every web process on the
 * database counts against the same limit. Each attempt is one INSERT … ON CONFLICT DO UPDATE …
 * RETURNING: the row is locked while the attempt is checked and counted, so attempts made at the
 * same moment from several processes queue on it and the limit holds exactly. A row keeps at most
 * `limit` times (refused attempts are not stored), and rows past `expires_at` are deleted by the
 * process that next counts, at most once a minute each.
 */
export class PostgresThrottleStore implements ThrottleStore {
  private prunedAt = 0;

  constructor(private readonly db: Kysely<Database>) {}

  async take(key: string, limit: number, windowMs: number, now: number): Promise<number> {
    if (now - this.prunedAt > PRUNE_EVERY_MS) {
      this.prunedAt = now;
      await this.prune(now);
    }
    const since = now - windowMs;
    // the row's attempts still in the window, oldest first (the SET expressions all see the old row)
    const live = sql`ARRAY(SELECT at FROM unnest(t.hits) AS at WHERE at > ${since}::bigint ORDER BY at)`;
    const full = sql`cardinality(${live}) >= ${limit}::int`;
    const expiresAt = sql`to_timestamp(${now + windowMs}::bigint / 1000.0)`;
    const { rows } = await sql<{ refused: boolean; oldest: string }>`
      INSERT INTO throttle AS t (key, hits, refused, expires_at)
      VALUES (${key}, ARRAY[${now}::bigint], ${limit < 1}, ${expiresAt})
      ON CONFLICT (key) DO UPDATE SET
        refused = ${full},
        hits = CASE WHEN ${full} THEN ${live} ELSE ${live} || ${now}::bigint END,
        expires_at = CASE WHEN ${full} THEN t.expires_at ELSE greatest(t.expires_at, ${expiresAt}) END
      RETURNING refused, hits[1]::text AS oldest`.execute(this.db);
    const [row] = rows;
    return row.refused ? secondsUntil(Number(row.oldest ?? now), windowMs, now) : 0;
  }

  async giveBack(key: string, at: number): Promise<void> {
    // one occurrence of `at` out (two attempts of the same millisecond are two occurrences)
    const position = sql`array_position(hits, ${at}::bigint)`;
    await sql`
      UPDATE throttle SET hits = hits[:${position} - 1] || hits[${position} + 1:]
      WHERE key = ${key} AND ${at}::bigint = ANY (hits)`.execute(this.db);
  }

  /** Deletes the rows whose attempts have all left their window. */
  async prune(now = Date.now()): Promise<void> {
    await this.db.deleteFrom('throttle').where('expires_at', '<=', new Date(now)).execute();
  }
}
