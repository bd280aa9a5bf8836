// A page walk that counts the set's members by block once it has gone far (issue 20: a last name's
// rows sorted by last name crossed most of a ten-million-row order; a data source's newest rows
// along their dates, in a numeric order, which finds a member's block by a binary search): with the thresholds at zero,
// every walk over several blocks counts and skips whole blocks (or, along a numeric order, picks a
// shallow page past the walked blocks in a pass over the set), and still answers page for page as
// the plain model, after inserts, updates and deletes that split and move blocks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { walkStrategy } from '../../../server/entities/profiles/count-index/page-walk';
import { pageStrategy } from '../../../server/entities/profiles/count-index/sort-orders';
import { emptySet, add } from '../../../server/entities/profiles/count-index/bitset';
import { BlockStore, OrderedRows } from '../../../server/entities/profiles/count-index/ordered-rows';
import { whole } from '../../../server/entities/profiles/count-index/slices';
import { applyBatch, expectSameAnswers, freshIndex, rowArbitrary } from './count-index-model';

const normal = { ...walkStrategy };

/** The positions 0 … n − 1 in an order drawn from `seed` (a permutation that shrinks cheaply). */
const shuffled = (n: number) => (seed: number) => {
  const order = Array.from({ length: n }, (_, i) => i);
  let state = seed + 1;
  for (let i = n - 1; i > 0; i--) {
    state = (state * 48271) % 2147483647;
    const j = state % (i + 1);
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
};

describe('a page walk counting members by block', () => {
  beforeAll(() => {
    walkStrategy.countAfterRows = 0;
    walkStrategy.rowsPerMember = 0;
    walkStrategy.searchedAfterRows = 0;
    walkStrategy.rowsPerSearchedMember = 0;
    walkStrategy.pickAfterRows = 0;
    walkStrategy.rowsPerPickedWord = 0;
    walkStrategy.rowsPerPickedMember = 0;
    pageStrategy.sortBelow = 0; // every page walked, none sorted
  });
  afterAll(() => {
    Object.assign(walkStrategy, normal);
    pageStrategy.sortBelow = 1_000;
  });

  it('finds the page of a set spread or clustered along the order, one way or the other', () => {
    const n = 4000;
    fc.assert(
      fc.property(
        fc.nat().map(shuffled(n)),
        fc.oneof(
          fc.uniqueArray(fc.integer({ min: 0, max: n - 1 }), { maxLength: 80 }),
          // a run of the order: the set correlated with it
          fc.tuple(fc.integer({ min: 0, max: n - 1 }), fc.integer({ min: 1, max: 300 })).map(([at, length]) => ({ at, length })),
        ),
        fc.integer({ min: 0, max: 120 }),
        fc.integer({ min: 1, max: 12 }),
        fc.boolean(),
        (order, members, skip, wanted, descending) => {
          const picked = Array.isArray(members) ? members : order.slice(members.at, members.at + members.length);
          const set = emptySet(n);
          for (const p of picked) add(set, p);
          const inOrder = (descending ? [...order].reverse() : order).filter((p) => picked.includes(p));
          // a name order's sequence (a store knows each position's block)
          const rows = OrderedRows.from(order, new BlockStore(n));
          const out: number[] = [];
          const left = rows.collect(set, descending, skip, wanted, out, picked.length);
          expect(out).toEqual(inOrder.slice(skip, skip + wanted));
          expect(left).toBe(Math.max(0, skip - inOrder.length));
          // a numeric order's (no store: a member's block is found by a binary search of its value)
          const value = new Uint32Array(n);
          for (const [rank, position] of order.entries()) value[position] = rank;
          const numeric = OrderedRows.from(order);
          const locator = numeric.searchLocator(
            (position) => Math.floor(value[position] / 3), // values tied three by three, the rank breaking ties
            (position) => value[position],
            () => true,
          );
          // counted by block, then picked past the walked blocks (a shallow page: one value read a member)
          for (const pickBelow of [0, 1_000]) {
            walkStrategy.pickBelow = pickBelow;
            const found: number[] = [];
            const still = whole(numeric.collecting(set, descending, skip, wanted, found, picked.length, undefined, locator));
            expect(found).toEqual(inOrder.slice(skip, skip + wanted));
            expect(still).toBe(Math.max(0, skip - inOrder.length));
          }
        },
      ),
      { seed: 2023, numRuns: 300 },
    );
  });

  it('answers as the plain model over several blocks, after changes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(rowArbitrary(0), { minLength: 2200, maxLength: 2600 }),
        fc.array(
          fc.array(fc.tuple(fc.integer({ min: 1, max: 2700 }), fc.oneof(fc.constant(null), rowArbitrary(0))), {
            minLength: 1,
            maxLength: 200,
          }),
          { minLength: 1, maxLength: 3 },
        ),
        async (initial, batches) => {
          const model = new Map(initial.map((row, i) => [i + 1, { ...row, id: i + 1 }]));
          let version = 1;
          const index = await freshIndex([...model.values()], version);
          expectSameAnswers(index, model);
          for (const batch of batches) {
            applyBatch(model, batch, ++version, [index]);
            expectSameAnswers(index, model);
          }
        },
      ),
      { seed: 2022, numRuns: 4 },
    );
  }, 180_000);
});
