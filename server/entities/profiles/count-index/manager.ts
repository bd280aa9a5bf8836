import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/schema';
import type { ProfileFilters } from '../filters';
import type { ListPageRequest } from '../../../db/list-page';
import type { ProfileIndex } from './index';
import { buildProfileIndex } from './build';
import { journalHead, pruneJournal, readJournal } from './journal';
import { foldTerms } from './fold-terms';
import { SnapshotKeeper, type SnapshotStats } from './snapshot-keeper';
import type { SnapshotOptions } from './snapshot-store';
import { warmIndex, type WarmStats } from './warming';

/** Below this many profiles SQL counts take a few milliseconds: no index, no memory spent. */
export const DEFAULT_MIN_ROWS = 20_000;
/** How often an idle server looks at the journal's head (requests look themselves, every time). */
const POLL_MS = 500;
/** How long commits stay in the journal (PROFILE_INDEX_JOURNAL_MINUTES): a server further behind, or its snapshot, rebuilds. */
export const LOG_RETENTION_MS = 3 * 60 * 60_000;
const PRUNE_EVERY_MS = 60_000;
/** How often a writing server asks whether its snapshot is due (snapshot-keeper.ts decides). */
const SNAPSHOT_CHECK_MS = 30_000;
/** A small table is counted again at most this often to see whether it grew past minRows. */
const RECOUNT_SMALL_MS = 5_000;
/**
 * How long a request that needs a newer version waits while a snapshot holds the index still (its
 * arrays changed in place being written: ~1–2.5 s at ten million rows) before SQL answers it: at ten
 * million a SQL count takes seconds, and many at once under load take longer than the hold.
 */
export const HOLD_WAIT_MS = 5_000;

export interface IndexOptions {
  minRows?: number;
  log?: FastifyBaseLogger;
  /** 0: no polling (tests drive it through requests) */
  pollMs?: number;
  retentionMs?: number;
  /** start from a snapshot on disk and keep it (snapshot-store.ts); unset: always build */
  snapshots?: SnapshotOptions;
  /** at most this many bytes of remembered sets (PROFILE_INDEX_CACHE_MB); unset: 32 bytes a row, 32 MB at least */
  cacheBytes?: number;
  /**
   * with snapshots: once ready at start, ask again the lists whose sets it remembered when its keys were
   * last written (warming.ts); default true (PROFILE_INDEX_WARM=0: not)
   */
  warm?: boolean;
  /** how long a request waits for a snapshot's hold before SQL answers it (HOLD_WAIT_MS; 0: SQL at once) */
  holdWaitMs?: number;
}

export interface IndexStats {
  rows: number;
  bytes: number;
  version: number;
  builds: number;
  lastBuildMs: number;
  catchUps: number;
  changesApplied: number;
  rebuildReasons: string[];
  snapshot?: SnapshotStats;
  /** warming at start (with snapshots) */
  warm?: WarmStats;
}

interface State {
  db: Kysely<Database>;
  minRows: number;
  log?: FastifyBaseLogger;
  retentionMs: number;
  cacheBytes?: number;
  index?: ProfileIndex;
  building?: Promise<void>;
  catchingUp?: Promise<void>;
  /** when the table was last found too small to index */
  smallCheckedAt?: number;
  /** no new build before this time (after a failed one) */
  nextBuildAt: number;
  timers: NodeJS.Timeout[];
  stats: Omit<IndexStats, 'rows' | 'bytes' | 'version'>;
  snapshots?: SnapshotKeeper;
  warm: boolean;
  holdWaitMs: number;
  /** the warming under way (at start) */
  warming?: Promise<void>;
  /** the catch-up this process's last write of profiles started (`profilesWritten`) */
  nudged?: Promise<void>;
}

const states = new WeakMap<object, State>();

/**
 * Keeps an index of this database's profiles from now on: built in the
 * background once, then following its journal (the server does this once
 * it answers). Several servers on one database each keep their own.
 */
export function enableProfileCountIndex(db: Kysely<Database>, options: IndexOptions = {}): void {
  if (states.has(db)) return;
  const state: State = {
    db,
    minRows: options.minRows ?? DEFAULT_MIN_ROWS,
    log: options.log,
    retentionMs: options.retentionMs ?? LOG_RETENTION_MS,
    cacheBytes: options.cacheBytes,
    nextBuildAt: 0,
    timers: [],
    stats: { builds: 0, lastBuildMs: 0, catchUps: 0, changesApplied: 0, rebuildReasons: [] },
    warm: options.warm ?? true,
    holdWaitMs: options.holdWaitMs ?? HOLD_WAIT_MS,
  };
  states.set(db, state);
  if (options.snapshots) {
    state.snapshots = new SnapshotKeeper(db, options.snapshots, () => state.log);
    state.stats.snapshot = state.snapshots.stats;
    state.stats.warm = { keys: 0, warmed: 0, skipped: 0, ms: 0 };
    if (options.snapshots.write) state.timers.push(setInterval(() => void saveSnapshotIfDue(state), SNAPSHOT_CHECK_MS).unref());
  }
  startBuild(state, 'start');
  const pollMs = options.pollMs ?? POLL_MS;
  if (pollMs > 0) state.timers.push(setInterval(() => void poll(state), pollMs).unref());
  state.timers.push(setInterval(() => void prune(state), PRUNE_EVERY_MS).unref());
}

/**
 * Stops following the journal (the server closes). A catch-up under way is
 * waited for (it is short); a build is not: it fails once the database
 * closes, quietly, and nothing starts after it.
 */
export async function disableProfileCountIndex(db: Kysely<Database>): Promise<void> {
  const state = states.get(db);
  if (!state) return;
  for (const timer of state.timers) clearInterval(timer);
  states.delete(db);
  await Promise.allSettled([state.catchingUp, state.warming]);
  // a clean shutdown leaves the index on disk for the next start (when it moved since the last one),
  // and the keys of the sets it remembers now (whether it moved or not)
  await saveSnapshot(state, 'shutdown');
  if (state.index) await state.snapshots?.writeWarmKeys(state.index);
  state.log = undefined;
}

/** Writes the index's snapshot now, as it is (tests and benchmarks; the server writes when due). */
export async function writeProfileIndexSnapshot(db: Kysely<Database>): Promise<void> {
  const state = states.get(db);
  if (state) await saveSnapshot(state, 'asked');
}

/** Resolves once the warming at start is over (none, done, or stopped); benchmarks and tests wait for it. */
export async function profileIndexWarmed(db: Kysely<Database>): Promise<void> {
  const state = states.get(db);
  while (state?.building || state?.warming) await (state.building ?? state.warming);
}

/** Resolves once the index is built and has caught up with the journal's head (benchmarks and tests wait for it). */
export async function profileCountIndexSettled(db: Kysely<Database>): Promise<boolean> {
  const state = states.get(db);
  if (!state) return false;
  // a catch-up may find a gap and start a rebuild: wait for that one too
  for (let round = 0; round < 5; round++) {
    while (state.building || state.catchingUp || state.snapshots?.writing)
      await (state.building ?? state.catchingUp ?? state.snapshots?.writing);
    const head = await journalHead(db);
    if (head === undefined) return false;
    if (await currentIndex(state, head)) return true;
    if (!state.building) return false; // too few profiles to index
  }
  return false;
}

export function profileIndexStats(db: Kysely<Database>): IndexStats | undefined {
  const state = states.get(db);
  if (!state?.index) return undefined;
  return { ...state.stats, rows: state.index.rows, bytes: state.index.bytes(), version: state.index.version };
}

/** The index, up to date with the journal's head `head` (read by the caller), or undefined (SQL answers). */
export async function profileIndexAt(db: Kysely<Database>, head: number): Promise<ProfileIndex | undefined> {
  const state = states.get(db);
  return state && currentIndex(state, head);
}

/** The exact count from the index at (or after) `head`; undefined when there is none (SQL counts). */
export async function indexedProfileCount(
  db: Kysely<Database>,
  head: number,
  readable: number[] | null,
  filters: ProfileFilters,
  search: string | undefined,
): Promise<number | undefined> {
  const index = await profileIndexAt(db, head);
  const terms = index && (await foldTerms(db, search));
  if (!index || !terms) return undefined;
  return index.read(async () => (await index.listInSlices(readable, filters, terms)).count);
}

/**
 * The count and, for a one-field ordering, the ids of the asked page, from
 * the index at (or after) `head`; undefined when there is none.
 */
export async function indexedProfilePage(
  db: Kysely<Database>,
  head: number,
  readable: number[] | null,
  filters: ProfileFilters,
  params: ListPageRequest,
): Promise<{ count: number; ids?: number[] } | undefined> {
  const index = await profileIndexAt(db, head);
  const terms = index && (await foldTerms(db, params.search));
  if (!index || !terms) return undefined;
  // in slices, between which other requests run; a catch-up waits for this read to end, and this read for a catch-up under way
  const [sort, ...more] = params.ordering;
  const page = sort && more.length === 0 ? { ...sort, offset: (params.page - 1) * params.pageSize, limit: params.pageSize } : undefined;
  return index.read(() => index.listInSlices(readable, filters, terms, page));
}

async function currentIndex(state: State, head: number): Promise<ProfileIndex | undefined> {
  // a catch-up reads up to the head it finds, at least this one: two rounds at most (and a snapshot's hold or two)
  for (let round = 0; round < 5; round++) {
    const index = state.index;
    if (!index) {
      if (!state.building && (state.smallCheckedAt === undefined || Date.now() - state.smallCheckedAt > RECOUNT_SMALL_MS))
        startBuild(state, 'none yet');
      return undefined;
    }
    if (index.version >= head) return index;
    const holding = state.snapshots?.holding;
    if (holding) {
      // it must not move while its own arrays are written: this request waits for that, SQL answers past the bound
      if (await ended(holding, state.holdWaitMs)) continue;
      return undefined;
    }
    state.catchingUp ??= catchUp(state, index).finally(() => (state.catchingUp = undefined));
    await state.catchingUp;
  }
  return undefined;
}

/** Whether `promise` settles within `ms` (0: not waited for). */
async function ended(promise: Promise<unknown>, ms: number): Promise<boolean> {
  if (ms <= 0) return false;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([promise.then(() => true as const), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Applies what was committed since the index's version; a gap, a TRUNCATE or too many changes rebuild instead. */
async function catchUp(state: State, index: ProfileIndex): Promise<void> {
  try {
    const limit = Math.floor(Math.max(50_000, index.rows / 4));
    const read = await readJournal(state.db, index.version, limit);
    if (state.index !== index || read.head <= index.version) return;
    let problem: string | undefined;
    if (read.reset) problem = 'the table was emptied';
    else if (read.commits !== read.head - index.version)
      problem = `the journal misses ${read.head - index.version - read.commits} commits after version ${index.version}`;
    else if (!read.changes) problem = `${read.changed} profiles changed at once`;
    else if (!(await index.applyInSlices(read.changes, read.head))) problem = 'a change did not fit the index';
    if (problem) startBuild(state, problem);
    else {
      state.stats.catchUps++;
      state.stats.changesApplied += read.changes!.length;
    }
  } catch (error) {
    if (state.index === index) startBuild(state, `catching up failed: ${(error as Error).message}`);
  }
}

function startBuild(state: State, reason: string): void {
  state.index = undefined; // a stale index answers nothing: SQL does until the new one is there
  if (state.building) return;
  const wait = state.nextBuildAt - Date.now();
  if (wait > 0) {
    // put off, not dropped: the index comes back even if no request asks
    state.building = new Promise<void>((resolve) => setTimeout(resolve, wait).unref()).then(() => {
      state.building = undefined;
      if (states.get(state.db) === state) startBuild(state, reason);
    });
    return;
  }
  const started = Date.now();
  state.building = (async () => {
    if (reason === 'start' && state.snapshots && (await startFromSnapshot(state))) return startWarming(state);
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM profile`.execute(state.db);
    const total = Number(rows[0].n);
    if (total < state.minRows) {
      state.smallCheckedAt = Date.now();
      return;
    }
    state.smallCheckedAt = undefined;
    if (reason !== 'start' && reason !== 'none yet') state.stats.rebuildReasons = [...state.stats.rebuildReasons, reason].slice(-20); // the latest
    state.log?.info({ profiles: total, reason }, 'profile index: building');
    const index = await buildProfileIndex(state.db, total);
    index.limitCaches(state.cacheBytes);
    state.index = index;
    state.stats.builds++;
    state.stats.lastBuildMs = Date.now() - started;
    // what was committed while it read
    const head = await journalHead(state.db);
    if (head !== undefined) await currentIndex(state, head);
    if (state.index) {
      state.log?.info({ profiles: index.rows, ms: Date.now() - started, mb: Math.round(index.bytes() / 2 ** 20) }, 'profile index built');
      void saveSnapshot(state, 'built');
      if (reason === 'start') startWarming(state);
    }
  })()
    .catch((error) => {
      state.index = undefined;
      state.log?.warn({ err: error }, 'profile index not built; SQL answers');
    })
    .finally(() => {
      state.building = undefined;
      const ended = !state.index && state.smallCheckedAt === undefined;
      // a build that did not end with a current index is tried again later, not at once:
      // at most a third of the time goes to builds that fail
      state.nextBuildAt = ended ? Date.now() + Math.max(5_000, 2 * (Date.now() - started)) : 0;
      if (ended && states.get(state.db) === state) startBuild(state, 'the last build did not end current');
    });
}

/** The index from this database's snapshot, caught up with the journal; false: build it (the keeper logged why). */
async function startFromSnapshot(state: State): Promise<boolean> {
  const index = await state.snapshots!.load(state.minRows);
  if (!index || states.get(state.db) !== state) return false;
  index.limitCaches(state.cacheBytes);
  state.index = index;
  const head = await journalHead(state.db);
  if (head !== undefined) await currentIndex(state, head);
  if (state.index !== index) state.log?.info('profile index: its snapshot could not be caught up; building');
  return state.index === index;
}

/**
 * Warms the index just started (from its snapshot or built) with the keys written beside its
 * snapshot, in the background: requests are answered meanwhile, each making what is not warmed yet.
 */
function startWarming(state: State): void {
  const index = state.index;
  const keeper = state.snapshots;
  if (!state.warm || !index || !keeper) return;
  const stats = state.stats.warm!;
  const started = Date.now();
  state.warming = (async () => {
    const read = await keeper.readWarmKeys();
    if ('refused' in read) {
      stats.refused = read.refused;
      return;
    }
    stats.keys = read.keys.length;
    const going = () => states.get(state.db) === state && state.index === index;
    const { warmed, skipped } = await warmIndex(index, read.keys, going);
    Object.assign(stats, { warmed, skipped, ms: Date.now() - started });
    state.log?.info({ keys: stats.keys, warmed, skipped, ms: stats.ms }, 'profile index warmed');
  })()
    .catch((error) => state.log?.warn({ err: error }, 'profile index: warming failed'))
    .finally(() => {
      state.warming = undefined;
    });
}

/**
 * Writes the index's snapshot (this process being the writer) once no catch-up is under way. A write
 * under way may have started before the index's last moves: it is waited for, then this one is made.
 */
async function saveSnapshot(state: State, why: string): Promise<void> {
  const keeper = state.snapshots;
  for (;;) {
    while (state.catchingUp) await state.catchingUp;
    if (!keeper || !state.index) return;
    // from here to the keeper's first await nothing else runs: no catch-up starts in between
    if (!keeper.writing) return keeper.write(state.index, why);
    await keeper.writing;
  }
}

async function saveSnapshotIfDue(state: State): Promise<void> {
  if (state.index && !state.building && !state.snapshots?.writing && state.snapshots?.due(state.index)) await saveSnapshot(state, 'moved');
}

/**
 * This process has just committed a change of profiles (an API write): its index follows the journal
 * now rather than at the next poll or the next read, which would otherwise wait for that catch-up (a
 * journal read: 2–4 ms at ten million rows, tens under load). Other processes see it as before.
 */
export function profilesWritten(db: Kysely<Database>): void {
  const state = states.get(db);
  if (!state) return;
  state.nudged = (async () => {
    // a catch-up under way may have read the journal before this commit: the next one reads it
    if (state.catchingUp) await state.catchingUp;
    await poll(state);
  })();
}

/** Resolves once the catch-up the last write started is over (tests). */
export function profileIndexNudged(db: Kysely<Database>): Promise<void> {
  return states.get(db)?.nudged ?? Promise.resolve();
}

async function poll(state: State): Promise<void> {
  if (state.building || state.catchingUp) return;
  try {
    const head = await journalHead(state.db);
    if (head !== undefined) await currentIndex(state, head);
  } catch {
    // the database is closing or away: the next poll or request tries again
  }
}

async function prune(state: State): Promise<void> {
  try {
    await pruneJournal(state.db, state.retentionMs);
  } catch (error) {
    state.log?.warn({ err: error }, 'profile index: pruning its journal failed');
  }
}
