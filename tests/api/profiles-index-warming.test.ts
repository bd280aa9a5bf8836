// Warming after a restart (issue 20, item 5): the keys of the sets the profile index remembers are
// written beside its snapshot and at a clean stop, the most used first; a restarted index, caught
// up from the journal, makes those sets again before any request asks (in slices, within its
// budget). The warmed sets are those a request would make on the index as it is now (profiles
// changed while it was down included), and stay so as it follows later changes; a key file of
// another database, of other code, damaged or missing warms nothing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../server/db/schema';
import { seedDataset } from '../../server/demo/dataset';
import { Random } from '../../server/vocabulary/random';
import {
  disableProfileCountIndex,
  enableProfileCountIndex,
  indexedProfileCount,
  profileCountIndexSettled,
  profileIndexAt,
  profileIndexStats,
  profileIndexWarmed,
} from '../../server/entities/profiles/count-index/manager';
import { journalHead } from '../../server/entities/profiles/count-index/journal';
import { pageStrategy } from '../../server/entities/profiles/count-index/sort-orders';
import { databaseIdentity } from '../../server/entities/profiles/count-index/snapshot-identity';
import { snapshotFile, type SnapshotOptions } from '../../server/entities/profiles/count-index/snapshot-store';
import { RememberedSets } from '../../server/entities/profiles/count-index/remembered-sets';
import { warmFile, type UsedWarmKey } from '../../server/entities/profiles/count-index/warming';
import type { ProfileIndex } from '../../server/entities/profiles/count-index/index';
import { startTestApi, type TestApi } from './harness';
import { expectIndexMatchesSql, randomQuery } from './profile-index-checks';

let api: TestApi;
let db: Kysely<Database>;
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'index-warming-'));
const snapshots: SnapshotOptions = { dir: folder, write: true };
let keysFile: string;

beforeAll(async () => {
  pageStrategy.sortBelow = 40;
  api = await startTestApi();
  db = api.handle.db;
  await seedDataset(db, { profiles: 400, companies: 20, seed: 31 });
  keysFile = warmFile(snapshotFile(snapshots, await databaseIdentity(db)));
});
afterAll(async () => {
  pageStrategy.sortBelow = 1_000;
  await disableProfileCountIndex(db);
  await api?.close();
  fs.rmSync(folder, { recursive: true, force: true });
});

const stats = () => profileIndexStats(db)!;

/** The index started as a server starts it (no polling), settled and done warming. */
async function start(options: { warm?: boolean; cacheBytes?: number } = {}): Promise<ProfileIndex> {
  enableProfileCountIndex(db, { minRows: 0, pollMs: 0, snapshots, ...options });
  expect(await profileCountIndexSettled(db)).toBe(true);
  await profileIndexWarmed(db);
  return current();
}

async function current(): Promise<ProfileIndex> {
  return (await profileIndexAt(db, (await journalHead(db))!))!;
}

/** A mix of lists asked through the index (as requests do): filters, terms, staff and viewers with a few sources. */
async function askLists(seed: number, count: number): Promise<void> {
  const sourceIds = (await db.selectFrom('data_source').select('id').execute()).map((r) => r.id);
  const rng = new Random(seed);
  for (let i = 0; i < count; i++) {
    const { readable, filters, search } = randomQuery(rng, sourceIds);
    const head = (await journalHead(db))!;
    expect(await indexedProfileCount(db, head, readable, filters, search)).toBeGreaterThanOrEqual(0);
  }
}

async function changeProfiles(round: number): Promise<void> {
  await sql`UPDATE profile SET first_name = ${`Warm${round}`}, tech_rating = ${round % 10} WHERE id % 7 = ${round % 7}`.execute(db);
  await sql`UPDATE profile SET headline = ${`engineer warmed ${round}`}, gender_value = 'female' WHERE id % 11 = ${round % 11}`.execute(db);
  await sql`DELETE FROM profile WHERE id IN (SELECT id FROM profile ORDER BY id DESC LIMIT 2)`.execute(db);
  await seedDataset(db, { profiles: 9, companies: 0, seed: 200 + round });
}

const readKeys = (): UsedWarmKey[] => JSON.parse(fs.readFileSync(keysFile, 'utf8')).keys;

/**
 * Each key's set is remembered (a lookup: nothing to make) and equals the set made afresh, with
 * nothing remembered, on the index as it is now: the same rows and the same count.
 */
function expectWarmedEqualFresh(index: ProfileIndex, keys: UsedWarmKey[]): void {
  expect(keys.length).toBeGreaterThan(5);
  const warmed = keys.map(({ readable, filters, terms }) => {
    expect(index.bytesToRemember(readable, filters, terms), JSON.stringify(filters)).toBe(0);
    const { set, count } = index.matching(readable, filters, terms);
    return { set: set.slice(), count };
  });
  const kept = (index as unknown as { remembered: RememberedSets }).remembered;
  Object.assign(index, { remembered: new RememberedSets(Infinity) });
  try {
    keys.forEach(({ readable, filters, terms }, i) => {
      const fresh = index.matching(readable, filters, terms);
      const label = JSON.stringify({ readable, filters, terms });
      expect(warmed[i].count, label).toBe(fresh.count);
      // a set is a view into an arena of sets (set-pool.ts): its own bytes compared
      const bytes = (set: Uint32Array) => Buffer.from(set.buffer, set.byteOffset, set.byteLength);
      expect(bytes(warmed[i].set).equals(bytes(fresh.set)), label).toBe(true);
    });
  } finally {
    Object.assign(index, { remembered: kept });
  }
}

describe('the profile index warms its remembered sets after a restart', () => {
  it('a clean stop writes the keys of the sets it remembers, the most used first', async () => {
    await start();
    await askLists(1, 40);
    await askLists(1, 10); // the first ten asked again: used twice
    await disableProfileCountIndex(db);
    const keys = readKeys();
    expect(keys.length).toBeGreaterThan(20);
    expect(keys.slice(0, 5).every((key) => key.uses >= 2)).toBe(true);
    expect(keys.map((key) => key.uses)).toEqual([...keys.map((key) => key.uses)].sort((a, b) => b - a));
    expect(keys.some((key) => key.readable === null) && keys.some((key) => key.readable !== null)).toBe(true);
    expect(keys.some((key) => key.terms.some(Boolean))).toBe(true);
  });

  it('profiles change while it is down; the restarted index warms every key, each set equal to one made afresh', async () => {
    const keys = readKeys();
    for (const round of [1, 2, 3]) await changeProfiles(round);
    const index = await start();
    expect(stats().snapshot!.loads).toBe(1);
    expect(stats().catchUps).toBe(1); // the changes made while it was down, applied before warming
    expect(stats().warm).toMatchObject({ keys: keys.length, warmed: keys.length, skipped: 0 });
    expect(stats().warm!.refused).toBeUndefined();
    expectWarmedEqualFresh(index, keys);
    // and they follow the changes made after the warming, as any remembered set does
    await changeProfiles(4);
    const caughtUp = await current();
    expect(stats().catchUps).toBe(2);
    expectWarmedEqualFresh(caughtUp, keys);
    await expectIndexMatchesSql(db, 51, 30);
    await disableProfileCountIndex(db);
  });

  it('the keys of the warmed sets are written again at the next stop, their uses kept', async () => {
    const before = readKeys();
    await start();
    await disableProfileCountIndex(db);
    const after = readKeys();
    const byKey = (keys: UsedWarmKey[]) => new Map(keys.map(({ uses, ...key }) => [JSON.stringify(key), uses]));
    expect(byKey(after)).toEqual(byKey(before));
    expect(after.map((key) => key.uses)).toEqual([...after.map((key) => key.uses)].sort((a, b) => b - a));
  });

  it('what does not fit the budget is not warmed: the most used are', async () => {
    const keys = readKeys();
    const probe = await start({ warm: false });
    const setBytes = probe.bytesToRemember(null, { gender: ['nobody'] }, []); // the gender's set, which is its whole list's
    await disableProfileCountIndex(db); // remembering nothing: the keys stay as they were
    expect(readKeys()).toEqual(keys);
    const index = await start({ cacheBytes: 6 * setBytes });
    const warm = stats().warm!;
    expect(warm.warmed).toBeGreaterThan(0);
    expect(warm.skipped).toBeGreaterThan(0);
    expect(warm.warmed + warm.skipped).toBeLessThanOrEqual(keys.length);
    expect(index.bytesByPart()['caches.sets']).toBeLessThanOrEqual(6 * setBytes);
    expect(index.bytesToRemember(keys[0].readable, keys[0].filters, keys[0].terms)).toBe(0);
    await disableProfileCountIndex(db);
  });

  it('without warming (PROFILE_INDEX_WARM=0) nothing is made before a request asks', async () => {
    const keys = readKeys();
    const index = await start({ warm: false });
    expect(stats().warm).toMatchObject({ keys: 0, warmed: 0 });
    expect(index.bytesByPart()['caches.sets']).toBe(0);
    expect(index.bytesToRemember(keys[0].readable, keys[0].filters, keys[0].terms)).toBeGreaterThan(0);
    await disableProfileCountIndex(db);
  });

  it('a key file of another database, of other code, damaged or missing is ignored: nothing warmed, answers as SQL', async () => {
    const good = fs.readFileSync(keysFile, 'utf8');
    const cases: [string, string | undefined][] = [
      [
        'it is of another database (its table differs)',
        JSON.stringify({ ...JSON.parse(good), identity: { ...JSON.parse(good).identity, table: '1' } }),
      ],
      ['it was written by another version of the index code', JSON.stringify({ ...JSON.parse(good), code: 'another version' })],
      ['it could not be read', good.slice(0, good.length / 2)],
      ['there is none', undefined],
    ];
    for (const [refused, contents] of cases) {
      if (contents === undefined) fs.rmSync(keysFile);
      else fs.writeFileSync(keysFile, contents);
      const index = await start();
      expect(stats().warm, refused).toMatchObject({ refused, warmed: 0 });
      expect(index.bytesByPart()['caches.sets']).toBe(0);
      await expectIndexMatchesSql(db, 52, 10);
      fs.rmSync(keysFile, { force: true }); // not the keys the stop writes: the next case's file
      await disableProfileCountIndex(db);
    }
  });

  it('a list asked through the API (page, ordering, search and filters) leaves a key the next start warms', async () => {
    await start();
    const staff = await api.user({ is_staff: true });
    const url = '/api/v1/profiles?gender=female&tech_rating__gte=2&search=engineer&ordering=-first_name&page=2&page_size=5';
    const asked = await api.call(staff.token, { method: 'GET', url });
    expect(asked.statusCode).toBe(200);
    await disableProfileCountIndex(db);
    const key = readKeys().find((k) => k.terms[0] === 'engineer' && k.filters.tech_rating__gte === 2);
    expect(key).toEqual({
      readable: null,
      filters: { gender: ['female'], tech_rating__gte: 2 },
      terms: ['engineer'],
      uses: expect.any(Number),
    });
    const index = await start();
    expect(stats().warm!.warmed).toBeGreaterThan(0);
    expectWarmedEqualFresh(
      index,
      Array.from({ length: 6 }, () => key!),
    );
    await disableProfileCountIndex(db);
  });

  it('keys that are not lists the index can be asked (a hand-edited file) are left out', async () => {
    fs.writeFileSync(keysFile, JSON.stringify({ ...JSON.parse(fs.readFileSync(keysFile, 'utf8')), keys: [] }));
    const stamp = JSON.parse(fs.readFileSync(keysFile, 'utf8'));
    const good: UsedWarmKey = { readable: null, filters: { gender: ['female'] }, terms: ['engineer'], uses: 3 };
    const bad = [
      { readable: 'all', filters: {}, terms: [], uses: 1 },
      { readable: null, filters: { gender: 'female' }, terms: [], uses: 1 },
      { readable: null, filters: { tech_rating__gte: 'x' }, terms: [], uses: 1 },
      { readable: null, filters: { owner: 1 }, terms: [], uses: 1 },
      { readable: null, filters: {}, terms: [1], uses: 1 },
    ];
    fs.writeFileSync(keysFile, JSON.stringify({ ...stamp, keys: [...bad, good] }));
    const index = await start();
    expect(stats().warm).toMatchObject({ keys: 1, warmed: 1 });
    expectWarmedEqualFresh(
      index,
      Array.from({ length: 6 }, () => good),
    );
    await disableProfileCountIndex(db);
  });
});
