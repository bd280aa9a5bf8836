import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { hashSecret, newSecret } from './secrets';
import { compiledOnce } from '../db/compiled-once';

/** Sessions last 30 days from their last use. */
export const TOKEN_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

/** Where a session was signed in from, shown in the user's list of sessions. */
export interface SessionOrigin {
  userAgent?: string;
  ip?: string;
}

const USER_AGENT_CHARS = 512;

export async function issueToken(db: Kysely<Database>, userId: number, origin: SessionOrigin = {}): Promise<string> {
  const token = newSecret();
  await db
    .insertInto('auth_token')
    .values({
      user_id: userId,
      token_hash: hashSecret(token),
      expires_at: new Date(Date.now() + TOKEN_LIFETIME_MS),
      user_agent: origin.userAgent?.slice(0, USER_AGENT_CHARS) || null,
      ip_address: origin.ip || null,
    })
    .execute();
  return token;
}

/** A user's live sessions (not revoked, not expired), the last used first. */
export async function liveSessions(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom('auth_token')
    .select(['id', 'token_hash', 'user_agent', 'ip_address', 'created_at'])
    .select(sql<Date>`coalesce(last_used_at, created_at)`.as('last_used_at'))
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date())
    .orderBy(sql`coalesce(last_used_at, created_at)`, 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Revokes one live session of a user; answers its token hash, undefined when the user has no such session. */
export async function revokeSession(db: Kysely<Database>, userId: number, id: number): Promise<string | undefined> {
  const row = await db
    .updateTable('auth_token')
    .set({ revoked_at: new Date() })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning('token_hash')
    .executeTakeFirst();
  return row?.token_hash;
}

/** The active user of a live token: compiled once, it is asked on every request. */
function userByTokenQuery(db: Kysely<Database>, tokenHash: string) {
  return db
    .selectFrom('auth_token as t')
    .innerJoin('app_user as u', 'u.id', 't.user_id')
    .selectAll('u')
    .select(['t.id as token_id', 't.last_used_at'])
    .where('t.token_hash', '=', tokenHash)
    .where('t.revoked_at', 'is', null)
    .where('t.expires_at', '>', sql<Date>`now()`)
    .where('u.is_active', '=', true);
}

const userByToken = compiledOnce((db, parameter: (name: 'tokenHash') => string) => userByTokenQuery(db, parameter('tokenHash')));

const userWithVersionsByToken = compiledOnce((db, parameter: (name: 'tokenHash') => string) =>
  userByTokenQuery(db, parameter('tokenHash')).select(
    sql<Record<string, string> | null>`(SELECT json_object_agg(table_name, version::text) FROM table_version)`.as('versions'),
  ),
);

/**
 * The active user a live token belongs to, sliding its expiry; undefined for
 * unknown, expired, revoked or inactive. With `versions`, the same round trip
 * also reads the tables' versions (read requests: see `Viewer`).
 */
export async function userForToken(db: Kysely<Database>, token: string, options: { versions?: boolean } = {}) {
  const tokenHash = hashSecret(token);
  const [row] = await (options.versions ? userWithVersionsByToken : userByToken)(db, { tokenHash });
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

/** Revokes every token of a user, but the one given (the session that asked); answers how many. */
export async function revokeTokens(db: Kysely<Database>, userId: number, keepTokenHash?: string): Promise<number> {
  // an expired token is refused already (userForToken) and no longer slides
  let query = db
    .updateTable('auth_token')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date());
  if (keepTokenHash) query = query.where('token_hash', '!=', keepTokenHash);
  const [result] = await query.execute();
  return Number(result.numUpdatedRows);
}

export async function revokeToken(db: Kysely<Database>, tokenHash: string): Promise<void> {
  await db.updateTable('auth_token').set({ revoked_at: new Date() }).where('token_hash', '=', tokenHash).execute();
}
