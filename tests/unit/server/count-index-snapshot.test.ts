// The profile index's snapshot (issue 20, item 3): an index given back by fromParts(toParts())
// — in memory and through its file — answers every filter and page as the original and the
// plain model do, and keeps doing so as changes follow (the file itself: count-index-snapshot-file.test.ts).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ProfileIndex } from '../../../server/entities/profiles/count-index/index';
import { parts, type Parts } from '../../../server/entities/profiles/count-index/parts';
import {
  readSnapshotHeader,
  readSnapshotParts,
  writeSnapshotFile,
  type SnapshotMeta,
} from '../../../server/entities/profiles/count-index/snapshot-file';
import { SnapshotKeeper } from '../../../server/entities/profiles/count-index/snapshot-keeper';
import { applyBatch, expectSameAnswers, freshIndex, rowArbitrary, type ModelRow } from './count-index-model';

const PROPERTY_TEST_TIMEOUT_MS = 180_000;
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'index-snapshot-'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

const meta = (version: number, rows: number): SnapshotMeta => ({ identity: { database: 'test', table: '1' }, version, rows });

async function throughFile(index: ProfileIndex, name: string): Promise<ProfileIndex> {
  const file = path.join(folder, name);
  await writeSnapshotFile(file, meta(index.version, index.rows), index.toParts());
  const header = await readSnapshotHeader(file);
  expect(header.version).toBe(index.version);
  return ProfileIndex.fromParts(await readSnapshotParts(file, header));
}

/** The parts with arrays of their own (toParts gives the index's arrays themselves, as a file read gives new ones). */
const copied = (from: Parts): Parts =>
  parts(
    Object.fromEntries(Object.entries(from.arrays).map(([name, array]) => [name, array.slice()])),
    { ...from.values },
    Object.fromEntries(Object.entries(from.children).map(([name, child]) => [name, copied(child)])),
  );

const batches = fc.array(
  fc.array(fc.tuple(fc.integer({ min: 1, max: 70 }), fc.oneof(fc.constant(null), rowArbitrary(0))), { minLength: 1, maxLength: 12 }),
  { maxLength: 6 },
);

/** One fixed sample of rows, one for each id. */
const sampledRows = (ids: number[], seed: number) =>
  fc.sample(fc.tuple(...ids.map((id) => rowArbitrary(id))), { seed, numRuns: 1 })[0] as ModelRow[];
/** The bigger tests' first rows: 3,000, past an order's block of 1,024 and the arrays' first capacity. */
const FIRST_IDS = Array.from({ length: 3000 }, (_, i) => i + 1);
/** 2,000 of the first rows changed, a third of them deleted. */
const changedRows = (seed: number) =>
  sampledRows(FIRST_IDS.slice(0, 2000), seed).map((row, i): [number, ModelRow | null] => [row.id, i % 3 === 0 ? null : row]);
/** 1,500 new rows (past the capacity: every array grows). */
const addedRows = (seed: number) =>
  sampledRows(FIRST_IDS.map((id) => id + 3000).slice(0, 1500), seed).map((row): [number, ModelRow | null] => [row.id, row]);
/** The first rows as a model and a fresh index of them, at version 1. */
async function biggerIndex(seed: number) {
  const model = new Map(sampledRows(FIRST_IDS, seed).map((row) => [row.id, row]));
  return { model, index: await freshIndex([...model.values()], 1) };
}

describe('profile index snapshot', () => {
  it(
    'fromParts(toParts()) answers like the original and the model, in memory and through the file, and follows later changes alike',
    async () => {
      let run = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 0, max: 40 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => rowArbitrary(i + 1)))),
          batches,
          batches,
          async (initial, before, after) => {
            const model = new Map(initial.map((row) => [row.id, row]));
            let version = 1;
            const index = await freshIndex([...model.values()], version);
            for (const batch of before) applyBatch(model, batch, ++version, [index]);
            const copies = [ProfileIndex.fromParts(copied(index.toParts())), await throughFile(index, `run-${run++}.snapshot`)];
            for (const copy of copies) {
              expect(copy.version).toBe(index.version);
              expect(copy.rows).toBe(index.rows);
              expectSameAnswers(copy, model);
            }
            // the copies change as the original does: blocks split and empty, buckets and sets grow
            for (const batch of after) applyBatch(model, batch, ++version, [index, ...copies]);
            for (const copy of copies) expectSameAnswers(copy, model);
          },
        ),
        { seed: 20261126, numRuns: 80 },
      );
    },
    PROPERTY_TEST_TIMEOUT_MS,
  );

  it(
    'a bigger index read back keeps following changes: blocks of a thousand rows split and empty, sets grow past their capacity',
    async () => {
      const { model, index } = await biggerIndex(1);
      let version = 1;
      const copy = await throughFile(index, 'bigger.snapshot');
      // new rows first, then the first ones changed and deleted
      applyBatch(model, addedRows(2), ++version, [index, copy]);
      applyBatch(model, changedRows(3), ++version, [index, copy]);
      expectSameAnswers(copy, model);
      expect(copy.rows).toBe(model.size);
    },
    PROPERTY_TEST_TIMEOUT_MS,
  );

  it(
    'a write lets the index move once its arrays changed in place are written: the file holds the index as it was, and follows later changes',
    async () => {
      let run = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 0, max: 40 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => rowArbitrary(i + 1)))),
          batches,
          batches,
          batches,
          async (initial, before, during, after) => {
            const model = new Map(initial.map((row) => [row.id, row]));
            let version = 1;
            const index = await freshIndex([...model.values()], version);
            for (const batch of before) applyBatch(model, batch, ++version, [index]);
            const written = new Map(model); // the index as the snapshot takes it
            const takenAt = index.version;
            const file = path.join(folder, `moving-${run++}.snapshot`);
            let movedAt: number | undefined;
            await writeSnapshotFile(file, meta(index.version, index.rows), index.toParts(), undefined, () => {
              // the original moves on while the rest of its file is written
              movedAt = index.version;
              for (const batch of during) applyBatch(model, batch, ++version, [index]);
            });
            expect(movedAt).toBe(takenAt); // let go once, before the rest was written
            const copy = ProfileIndex.fromParts(await readSnapshotParts(file, await readSnapshotHeader(file)));
            expect(copy.version).toBe(takenAt);
            expectSameAnswers(copy, written);
            for (const batch of after) applyBatch(written, batch, ++version, [copy]);
            expectSameAnswers(copy, written);
          },
        ),
        { seed: 20261128, numRuns: 60 },
      );
    },
    PROPERTY_TEST_TIMEOUT_MS,
  );

  it(
    'a bigger index moved while its file is written: rows changed and deleted, then added past the capacity',
    async () => {
      const { model, index } = await biggerIndex(4);
      let version = 1;
      const written = new Map(model);
      const file = path.join(folder, 'bigger-moving.snapshot');
      await writeSnapshotFile(file, meta(index.version, index.rows), index.toParts(), undefined, () => {
        // changed and deleted first, in the arrays being written; then added: every array grows (a new one)
        applyBatch(model, changedRows(6), ++version, [index]);
        applyBatch(model, addedRows(5), ++version, [index]);
      });
      expectSameAnswers(index, model);
      const copy = ProfileIndex.fromParts(await readSnapshotParts(file, await readSnapshotHeader(file)));
      expect(copy.version).toBe(1);
      expectSameAnswers(copy, written);
      const later = sampledRows(FIRST_IDS.slice(1000, 2500), 7).map((row, i): [number, ModelRow | null] => [
        row.id,
        i % 4 === 0 ? null : row,
      ]);
      applyBatch(written, later, 2, [copy]);
      expectSameAnswers(copy, written);
    },
    PROPERTY_TEST_TIMEOUT_MS,
  );

  it('a snapshot is due once the index moved by so many commits, or moved at all and the last one is old enough; never for a reader', () => {
    const keeper = new SnapshotKeeper({} as never, { dir: folder, write: true, everyCommits: 100, everyMs: 60_000 }, () => undefined);
    const at = (version: number) => ({ version }) as ProfileIndex;
    const now = Date.now();
    // as after a snapshot of version 10 written or loaded now
    Object.assign(keeper.stats, { version: 10 });
    Object.assign(keeper, { writtenAt: now });
    expect(keeper.due(at(10), now + 3_600_000)).toBe(false); // not moved
    expect(keeper.due(at(50), now)).toBe(false);
    expect(keeper.due(at(110), now)).toBe(true);
    expect(keeper.due(at(11), now + 60_000)).toBe(true);
    const reader = new SnapshotKeeper({} as never, { dir: folder, write: false }, () => undefined);
    expect(reader.due(at(1_000_000), now + 3_600_000)).toBe(false);
  });
});
