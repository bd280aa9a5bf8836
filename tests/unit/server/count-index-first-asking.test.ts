// A set's first computation made cheaper (issue 20, item 5: p95 ≤ 25 ms one at a time at ten
// million): many sets ORed or ANDed in one pass a piece at a time, the intersection counted in the
// same pass; a rating range's end made from its unit's set less the unit's other rows when that is
// shorter; a page sorted by a rating the filters bound walked over that range's run only. Each
// against the plain answer, the paths forced or checked to have run.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import fc from 'fast-check';
import { add, emptySet, has, intersectionCounted, unionAllInto } from '../../../server/entities/profiles/count-index/bitset';
import { OrderedRows } from '../../../server/entities/profiles/count-index/ordered-rows';
import { pageStrategy } from '../../../server/entities/profiles/count-index/sort-orders';
import { whole } from '../../../server/entities/profiles/count-index/slices';
import type { ProfileFilters } from '../../../server/entities/profiles/filters';
import { RATING_FIELDS } from '../../../types/api';
import { freshIndex, modelOrder, rowArbitrary, type ModelRow } from './count-index-model';

const setOf = (size: number, members: number[]) => {
  const set = emptySet(size);
  for (const m of members) add(set, m % size);
  return set;
};
const membersOf = (set: Uint32Array, size: number) => Array.from({ length: size }, (_, i) => i).filter((i) => has(set, i));

describe('many sets in one pass', () => {
  // up to 300 sets (a viewer's sources): a pause every 4,096 words then; sizes across several pieces
  const sets = fc
    .integer({ min: 1, max: 300_000 })
    .chain((size) =>
      fc.tuple(
        fc.constant(size),
        fc.array(fc.array(fc.nat(), { maxLength: 60 }), { minLength: 1, maxLength: 300 }),
        fc.array(fc.nat(), { maxLength: 2000 }),
      ),
    );

  it('the union of every set, as OR-ing them one by one', () => {
    fc.assert(
      fc.property(sets, ([size, members, start]) => {
        const into = setOf(size, start);
        const expected = new Set([...start.map((m) => m % size), ...members.flat().map((m) => m % size)]);
        const steps = unionAllInto(
          into,
          members.map((m) => setOf(size, m)),
        );
        whole(steps);
        expect(membersOf(into, size)).toEqual([...expected].sort((a, b) => a - b));
      }),
      { numRuns: 40 },
    );
  });

  it('the intersection, a new set, and its count from the same pass', () => {
    fc.assert(
      fc.property(sets, ([size, members, common]) => {
        // a common part in every set, so that the intersection is seldom empty
        const each = members.slice(0, 12).map((m) => setOf(size, [...m, ...common]));
        const { set, count } = whole(intersectionCounted(each));
        const expected = membersOf(each[0], size).filter((p) => each.every((s) => has(s, p)));
        expect(membersOf(set, size)).toEqual(expected);
        expect(count).toBe(expected.length);
        expect(set).not.toBe(each[0]); // a copy: the remembered sets it was made of stay as they were
      }),
      { numRuns: 40 },
    );
  });
});

describe('a rating range, and a page sorted by that rating', () => {
  const sortBelow = pageStrategy.sortBelow;
  beforeAll(() => {
    pageStrategy.sortBelow = 0; // every page walked, none sorted
  });
  afterAll(() => {
    pageStrategy.sortBelow = sortBelow;
  });

  const bound = fc.constantFrom(undefined, -1, 0, 1, 1.5, 2, 2.3, 2.31, 2.35, 3, 4.4, 4.5, 7, 7.5, 9, 9.95, 10);

  it('matches the plain filter and pages the plain order, each end marked or made from its unit', async () => {
    const marking = vi.spyOn(OrderedRows.prototype, 'marking');
    const rows = fc.integer({ min: 1, max: 2500 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => rowArbitrary(i + 1))));
    await fc.assert(
      fc.asyncProperty(
        rows,
        fc.constantFrom(...RATING_FIELDS),
        bound,
        bound,
        fc.constantFrom<(number[] | null)[]>(null, [1], [2, 3]),
        fc.nat(),
        fc.boolean(),
        async (all: ModelRow[], field, gte, lte, readable, at, descending) => {
          const index = await freshIndex(all, 1);
          const filters: ProfileFilters = { [`${field}__gte`]: gte, [`${field}__lte`]: lte };
          const kept = all.filter((r) => {
            const value = r.numbers[field];
            const visible = readable === null || r.sources.some((s) => readable.includes(s));
            return (
              visible &&
              (gte === undefined && lte === undefined ? true : value !== null && value >= (gte ?? -Infinity) && value <= (lte ?? Infinity))
            );
          });
          const { set, count } = index.matching(readable, filters, []);
          expect(count).toBe(kept.length);
          const ascending = modelOrder(kept, field);
          const valued = ascending.filter((r) => r.numbers[field] !== null);
          const list = descending ? [...valued.reverse(), ...ascending.filter((r) => r.numbers[field] === null).reverse()] : ascending;
          for (const offset of [0, at % Math.max(1, kept.length), Math.max(0, kept.length - 3)]) {
            const expected = list.slice(offset, offset + 7).map((r) => r.id);
            expect(index.page(set, count, field, descending, offset, 7, filters)).toEqual(expected);
            expect(index.page(set, count, field, descending, offset, 7)).toEqual(expected);
          }
        },
      ),
      { numRuns: 60 },
    );
    // both ways of making a range's end ran (clear: the unit's rows outside the range taken out)
    expect(marking.mock.calls.some((call) => call[3] === true)).toBe(true);
    expect(marking.mock.calls.some((call) => call[3] !== true)).toBe(true);
    marking.mockRestore();
  });
});
