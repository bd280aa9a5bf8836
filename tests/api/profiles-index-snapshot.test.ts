// The profile index's snapshot on disk (issue 20, item 3): a server builds its index and writes
// the snapshot; profiles change while it is down; the next start loads the snapshot instead of
// building, catches up from the journal and answers count for count like SQL. A snapshot of
// another database, one the journal no longer covers, or one ahead of the database is not used:
// the index is built as before. A clean shutdown writes the index as it is.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../server/db/schema';
import { seedDataset } from '../../server/demo/dataset';
import {
  disableProfileCountIndex,
  enableProfileCountIndex,
  indexedProfileCount,
  profileCountIndexSettled,
  profileIndexStats,
  writeProfileIndexSnapshot,
} from '../../server/entities/profiles/count-index/manager';
import { journalHead, pruneJournal } from '../../server/entities/profiles/count-index/journal';
import { pageStrategy } from '../../server/entities/profiles/count-index/sort-orders';
import { databaseIdentity } from '../../server/entities/profiles/count-index/snapshot-identity';
import { snapshotFile, type SnapshotOptions } from '../../server/entities/profiles/count-index/snapshot-store';
import { readSnapshotHeader, readSnapshotParts, writeSnapshotFile } from '../../server/entities/profiles/count-index/snapshot-file';
import { startTestApi, type TestApi } from './harness';
import { expectIndexMatchesSql } from './profile-index-checks';

let api: TestApi;
let db: Kysely<Database>;
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'index-snapshots-'));
const snapshots: SnapshotOptions = { dir: folder, write: true };
let file: string;

beforeAll(async () => {
  pageStrategy.sortBelow = 40;
  api = await startTestApi();
  db = api.handle.db;
  await seedDataset(db, { profiles: 400, companies: 20, seed: 21 });
  file = snapshotFile(snapshots, await databaseIdentity(db));
});
afterAll(async () => {
  pageStrategy.sortBelow = 1_000;
  await disableProfileCountIndex(db);
  await api?.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

// a test that fails leaves no index on for the next (a started index ignores the next start's options)
afterEach(() => disableProfileCountIndex(db));

const stats = () => profileIndexStats(db)!;

/** The index started as a server starts it (no polling: the test drives it), settled. */
async function start(options: { holdWaitMs?: number } = {}): Promise<void> {
  enableProfileCountIndex(db, { minRows: 0, pollMs: 0, snapshots, ...options });
  expect(await profileCountIndexSettled(db)).toBe(true);
}

async function until(condition: () => boolean, what: string): Promise<void> {
  for (const deadline = Date.now() + 60_000; !condition(); ) {
    if (Date.now() > deadline) throw new Error(`still waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Changes of every kind the index follows: inserts, updates of indexed fields and of the search document, deletes. */
async function changeProfiles(round: number): Promise<void> {
  await sql`UPDATE profile SET first_name = ${`Snap${round}`}, tech_rating = ${round % 10} WHERE id % 11 = ${round % 11}`.execute(db);
  await sql`UPDATE profile SET headline = ${`snapshotted ${round}`}, gender_value = 'female' WHERE id % 13 = ${round % 13}`.execute(db);
  await sql`DELETE FROM profile WHERE id IN (SELECT id FROM profile ORDER BY id DESC LIMIT 3)`.execute(db);
  await seedDataset(db, { profiles: 7, companies: 0, seed: 100 + round });
}

/** Rewrites the snapshot file with something of its header changed (what another database's, or a later one's, would say). */
async function rewriteSnapshot(change: (header: Awaited<ReturnType<typeof readSnapshotHeader>>) => void): Promise<void> {
  const header = await readSnapshotHeader(file);
  const root = await readSnapshotParts(file, header);
  change(header);
  await writeSnapshotFile(file, header, root);
}

describe('the profile index restarts from its snapshot', () => {
  it('a first start builds and writes the snapshot', async () => {
    await start();
    expect(stats().builds).toBe(1);
    expect(stats().snapshot?.refused).toBe('there is none');
    await until(() => stats().snapshot!.writes === 1, 'the snapshot written after the build');
    const header = await readSnapshotHeader(file);
    expect(header.version).toBe(stats().version);
    expect(header.rows).toBe(400);
    await disableProfileCountIndex(db);
  });

  it('profiles change while it is down; the next start loads the snapshot, catches up and answers like SQL', async () => {
    const written = (await readSnapshotHeader(file)).version;
    for (const round of [1, 2, 3]) await changeProfiles(round);
    expect(await journalHead(db)).toBeGreaterThan(written);
    await start();
    expect(stats().builds).toBe(0); // not built from scratch
    expect(stats().snapshot!.loads).toBe(1);
    expect(stats().snapshot!.refused).toBeUndefined();
    expect(stats().catchUps).toBe(1);
    expect(stats().version).toBe(await journalHead(db));
    await expectIndexMatchesSql(db, 41, 60);
  });

  it('a clean shutdown writes the index as it is, and the next start needs no catch-up', async () => {
    await changeProfiles(4);
    await start(); // the index of the last test, caught up by this request
    const version = (await journalHead(db))!;
    expect(stats().version).toBe(version);
    await disableProfileCountIndex(db);
    expect((await readSnapshotHeader(file)).version).toBe(version);
    await start();
    expect(stats()).toMatchObject({ builds: 0, catchUps: 0, version });
    expect(stats().snapshot!.loads).toBe(1);
    await expectIndexMatchesSql(db, 42, 30);
    await disableProfileCountIndex(db);
  });

  it('while a snapshot takes the index and writes its arrays changed in place, the index does not move: a request that needs a newer version waits for it, then the index catches up and answers', async () => {
    await start({ holdWaitMs: 600_000 }); // a bound no slow disk reaches: the test does not race the clock
    await changeProfiles(8);
    expect(await profileCountIndexSettled(db)).toBe(true);
    const version = stats().version;
    await changeProfiles(9);
    const head = (await journalHead(db))!;
    const writing = writeProfileIndexSnapshot(db);
    // asked while the snapshot holds the index at `version`: answered from the index, at the head
    expect(await indexedProfileCount(db, head, null, {}, 'snapshotted')).toBeGreaterThan(0);
    expect(stats().version).toBe(head);
    await writing;
    expect((await readSnapshotHeader(file)).version).toBe(version);
    await expectIndexMatchesSql(db, 45, 20);
    await disableProfileCountIndex(db);
  });

  it('with no wait for a snapshot allowed (holdWaitMs 0), a request that needs a newer version gets no answer from the index while it is held (SQL answers)', async () => {
    await start({ holdWaitMs: 0 });
    await changeProfiles(6);
    expect(await profileCountIndexSettled(db)).toBe(true); // moved past the snapshot on disk
    const version = stats().version;
    await changeProfiles(7);
    const head = (await journalHead(db))!;
    const writing = writeProfileIndexSnapshot(db);
    expect(await indexedProfileCount(db, head, null, {}, 'snapshotted')).toBeUndefined();
    expect(stats().version).toBe(version);
    await writing;
    expect((await readSnapshotHeader(file)).version).toBe(version);
    expect(await indexedProfileCount(db, head, null, {}, 'snapshotted')).toBeGreaterThan(0);
    expect(stats().version).toBe(head);
    await expectIndexMatchesSql(db, 45, 20);
    await disableProfileCountIndex(db);
  });

  it('a snapshot of another database is not used: the index is built', async () => {
    await rewriteSnapshot((header) => {
      header.identity = { ...header.identity, table: '1' };
    });
    await start();
    expect(stats().builds).toBe(1);
    expect(stats().snapshot!.refused).toBe('it is of another database (its table differs)');
    await until(() => stats().snapshot!.writes === 1, 'a new snapshot written after the build');
    expect((await readSnapshotHeader(file)).identity).toEqual(await databaseIdentity(db));
    await disableProfileCountIndex(db);
  });

  it('a snapshot written by other code of the index is not used: the index is built', async () => {
    await rewriteSnapshot((header) => {
      header.code = 'another version';
    });
    await start();
    expect(stats().builds).toBe(1);
    expect(stats().snapshot!.refused).toBe('it was written by another version of the index code');
    await until(() => stats().snapshot!.writes === 1, 'a new snapshot written after the build');
    await disableProfileCountIndex(db);
  });

  it('a snapshot the journal no longer covers is not used: the index is built', async () => {
    await changeProfiles(5);
    await pruneJournal(db, 0); // the commits after the snapshot are gone
    await start();
    expect(stats().builds).toBe(1);
    expect(stats().snapshot!.refused).toMatch(/the journal no longer holds the \d+ commits after its version/);
    await expectIndexMatchesSql(db, 43, 30);
    await until(() => stats().snapshot!.writes === 1, 'a new snapshot written after the build');
    await disableProfileCountIndex(db);
  });

  it('a snapshot ahead of the database (restored from an earlier state) is not used', async () => {
    const head = (await journalHead(db))!;
    await rewriteSnapshot((header) => {
      header.version = head + 5;
    });
    await start();
    expect(stats().builds).toBe(1);
    expect(stats().snapshot!.refused).toMatch(`it is at version ${head + 5}, the database at ${head}`);
    await until(() => stats().snapshot!.writes === 1, 'a new snapshot written after the build');
    await disableProfileCountIndex(db);
  });

  it('a damaged snapshot is not used', async () => {
    const bytes = fs.readFileSync(file);
    bytes[(await readSnapshotHeader(file)).tree.arrays.ids.offset + 4] ^= 0xff; // an id
    fs.writeFileSync(file, bytes);
    await start();
    expect(stats().builds).toBe(1);
    expect(stats().snapshot!.refused).toBe('its part ids does not match its checksum');
    await expectIndexMatchesSql(db, 44, 20);
  });
});
