import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../server/db/schema';
import { openDatabase, type DatabaseHandle } from '../server/db/connect';
import {
  disableProfileCountIndex,
  enableProfileCountIndex,
  indexedProfileCount,
  profileCountIndexSettled,
  profileIndexAt,
  profileIndexStats,
} from '../server/entities/profiles/count-index/manager';
import { parts } from '../server/entities/profiles/count-index/parts';
import { readSnapshotHeader, readSnapshotParts, writeSnapshotFile } from '../server/entities/profiles/count-index/snapshot-file';
import { journalHead } from '../server/entities/profiles/count-index/journal';
import type { SnapshotOptions } from '../server/entities/profiles/count-index/snapshot-store';

/**
 * `npm run bench -- index-restart`: how long a restarted server takes to its first exact count
 * from the profile index, building it from the database (no snapshot) and starting from its
 * snapshot after profiles changed while it was down (issue 20, item 3); the snapshot's size and
 * write and load times, and the event loop's longest delay meanwhile. Each start is a new
 * connection pool and a new index in this process (the page cache holds the snapshot file just
 * written: a cold disk reads it slower). The changed ratings are put back afterwards.
 */
export interface IndexRestartOptions {
  databaseUrl?: string;
  dataDir?: string;
  /** profiles whose rating changes while the server is down */
  changes: number;
}

const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

async function timedStart(db: Kysely<Database>, snapshots: SnapshotOptions) {
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const started = performance.now();
  enableProfileCountIndex(db, { pollMs: 0, snapshots });
  if (!(await profileCountIndexSettled(db))) throw new Error('the index did not settle (too few profiles?)');
  const count = await indexedProfileCount(db, (await journalHead(db))!, null, {}, 'engineer');
  if (count === undefined) throw new Error('no exact answer from the index');
  const ms = performance.now() - started;
  delay.disable();
  return { ms, loopMaxMs: delay.max / 1e6, stats: profileIndexStats(db)! };
}

async function waitFor(condition: () => boolean): Promise<void> {
  for (const deadline = Date.now() + 600_000; !condition(); await new Promise((resolve) => setTimeout(resolve, 50)))
    if (Date.now() > deadline) throw new Error('the snapshot was not written');
}

/**
 * The file of ten million profiles' index, as far as its size goes: this index's parts ten times
 * over in one snapshot (the same arrays: no more memory to make it), written then read back with
 * its checksums, the event loop's longest delay meanwhile.
 */
async function tenTimes(db: Kysely<Database>, dir: string, profiles: number): Promise<Record<string, string | number>> {
  const index = (await profileIndexAt(db, (await journalHead(db))!))!;
  const one = index.toParts();
  const root = parts({}, {}, Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`copy${i}`, one])));
  const file = path.join(dir, 'ten-times.snapshot');
  const pause = () => new Promise((resolve) => setImmediate(resolve));
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  let started = performance.now();
  const bytes = await writeSnapshotFile(file, { identity: {}, version: 0, rows: 10 * profiles }, root, pause);
  const writeMs = performance.now() - started;
  const writeLoop = delay.max / 1e6;
  delay.reset();
  started = performance.now();
  await readSnapshotParts(file, await readSnapshotHeader(file), pause);
  const readMs = performance.now() - started;
  delay.disable();
  fs.rmSync(file);
  return {
    start: 'its parts ten times over (a ten-million file): write, then read and check',
    profiles: 10 * profiles,
    'to first exact count (ms)': `write ${Math.round(writeMs)}, read ${Math.round(readMs)}`,
    'event loop max (ms)': `${Math.round(writeLoop)}, ${Math.round(delay.max / 1e6)}`,
    'index (MB)': `${mb(bytes)} on disk`,
  };
}

export async function benchIndexRestart(target: { databaseUrl?: string; dataDir?: string }, options: IndexRestartOptions) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-index-snapshot-'));
  const snapshots: SnapshotOptions = { dir, write: true, embeddedFolder: target.dataDir && path.join(target.dataDir, 'pgdata') };
  const open = () => openDatabase(target.databaseUrl ? { databaseUrl: target.databaseUrl } : { dataDir: target.dataDir });
  const rows: Record<string, string | number>[] = [];
  let handle: DatabaseHandle | undefined = await open();
  let saved: { id: number; tech_rating: number | null }[] = [];
  try {
    const profiles = Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM profile`.execute(handle.db)).rows[0].n);
    // 1. no snapshot: built from the database, then written
    const built = await timedStart(handle.db, snapshots);
    const keeper = () => profileIndexStats(handle!.db)!.snapshot!;
    await waitFor(() => keeper().writes === 1);
    const written = { ...keeper() };
    rows.push({
      start: 'no snapshot: built from the database',
      profiles,
      'to first exact count (ms)': Math.round(built.ms),
      'event loop max (ms)': Math.round(built.loopMaxMs),
      'index (MB)': mb(built.stats.bytes),
    });
    rows.push({
      start: 'snapshot written after the build',
      profiles,
      'to first exact count (ms)': `write ${written.lastWriteMs} ms, index held ${written.lastHoldMs}`,
      'event loop max (ms)': '',
      'index (MB)': `${mb(written.bytes)} on disk`,
    });
    await disableProfileCountIndex(handle.db);
    await handle.close();
    handle = undefined;
    global.gc?.();

    // 2. profiles change while it is down
    const writer = await open();
    try {
      saved = (
        await sql<{ id: number; tech_rating: number | null }>`
          SELECT id, tech_rating FROM profile ORDER BY id DESC LIMIT ${options.changes}`.execute(writer.db)
      ).rows;
      await sql`UPDATE profile SET tech_rating = round((random() * 10)::numeric, 1) WHERE id IN (SELECT id FROM profile ORDER BY id DESC LIMIT ${options.changes})`.execute(
        writer.db,
      );
    } finally {
      await writer.close();
    }

    // 3. restarted: from the snapshot, caught up with the journal
    handle = await open();
    const restarted = await timedStart(handle.db, snapshots);
    if (restarted.stats.builds !== 0) throw new Error(`the restart built its index: ${restarted.stats.snapshot?.refused}`);
    rows.push({
      start: `from the snapshot, ${options.changes} profiles changed meanwhile`,
      profiles,
      'to first exact count (ms)': `${Math.round(restarted.ms)} (load ${restarted.stats.snapshot!.lastLoadMs})`,
      'event loop max (ms)': Math.round(restarted.loopMaxMs),
      'index (MB)': mb(restarted.stats.bytes),
    });
    rows.push(await tenTimes(handle.db, dir, profiles));
    await disableProfileCountIndex(handle.db);
  } finally {
    if (handle) {
      // the ratings as they were
      for (const { id, tech_rating } of saved)
        await sql`UPDATE profile SET tech_rating = ${tech_rating} WHERE id = ${id}`.execute(handle.db);
      await handle.close();
    }
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}
