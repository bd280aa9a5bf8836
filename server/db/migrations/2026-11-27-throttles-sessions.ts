import type { Kysely } from 'kysely';
import { statements } from './statements';

/**
 * Production service (issue 19):
 * - `throttle`: the attempts of each throttle key within its window (server/http/throttle-postgres.ts),
 *   so that every web process on one PostgreSQL counts against the same limit. One row per key, at most
 *   `limit` times (epoch ms) in it; `refused` tells whether the last attempt was, for RETURNING;
 *   `expires_at` is when every time in it has left the window (rows past it are deleted).
 * - the device a session was signed in from (its User-Agent, cut to 512 characters) and the client
 *   address, shown in Profile Settings' list of signed-in sessions.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await statements(db, [
    `CREATE TABLE throttle (
      key text PRIMARY KEY,
      hits bigint[] NOT NULL,
      refused boolean NOT NULL DEFAULT false,
      expires_at timestamptz NOT NULL
    )`,
    `CREATE INDEX throttle_expires_idx ON throttle (expires_at)`,
    `ALTER TABLE auth_token ADD COLUMN user_agent text, ADD COLUMN ip_address text`,
  ]);
}
