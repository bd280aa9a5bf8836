// The profile index's remembered sets: a budget that follows the rows (a set is a bit a row, so a
// fixed budget holds ten times fewer sets at ten million than at a million: issue 20), the
// ceiling an operator sets (PROFILE_INDEX_CACHE_MB), and sets kept across changes (each corrected
// for the changed rows) that still answer as a plain filter over the rows.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { emptySet } from '../../../server/entities/profiles/count-index/bitset';
import { ProfileIndex } from '../../../server/entities/profiles/count-index/index';
import { RememberedSets, rememberedBudget } from '../../../server/entities/profiles/count-index/remembered-sets';
import { applyBatch, expectSameAnswers, freshIndex, rowArbitrary } from './count-index-model';

const MB = 2 ** 20;

describe('remembered sets', () => {
  it('a budget of 32 bytes a row, 32 MB at least, capped by the ceiling', () => {
    expect(rememberedBudget(0)).toBe(32 * MB);
    expect(rememberedBudget(100_000)).toBe(32 * MB);
    expect(rememberedBudget(10_000_000)).toBe(320_000_000);
    // 256 sets of a bit a row whatever the rows
    expect(rememberedBudget(10_000_000) / (10_000_000 / 8)).toBe(256);
    expect(rememberedBudget(10_000_000, 100 * MB)).toBe(100 * MB);
    expect(rememberedBudget(0, 8 * MB)).toBe(8 * MB);
  });

  it('a budget asked at each put: the least recently used go when it shrinks', () => {
    let budget = 4 * 1024;
    const sets = new RememberedSets(() => budget);
    for (let i = 0; i < 4; i++) sets.put(`s${i}`, emptySet(8 * 1024)); // 1 KB each
    expect(sets.bytes()).toBe(4 * 1024);
    sets.get('s0'); // now the most recently used
    budget = 2 * 1024;
    sets.put('s4', emptySet(8 * 1024));
    expect(sets.bytes()).toBe(2 * 1024);
    expect(sets.get('s0')).toBeDefined();
    expect(sets.get('s4')).toBeDefined();
    expect(sets.get('s1')).toBeUndefined();
  });

  // three million rows: a set is 375 KB, so a fixed 32 MB would hold ~87 of them
  const rows = 3_000_000;
  const fill = (index: ProfileIndex, queries: number) => {
    for (let i = 0; i < queries; i++) index.matching(null, { gender: [`g${i}`] }, []);
    return index.bytesByPart()['caches.sets'];
  };

  it("an index's budget follows its rows: far more than 32 MB of sets at three million", () => {
    const index = new ProfileIndex(1, rows, [], []);
    // each query remembers one set (its gender's, which is its whole list's): 300 sets, 112 MB asked
    const held = fill(index, 300);
    expect(held).toBeGreaterThan(80 * MB);
    expect(held).toBeLessThanOrEqual(rememberedBudget(rows + 64_000)); // its capacity has a little room
    // the first query's sets went, the last's stayed
    const last = index.matching(null, { gender: ['g299'] }, []);
    expect(last.count).toBe(0);
  });

  it("the operator's ceiling caps it", () => {
    const index = new ProfileIndex(1, rows, [], []);
    index.limitCaches(8 * MB);
    const held = fill(index, 150);
    expect(held).toBeLessThanOrEqual(8 * MB);
    expect(held).toBeGreaterThan(6 * MB);
    index.limitCaches(undefined);
    expect(fill(index, 300)).toBeGreaterThan(80 * MB);
  });
});

describe('remembered sets across changes', () => {
  it('survive interleaved updates and deletes, corrected row by row, and answer as a plain filter', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.tuple(...Array.from({ length: 30 }, (_, i) => rowArbitrary(i + 1))),
        // updates and deletes of known ids (no growth: growth drops the sets, of the old length)
        fc.array(
          fc.array(fc.tuple(fc.integer({ min: 1, max: 30 }), fc.oneof(fc.constant(null), rowArbitrary(0))), { minLength: 1, maxLength: 6 }),
          { minLength: 1, maxLength: 8 },
        ),
        async (initial, batches) => {
          const model = new Map(initial.map((row) => [row.id, row]));
          let version = 1;
          const index = await freshIndex([...model.values()], version);
          expectSameAnswers(index, model); // fills the remembered sets
          for (const batch of batches) {
            const before = index.bytesByPart()['caches.sets'];
            expect(before).toBeGreaterThan(0);
            applyBatch(model, batch, ++version, [index]);
            // the sets without a search term stay (those with one go)
            expect(index.bytesByPart()['caches.sets']).toBeGreaterThan(0);
            expectSameAnswers(index, model);
          }
        },
      ),
      { seed: 2020, numRuns: 80 },
    );
  }, 180_000);
});
