import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { hashSecret, newSecret } from './secrets';

/** Sessions last 30 days from their last use. */
export const TOKEN_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

export async function issueToken(db: Kysely<Database>, userId: number): Promise<string> {
  const token = newSecret();
  await db
    .insertInto('auth_token')
    .values({ user_id: userId, token_hash: hashSecret(token), expires_at: new Date(Date.now() + TOKEN_LIFETIME_MS) })
    .execute();
  return token;
}

/**
 * The active user a live token belongs to, sliding its expiry; undefined for
 * unknown, expired, revoked or inactive. With `versions`, the same round trip
 * also reads the tables' versions (read requests: see `Viewer`).
 */
export async function userForToken(db: Kysely<Database>, token: string, options: { versions?: boolean } = {}) {
  const tokenHash = hashSecret(token);
  const row = await db
    .selectFrom('auth_token as t')
    .innerJoin('app_user as u', 'u.id', 't.user_id')
    .selectAll('u')
    .select(['t.id as token_id', 't.last_used_at'])
    .$if(options.versions === true, (query) =>
      query.select(
        sql<Record<string, string> | null>`(SELECT json_object_agg(table_name, version::text) FROM table_version)`.as('versions'),
      ),
    )
    .where('t.token_hash', '=', tokenHash)
    .where('t.revoked_at', 'is', null)
    .where('t.expires_at', '>', new Date())
    .where('u.is_active', '=', true)
    .executeTakeFirst();
  if (!row) return undefined;
  // refresh at most once a minute: a write per request would be wasted work
  if (!row.last_used_at || Date.now() - row.last_used_at.getTime() > 60_000) {
    await db
      .updateTable('auth_token')
      .set({ last_used_at: new Date(), expires_at: new Date(Date.now() + TOKEN_LIFETIME_MS) })
      .where('id', '=', row.token_id)
      .execute();
  }
  const { token_id, last_used_at, password_hash, versions, ...user } = row as typeof row & { versions?: Record<string, string> | null };
  // not enumerable: never serialised with the user
  if (options.versions) Object.defineProperty(user, 'versionsAtStart', { value: versions ?? {}, enumerable: false });
  return { user, tokenHash };
}

/** Revokes every token of a user, but the one given (the session that asked). */
export async function revokeTokens(db: Kysely<Database>, userId: number, keepTokenHash?: string): Promise<void> {
  let query = db.updateTable('auth_token').set({ revoked_at: new Date() }).where('user_id', '=', userId).where('revoked_at', 'is', null);
  if (keepTokenHash) query = query.where('token_hash', '!=', keepTokenHash);
  await query.execute();
}

export async function revokeToken(db: Kysely<Database>, tokenHash: string): Promise<void> {
  await db.updateTable('auth_token').set({ revoked_at: new Date() }).where('token_hash', '=', tokenHash).execute();
}
