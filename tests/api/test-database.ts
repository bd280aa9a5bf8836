// The PostgreSQL database a test file uses (TEST_DB=postgres): never TEST_DATABASE_URL's own
// database, which any other run on the same server (a second `npm test`, `.ci/run` in a fresh
// clone, an older checkout) empties as it pleases, but a database of the file's own beside it —
// `app_test_1`, `app_test_2`, … (created the first time they are needed, then reused) — claimed
// with a session-level advisory lock that the claiming process holds until it exits. While a file
// runs, no other claim can get its database; and a claim first ends every session still connected
// to the database it gets and waits until they are gone (a server, worker or pg-boss left by the
// file that held it before, or that file's statement still waiting for a lock, such as a
// `DROP SCHEMA` that would otherwise run in the middle of the next file): whatever they were doing
// is over, done or undone, before the file starts, and nothing from before can empty its database
// under its feet.
import pg from 'pg';

/** pg_try_advisory_lock(CLAIM_LOCK, slot), taken in TEST_DATABASE_URL's database */
const CLAIM_LOCK = 0x61707474; // 'aptt'
const SLOTS = 32;
/** a safety net for sessions that do not end once told to (never reached in practice) */
const END_SESSIONS_TRIES = 400;

export interface ClaimedDatabase {
  /** TEST_DATABASE_URL with the claimed database's name */
  url: string;
  name: string;
  slot: number;
  /** ends the claim (a test process's claim ends when the process does) */
  release(): Promise<void>;
}

/** The database a connection URL names, and the same URL naming another one. */
export function databaseOf(url: string): { name: string; withName(name: string): string } {
  // by hand: a socket URL such as postgresql://root@/app_test?host=/var/run/postgresql is no WHATWG URL
  const [beforeQuery, query] = url.split(/\?(.*)/s, 2);
  const match = /^([a-z]+:\/\/[^/]*)\/([^/]+)$/i.exec(beforeQuery);
  if (!match)
    throw new Error(`TEST_DATABASE_URL must name a database, e.g. postgresql://root@/app_test?host=/var/run/postgresql (got ${url})`);
  return {
    name: decodeURIComponent(match[2]),
    withName: (name) => `${match[1]}/${encodeURIComponent(name)}${query === undefined ? '' : `?${query}`}`,
  };
}

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Claims the first free database beside `baseUrl`'s (or one of `slots`), creating it if needed,
 * and ends whatever sessions it still has. The claim lasts until `release()` or this process's end.
 */
export async function claimTestDatabase(baseUrl: string, slots: number[] = range(1, SLOTS)): Promise<ClaimedDatabase> {
  const base = databaseOf(baseUrl);
  const guard = new pg.Client({ connectionString: baseUrl, application_name: 'test database claim' });
  guard.on('error', () => {}); // the claim ends with the session; nothing to report
  await guard.connect();
  try {
    for (const slot of slots) {
      const { rows } = await guard.query<{ claimed: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS claimed', [CLAIM_LOCK, slot]);
      if (!rows[0].claimed) continue;
      const name = `${base.name}_${slot}`;
      const exists = await guard.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (!exists.rowCount) {
        await guard.query(`CREATE DATABASE ${quoteIdent(name)}`).catch((error: Error) => {
          throw new Error(
            `The API tests on PostgreSQL use databases of their own beside TEST_DATABASE_URL's (${name}), and could not create it: ${error.message}. Give the role CREATEDB.`,
          );
        });
      }
      await endSessions(guard, name);
      let released = false;
      return {
        url: base.withName(name),
        name,
        slot,
        async release() {
          if (released) return;
          released = true;
          // unlocked before the session ends: a claim right after this one finds the slot free
          await guard.query('SELECT pg_advisory_unlock($1, $2)', [CLAIM_LOCK, slot]);
          await guard.end();
        },
      };
    }
  } catch (error) {
    await guard.end().catch(() => {});
    throw error;
  }
  await guard.end();
  throw new Error(`No free test database beside ${base.name}: slots ${slots.join(', ')} are all claimed by running test processes.`);
}

/** Ends every session connected to `name` and waits until none is left. */
async function endSessions(guard: pg.Client, name: string): Promise<void> {
  for (let tries = 0; ; tries++) {
    const { rows } = await guard.query<{ n: number }>(
      'SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [name],
    );
    if (rows[0].n === 0) return;
    if (tries === END_SESSIONS_TRIES) throw new Error(`${rows[0].n} session(s) on ${name} did not end when told to`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}
