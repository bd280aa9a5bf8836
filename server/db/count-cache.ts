import { sql, type Kysely } from 'kysely';
import type { Database } from './schema';

/**
 * Exact list counts, cached per database until the counted table changes:
 * the key is the count query itself (SQL and parameters, so visibility and
 * filters are part of it) and the table's version, bumped by a trigger on
 * every write (migration count-versions; for profiles, once per committing
 * transaction that changed what lists read: migration profile-index-log). A count is never stale, and a
 * repeated filter costs one tiny read instead of a scan of a million rows.
 */
const caches = new WeakMap<object, Map<string, number>>();
const MAX_ENTRIES = 10_000;

export type VersionedTable = 'profile' | 'company';

/** The table's current version (undefined before the migration that versions it). */
export async function tableVersion(db: Kysely<Database>, table: VersionedTable): Promise<string | undefined> {
  const row = await sql<{ version: string }>`SELECT version::text AS version FROM table_version WHERE table_name = ${table}`.execute(db);
  return row.rows[0]?.version;
}

export interface CountOptions {
  /** the table's version, when the caller has read it already */
  version?: string;
  /** a faster exact count for that version of the table, when one is at hand */
  countFirst?: () => Promise<number | undefined>;
}

export async function cachedCount(
  db: Kysely<Database>,
  table: VersionedTable,
  query: { compile(): { sql: string; parameters: readonly unknown[] } },
  count: () => Promise<number>,
  options: CountOptions = {},
): Promise<number> {
  const version = 'version' in options ? options.version : await tableVersion(db, table);
  if (version === undefined) return count();
  const compiled = query.compile();
  const key = `${table}@${version}\n${compiled.sql}\n${JSON.stringify(compiled.parameters)}`;
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  const hit = cache.get(key);
  if (hit !== undefined) {
    cache.delete(key); // keep recently used keys at the end
    cache.set(key, hit);
    return hit;
  }
  const value = (await options.countFirst?.()) ?? (await count());
  cache.set(key, value);
  if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  return value;
}
