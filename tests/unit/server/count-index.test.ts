// The pieces of the profiles' index, alone: bitsets, blocked orders, the token
// index with its changes, and the whole index following changes — checked
// against plain models with fast-check, including the cases the SQL comparison
// in tests/api/profiles-count-index.test.ts is unlikely to hit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { add, emptySet, intersectInto, size, unionInto } from '../../../server/entities/profiles/count-index/bitset';
import { BlockStore, OrderedRows } from '../../../server/entities/profiles/count-index/ordered-rows';
import { SearchIndex, TokenIndex } from '../../../server/entities/profiles/count-index/tokens';
import { NUMERIC_SORTS, type ProfileChange } from '../../../server/entities/profiles/count-index/index';
import { pageStrategy } from '../../../server/entities/profiles/count-index/sort-orders';
import { applyBatch, expectSameAnswers, freshIndex, indexed, members, rowArbitrary, type ModelRow } from './count-index-model';

/** fast-check properties over thousands of rows: minutes of safety net, never a measure of speed */
const PROPERTY_TEST_TIMEOUT_MS = 180_000;

describe('bitsets', () => {
  it('hold positions across word boundaries, the 32nd bit included', () => {
    const set = emptySet(70);
    for (const p of [0, 31, 32, 63, 69]) add(set, p);
    expect(members(set, 70)).toEqual([0, 31, 32, 63, 69]);
    expect(size(set)).toBe(5);
  });

  it('counts every word, the last one included', () => {
    const set = emptySet(70);
    for (let p = 0; p < 70; p++) add(set, p);
    expect(size(set)).toBe(70);
  });

  it('union and intersection', () => {
    const a = emptySet(40);
    const b = emptySet(40);
    for (const p of [1, 5, 33]) add(a, p);
    for (const p of [5, 33, 39]) add(b, p);
    const both = a.slice();
    intersectInto(both, b);
    expect(members(both, 40)).toEqual([5, 33]);
    unionInto(a, b);
    expect(members(a, 40)).toEqual([1, 5, 33, 39]);
  });
});

describe('token index', () => {
  const documents = ['ana garcia engineer at orbit', 'bruno  müller founder', '', 'jose müller data engineering', 'li', 'ana'];
  const rowsOf = async (term: string) => {
    const found = emptySet(documents.length);
    (await TokenIndex.build(documents)).addRowsContaining(Buffer.from(term), found);
    return members(found, documents.length);
  };

  it('finds a term inside tokens, each row once however often it matches', async () => {
    expect(await rowsOf('engineer')).toEqual([0, 3]);
    expect(await rowsOf('an')).toEqual([0, 5]);
    expect(await rowsOf('a')).toEqual([0, 3, 5]);
  });

  it('matches multi-byte characters and never across two tokens', async () => {
    expect(await rowsOf('müller')).toEqual([1, 3]);
    expect(await rowsOf('ü')).toEqual([1, 3]);
    expect(await rowsOf('garciaengineer')).toEqual([]);
    expect(await rowsOf('xyzzy')).toEqual([]);
  });

  it('reads the first and the last token of the vocabulary', async () => {
    expect(await rowsOf('ana')).toEqual([0, 5]);
    expect(await rowsOf('li')).toEqual([4]);
  });

  it(
    'follows changed documents, before and after merging them into a new base',
    async () => {
      const words = ['ana', 'anabel', 'bruno', 'müller', 'muller', 'li', 'lee', 'x'];
      const doc = fc.array(fc.constantFrom(...words), { maxLength: 4 }).map((w) => w.join(' '));
      await fc.assert(
        fc.asyncProperty(
          fc.array(doc, { minLength: 1, maxLength: 30 }),
          fc.array(fc.tuple(fc.nat(40), fc.option(doc), fc.boolean()), { maxLength: 60 }),
          async (initial, edits) => {
            const capacity = 64;
            const model: (string | undefined)[] = [...initial];
            const search = new SearchIndex(await TokenIndex.build(initial), capacity);
            for (const [row, document, merge] of edits) {
              model[row] = document ?? undefined;
              search.set(row, document ?? undefined);
              if (merge) search.merge();
            }
            for (const term of ['an', 'ana', 'ül', 'l', 'bruno', 'x', 'zz']) {
              const found = emptySet(capacity);
              for (let row = 0; row < capacity; row++) add(found, row);
              search.filter(found, [term]);
              const expected = model.flatMap((d, row) => (d?.split(' ').some((t) => t.includes(term)) ? [row] : []));
              expect(members(found, capacity), term).toEqual(expected);
            }
          },
        ),
        { seed: 20261124, numRuns: 150 },
      );
      // a safety net, not a measure: 14–18 s alone, longer beside other test files on 2 cores
    },
    PROPERTY_TEST_TIMEOUT_MS,
  );
});

describe('blocked orders', () => {
  it(
    'without a store, find rows by their order: sorted insertions and removals across block splits',
    () => {
      fc.assert(
        fc.property(
          fc.array(fc.tuple(fc.boolean(), fc.nat(3000)), { maxLength: 4000 }),
          fc.uniqueArray(fc.nat(3000), { maxLength: 2000 }),
          (ops, initial) => {
            const sorted = [...initial].sort((a, b) => a - b);
            const rows = OrderedRows.from(sorted);
            const model = new Set(sorted);
            const before = (a: number, b: number) => a < b;
            for (const [insert, value] of ops) {
              if (insert && !model.has(value)) {
                rows.insertSorted(value, before);
                model.add(value);
              } else if (!insert) {
                expect(rows.removeSorted(value, before)).toBe(model.delete(value));
              }
            }
            expect(rows.toArray()).toEqual([...model].sort((a, b) => a - b));
            expect(rows.size).toBe(model.size);
          },
        ),
        { seed: 11, numRuns: 60 },
      );
    },
    PROPERTY_TEST_TIMEOUT_MS,
  );

  it('keep a sequence through insertions and removals, blocks splitting and emptying', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.boolean(), fc.nat(4000), fc.nat(5000)), { maxLength: 3000 }), (ops) => {
        const store = new BlockStore(5000);
        const rows = OrderedRows.from([], store);
        const model: number[] = [];
        const present = new Set<number>();
        for (const [insert, value, anchor] of ops) {
          if (insert && !present.has(value)) {
            const before = (a: number, b: number) => a < b;
            if (anchor % 3 === 0 && model.length) {
              const after = model[anchor % model.length];
              rows.insertAfter(after, value);
              model.splice(model.indexOf(after) + 1, 0, value);
            } else {
              // sorted insertion: only meaningful while the model is sorted; keep it so by sorting on insert
              if (model.some((m, i) => i > 0 && model[i - 1] > m)) continue;
              rows.insertSorted(value, before);
              model.splice(model.filter((m) => m < value).length, 0, value);
            }
            present.add(value);
          } else if (!insert && present.has(value)) {
            expect(rows.remove(value)).toBe(true);
            model.splice(model.indexOf(value), 1);
            present.delete(value);
          } else if (!insert) {
            expect(rows.remove(value)).toBe(false);
          }
        }
        expect(rows.toArray()).toEqual(model);
        expect(rows.size).toBe(model.length);
        const all = emptySet(5000);
        for (let p = 0; p < 5000; p++) add(all, p);
        const out: number[] = [];
        expect(rows.collect(all, true, 1, 5, out)).toBe(model.length ? 0 : 1);
        expect(out).toEqual(model.slice().reverse().slice(1, 6));
      }),
      { seed: 7, numRuns: 60 },
    );
  });
});

// ---- the whole index following changes, against a plain model ----

describe.each([
  ['walking the orders', 0],
  ['sorting small sets', 1_000_000],
])('profile index following changes, pages by %s', (_, sortBelow) => {
  beforeAll(() => {
    pageStrategy.sortBelow = sortBelow;
  });
  afterAll(() => {
    pageStrategy.sortBelow = 1_000;
  });

  it(
    'answers as a fresh build and as the plain model after every batch of inserts, updates and deletes',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 0, max: 40 }).chain((n) => fc.tuple(...Array.from({ length: n }, (_, i) => rowArbitrary(i + 1)))),
          fc.array(
            fc.array(fc.tuple(fc.integer({ min: 1, max: 70 }), fc.oneof(fc.constant(null), rowArbitrary(0))), {
              minLength: 1,
              maxLength: 12,
            }),
            { maxLength: 8 },
          ),
          async (initial, batches) => {
            const model = new Map(initial.map((row) => [row.id, row]));
            let version = 1;
            const index = await freshIndex([...model.values()], version);
            for (const batch of batches) {
              applyBatch(model, batch, ++version, [index]);
              expect(index.version).toBe(version);
              expectSameAnswers(index, model);
            }
            expectSameAnswers(await freshIndex([...model.values()], version), model);
          },
        ),
        { seed: 424242, numRuns: 120 },
      );
    },
    PROPERTY_TEST_TIMEOUT_MS,
  );

  it('refuses a change whose predecessor it does not know (the caller rebuilds)', async () => {
    const rows = [1, 2, 3].map((id) => ({
      id,
      first_name: 'a',
      last_name: 'b',
      sources: [1],
      nationalities: [],
      gender: null,
      numbers: Object.fromEntries(NUMERIC_SORTS.map((f) => [f, 1])) as ModelRow['numbers'],
      document: 'a b',
    }));
    const index = await freshIndex(rows, 1);
    const change: ProfileChange = { id: 2, profile: indexed(rows[1]), searchChanged: false, previous: { first_name: 99, last_name: 1 } };
    expect(index.apply([change], 2)).toBe(false);
  });
});
