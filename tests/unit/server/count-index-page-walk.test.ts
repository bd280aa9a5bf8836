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
import { emptySet, add, remove } from '../../../server/entities/profiles/count-index/bitset';
import { BlockStore, OrderedRows } from '../../../server/entities/profiles/count-index/ordered-rows';
import { whole } from '../../../server/entities/profiles/count-index/slices';
import { KeptBlockCounts } from '../../../server/entities/profiles/count-index/block-counts';
import { freeSets, readEnded, readStarted, releaseSet, takeSet } from '../../../server/entities/profiles/count-index/set-pool';
import { applyBatch, expectSameAnswers, freshIndex, rowArbitrary, type ModelRow } from './count-index-model';

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

/**
 * `n` positions in a shuffled numeric order (a rank each), its last 40 a set's members, and a locator
 * for each walk (as the orders make one: it reads the blocks as they are then) that counts the members
 * it locates.
 */
function farMembers(seed: number) {
  const n = 5000;
  const order = shuffled(n)(seed);
  const numeric = OrderedRows.from(order);
  const rank = new Float64Array(n);
  for (const [at, position] of order.entries()) rank[position] = at;
  const spy = { located: 0 };
  const locator = () => {
    const search = numeric.searchLocator(
      (position) => rank[position],
      () => 0,
      () => true,
    );
    return {
      ...search,
      blockOf: (position: number) => {
        spy.located++;
        return search.blockOf(position);
      },
    };
  };
  // members at the far end of the order: a walk from its start counts them by block
  const members = order.slice(n - 40);
  const set = emptySet(n);
  for (const p of members) add(set, p);
  return { order, numeric, rank, spy, locator, members, set };
}

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
          // the counts kept by a first walk, used from the start by a second
          const kept = new KeptBlockCounts().of(rows);
          for (let walk = 0; walk < 2; walk++) {
            const again: number[] = [];
            const still = whole(rows.collecting(set, descending, skip, wanted, again, picked.length, undefined, undefined, kept));
            expect(again).toEqual(inOrder.slice(skip, skip + wanted));
            expect(still).toBe(Math.max(0, skip - inOrder.length));
          }
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

  it('counts a set by block once, and walks it again from the kept counts while nothing changed', () => {
    const { numeric, spy, locator, members, set } = farMembers(7);
    walkStrategy.pickBelow = 0;
    const kept = new KeptBlockCounts();
    const walk = () => {
      const out: number[] = [];
      whole(numeric.collecting(set, false, 5, 10, out, members.length, undefined, locator(), kept.of(numeric)));
      expect(out).toEqual(members.slice(5, 15));
    };
    walk();
    expect(spy.located).toBe(members.length);
    walk();
    expect(spy.located).toBe(members.length); // the kept counts: no member located again
    kept.forget();
    walk();
    expect(spy.located).toBe(2 * members.length);
  });

  it('corrects the kept counts as rows move and sets change with them, without locating the members again', () => {
    const { order, numeric, rank, spy, locator, members, set } = farMembers(11);
    const before = (a: number, b: number) => rank[a] < rank[b] || (rank[a] === rank[b] && a < b);
    walkStrategy.pickBelow = 0;
    const kept = new KeptBlockCounts();
    const page = (skip: number) => {
      const out: number[] = [];
      whole(numeric.collecting(set, false, skip, 10, out, members.length, undefined, locator(), kept.of(numeric)));
      return out;
    };
    expect(page(0)).toEqual(members.slice(0, 10));
    expect(spy.located).toBe(members.length);
    // a change as the index applies one: the row out of the order, its values and sets changed, the row back
    const change = (position: number, newRank: number, member: boolean) => {
      expect(numeric.removeSorted(position, before)).toBe(true);
      rank[position] = newRank;
      if (member) add(set, position);
      else remove(set, position);
      numeric.insertSorted(position, before);
    };
    // a member moves to the start of the order (into a block the kept counts have empty)
    change(members[0], -1, true);
    expect(page(0)).toEqual(members.slice(0, 10));
    // a row of the third block joins the set where it is
    const joining = order[2000];
    change(joining, 2000, true);
    expect(page(0)).toEqual([members[0], joining, ...members.slice(1, 9)]);
    expect(page(30)).toEqual(members.slice(29, 39));
    // and leaves it again; a member leaves
    change(joining, 2000, false);
    change(members[1], rank[members[1]], false);
    expect(page(0)).toEqual([members[0], ...members.slice(2, 11)]);
    expect(spy.located).toBe(members.length); // corrected from the moved rows' blocks, never counted again
    // rows moved to the start until its block splits (the blocks numbered anew): the counts are made again
    const arriving = order.slice(3000, 3070);
    for (const [i, position] of arriving.entries()) change(position, -100 + i, i === 69);
    expect(page(0)).toEqual([arriving[69], members[0], ...members.slice(2, 10)]);
    expect(spy.located).toBe(2 * members.length);
    // as many edits between two askings as correcting pays for (256: a row out and back in, 128 times)
    // are corrected; more are counted anew
    for (const position of order.slice(4000, 4128)) change(position, rank[position], false);
    expect(page(0)).toEqual([arriving[69], members[0], ...members.slice(2, 10)]);
    expect(spy.located).toBe(2 * members.length);
    for (const position of order.slice(4000, 4129)) change(position, rank[position], false);
    expect(page(0)).toEqual([arriving[69], members[0], ...members.slice(2, 10)]);
    expect(spy.located).toBe(3 * members.length);
  });

  it('keeps no count for a set the pool hands out again (another set under the same object)', () => {
    const rows = OrderedRows.from([0, 1, 2, 3], new BlockStore(4));
    const kept = new KeptBlockCounts().of(rows);
    const set = takeSet(1);
    kept.put(set, new Uint32Array([1]));
    expect(kept.get(set)).toEqual(new Uint32Array([1]));
    readStarted();
    releaseSet(set);
    readEnded(); // no read in flight: the set is free again
    let again = takeSet(1);
    while (again !== set && freeSets() > 0) again = takeSet(1);
    expect(again).toBe(set);
    expect(kept.get(again)).toBeUndefined();
  });

  it('counts again after a change: a member moved into a block the kept counts had empty, a row deleted', async () => {
    // 3,000 rows by last name; the data source's only members are at the end of that order
    const row = (id: number, sources: number[]): ModelRow => ({
      id,
      first_name: null,
      last_name: `name ${String(id).padStart(5, '0')}`,
      sources,
      nationalities: [],
      gender: null,
      numbers: {
        created_at: id,
        updated_at: id,
        tech_rating: null,
        education_rating: null,
        professional_experience_rating: null,
        entrepreneurial_spirit_rating: null,
      },
      document: '',
    });
    const model = new Map(Array.from({ length: 3000 }, (_, i) => [i + 1, row(i + 1, i >= 2950 ? [3] : [1])]));
    const index = await freshIndex([...model.values()], 1);
    const page = () => index.list(null, { data_sources: [3] }, [], { field: 'last_name', descending: false, offset: 0, limit: 4 });
    expect(page()).toEqual({ count: 50, ids: [2951, 2952, 2953, 2954] });
    expect(page()).toEqual({ count: 50, ids: [2951, 2952, 2953, 2954] }); // from the kept counts
    // row 5 joins the source: the first block, which the kept counts say holds none of it
    applyBatch(model, [[5, row(5, [3])]], 2, [index]);
    expect(page()).toEqual({ count: 51, ids: [5, 2951, 2952, 2953] });
    // the live rows, counted once: a batch of deletes alone counts them again
    expect(index.rows).toBe(3000);
    applyBatch(model, [[7, null]], 3, [index]);
    expect(index.rows).toBe(2999);
  });

  it('answers as the plain model over several blocks, after changes', async () => {
    // ids up to 2,700: rows added, the index grows (its remembered sets start anew)
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
