import { RATING_FIELDS } from '../types/api';
import { Random } from '../server/vocabulary/random';
import { startBenchServer, startBuiltBenchServer, signIn, benchDataDir } from './server-under-test';
import {
  enableProfileCountIndex,
  profileCountIndexSettled,
  profileIndexAt,
  profileIndexStats,
  profileIndexWarmed,
} from '../server/entities/profiles/count-index/manager';
import { journalHead } from '../server/entities/profiles/count-index/journal';
import { snapshotOptions } from '../server/entities/profiles/count-index/snapshot-store';
import { RememberedSets } from '../server/entities/profiles/count-index/remembered-sets';
import { runProfileCase, type CaseName } from './profile-cases';
import { ensureProfiles, ensureUser, profileCount } from './seeding';
import { openDatabase } from '../server/db/connect';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../server/db/schema';

const SORTS = ['first_name', 'last_name', 'created_at', 'updated_at', ...RATING_FIELDS];
const TERMS = [
  'anna',
  'garcía',
  'muller',
  'engineer',
  'berlin',
  'quartz',
  'founder at',
  'phd',
  'lee',
  'xyzzy',
  'data scientist',
  'são paulo',
];
const NATIONALITIES = ['DE', 'FR', 'US', 'IN', 'BR', 'PL', 'JP', 'NG'];
const GENDERS = ['female', 'male', 'non-binary'];

/**
 * The fixed, seeded mix of 200 profile-list queries: search, each filter alone and combined, ranges,
 * every sort, deep pages. Seed 424242 is the timed mix; warm-ups use another seed (other queries).
 */
export function profileQueryMix(count: number, dataSourceIds: number[], seed = 424242): string[] {
  const rng = new Random(seed);
  const lastPage = Math.max(1, Math.floor(count / 10));
  return Array.from({ length: 200 }, (_, i) => {
    const q = new URLSearchParams();
    const kind = i % 8;
    if (kind === 0) q.set('search', rng.pick(TERMS));
    if (kind === 1) q.append('data_sources', String(rng.pick(dataSourceIds)));
    if (kind === 2) for (const n of rng.sample(NATIONALITIES, rng.int(1, 3))) q.append('nationalities', n);
    if (kind === 3) q.append('gender', rng.pick(GENDERS));
    if (kind === 4) {
      const field = rng.pick(RATING_FIELDS);
      const low = Math.round(rng.next() * 80) / 10;
      q.set(`${field}__gte`, String(low));
      q.set(`${field}__lte`, String(Math.min(10, low + 1 + Math.round(rng.next() * 30) / 10)));
    }
    if (kind === 5) {
      q.append('gender', rng.pick(GENDERS));
      q.append('nationalities', rng.pick(NATIONALITIES));
      q.set('tech_rating__gte', '5');
      q.set('tech_rating__lte', '10');
      if (rng.chance(0.5)) q.set('search', rng.pick(TERMS));
    }
    if (kind === 6) q.set('page', String(rng.chance(0.5) ? rng.int(lastPage - 10, lastPage) : rng.int(100, 1000)));
    const sort = rng.pick(SORTS);
    q.set('ordering', rng.chance(0.5) ? `-${sort}` : sort);
    if (!q.has('page')) q.set('page', String(rng.chance(0.8) ? 1 : rng.int(2, 50)));
    q.set('page_size', '10');
    return `/api/v1/profiles?${q}`;
  });
}

export interface ProfileBenchOptions {
  /** what writes while the mix is timed; the write cases need PostgreSQL (another process writes) */
  cases: CaseName[];
  /** seconds of load at `connections` connections per case and role (0: no throughput pass) */
  seconds: number;
  connections: number;
  /** PostgreSQL: time the built server (`npm start`) with this many web processes instead of one in this process */
  webProcesses?: number;
  /** people in the retrieval case's synthetic network (issue 20 asks for 100,000) */
  retrievalPeople?: number;
  /** see profile-cases.ts */
  countChecks?: number;
  slowest?: number;
  cpuProfile?: string;
  /** what-if (in-process server): the index's remembered-sets budget in MB instead of its own (a private field set from here) */
  rememberedMb?: number;
  /**
   * a restarted server with warming: the index warms the sets whose keys the last run left beside its
   * snapshot, and the mix is timed once that is done (its rows are marked: not first askings)
   */
  warm?: boolean;
  /** PostgreSQL: leave the profile table's pages where they are (default: read into the page cache first) */
  coldTable?: boolean;
}

/**
 * Seeds the database up to `target` profiles (reusing what a previous run left), builds the index,
 * then runs each case: the mix timed one request at a time and under load, as staff and as a normal user.
 */
export async function benchProfiles(target: { databaseUrl?: string; dataDir?: string }, profiles: number, options: ProfileBenchOptions) {
  // seeded before the server starts: a server started first follows the profiles' change log while the
  // seed writes millions of rows with the table's indexes dropped (ten million took 86 min instead of ~30)
  await seedBeforeServer(target, profiles, !options.coldTable);
  const server =
    options.webProcesses && target.databaseUrl
      ? await startBuiltBenchServer(target.databaseUrl, options.webProcesses, options.warm)
      : await startBenchServer(target, options.warm);
  try {
    const { db } = server.handle;
    // the in-process server starts its index itself a second after it listens (app.ts): timed from here
    const indexStarted = performance.now();
    // the server builds its index in the background once it listens: time the mix once it is there
    global.gc?.();
    const heapBefore = process.memoryUsage();
    if (server.indexesBuilt) {
      await server.indexesBuilt(); // each web process builds its own
      console.log(
        `  ${options.webProcesses} web process(es) of the built server: indexes built ${Math.round(performance.now() - indexStarted)} ms after the first answered`,
      );
    } else {
      // as the server itself would (app.ts, a second later): from its snapshot in the data directory when
      // there is a usable one (kept between runs: only the first run at ten million pays the build), else built
      enableProfileCountIndex(db, { snapshots: snapshotOptions(benchDataDir(target), !target.databaseUrl), warm: options.warm ?? false });
    }
    const indexed = await profileCountIndexSettled(db);
    // the broadest tokens' bitsets are made in the background after the index (0.4 s at ten million): in the figures
    if (indexed && !server.indexesBuilt) await (await profileIndexAt(db, (await journalHead(db))!))?.broadTokensMade();
    if (options.warm && !server.indexesBuilt) {
      await profileIndexWarmed(db);
      const warm = profileIndexStats(db)?.warm;
      console.log(
        `  warming: ${warm?.refused ? `nothing warmed (the keys file: ${warm.refused})` : `${warm?.warmed} sets of ${warm?.keys} keys warmed in ${warm?.ms} ms (${warm?.skipped} did not fit the budget)`}; the mix is timed after it`,
      );
    }
    global.gc?.();
    const heapAfter = process.memoryUsage();
    const mb = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MB`;
    const stats = profileIndexStats(db);
    if (!server.indexesBuilt) {
      const how = stats?.snapshot?.loads ? `loaded from its snapshot (file read and checked in ${stats.snapshot.lastLoadMs} ms)` : 'built';
      console.log(
        `  index: ${indexed && stats ? `${how}, settled ${Math.round(performance.now() - indexStarted)} ms after the server listened (a build's first snapshot write included); holds ${mb(stats.bytes)} (counted); heap + array buffers grew by ${mb(heapAfter.heapUsed + heapAfter.arrayBuffers - heapBefore.heapUsed - heapBefore.arrayBuffers)}` : 'none (below its threshold)'}`,
      );
      if (stats?.snapshot?.refused) console.log(`  snapshot not used: ${stats.snapshot.refused}`);
      if (stats?.snapshot?.writes)
        console.log(
          `  snapshot written in ${stats.snapshot.lastWriteMs} ms (${mb(stats.snapshot.bytes)}); the index held still for the first ${stats.snapshot.lastHoldMs} ms`,
        );
      const index = indexed ? await profileIndexAt(db, (await journalHead(db))!) : undefined;
      if (index)
        console.log(
          `  index by part: ${Object.entries(index.bytesByPart())
            .map(([part, bytes]) => `${part} ${mb(bytes)}`)
            .join(
              ', ',
            )}; process RSS ${mb(process.memoryUsage().rss)}, heap used ${mb(heapAfter.heapUsed)}, array buffers ${mb(heapAfter.arrayBuffers)}`,
        );
      if (index && options.rememberedMb) {
        Object.assign(index, { remembered: new RememberedSets(options.rememberedMb * 2 ** 20) });
        console.log(`  what-if: the index remembers up to ${options.rememberedMb} MB of sets (its own budget set aside)`);
      }
    }
    const total = await profileCount(db);
    const dataSourceIds = (await db.selectFrom('data_source').select('id').execute()).map((r) => r.id);
    const tokens = {
      staff: await signIn(server.url, 'bench-staff@example.test', 'bench-password'),
      'normal user': await signIn(server.url, 'bench-user@example.test', 'bench-password'),
    };
    const rows: Record<string, string | number>[] = [];
    for (const name of options.cases) {
      if (name !== 'idle' && !target.databaseUrl) {
        console.log(`  case ${name}: PostgreSQL only (another process writes), skipped on PGlite`);
        continue;
      }
      const caseRows = await runProfileCase(name, {
        server,
        databaseUrl: target.databaseUrl,
        tokens,
        mix: profileQueryMix(total, dataSourceIds),
        warmUp: profileQueryMix(total, dataSourceIds, 7),
        ...options,
      });
      // a restarted server's warmed sets are not first askings: its rows say so
      rows.push(...caseRows.map((row) => (options.warm ? { ...row, case: `${row.case} (restarted, warmed)` } : row)));
    }
    return { profiles: await profileCount(db), rows };
  } finally {
    await server.close();
  }
}

/** The bench's two users and `profiles` profiles, on a connection of its own, closed before the server opens. */
async function seedBeforeServer(
  target: { databaseUrl?: string; dataDir?: string },
  profiles: number,
  tableInMemory: boolean,
): Promise<void> {
  const handle = await openDatabase(target.databaseUrl ? { databaseUrl: target.databaseUrl } : { dataDir: target.dataDir });
  try {
    await ensureUser(handle.db, 'bench-staff@example.test', true);
    await ensureUser(handle.db, 'bench-user@example.test', false);
    await ensureProfiles(handle.db, profiles);
    if (target.databaseUrl && tableInMemory) await readProfileTable(handle.db);
  } finally {
    await handle.close();
  }
}

/**
 * The profile table and its primary key read into the machine's page cache (pg_prewarm's `read`), as a
 * database server that has been answering for a while holds them: each page of the list reads its rows
 * by id, and on a page cache emptied by a restart each of those is a disk read (~1 ms on these machines;
 * a 10-row page took 18–83 ms cold at ten million). Without it the figures depend on what ran before.
 */
async function readProfileTable(db: Kysely<Database>): Promise<void> {
  const started = performance.now();
  try {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_prewarm`.execute(db);
  } catch (error) {
    console.log(`  the profile table's pages left where they are: pg_prewarm is not there (${(error as Error).message})`);
    return;
  }
  const { rows } = await sql<{ blocks: number; mb: number }>`
    SELECT sum(pg_prewarm(relation, 'read'))::int AS blocks, (sum(pg_relation_size(relation)) / 1048576)::int AS mb
    FROM unnest(ARRAY['profile'::regclass, 'profile_pkey'::regclass]) AS relation`.execute(db);
  console.log(
    `  the profile table and its primary key read into the page cache (${rows[0].mb} MB, ${Math.round(performance.now() - started)} ms; --cold-table leaves them)`,
  );
}
