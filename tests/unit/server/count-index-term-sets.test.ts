// The remembered sets with a search term (issue 20): kept across a change and corrected for the
// changed rows like the others — a changed document decides by the same rule as the term lookup
// (inside one token, byte for byte: prefixes, one- and two-byte terms, multi-byte characters), any
// other row keeps its bit — so that a write no longer throws away every searched list's sets.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { emptySet, has } from '../../../server/entities/profiles/count-index/bitset';
import type { ProfileIndex } from '../../../server/entities/profiles/count-index/index';
import { RememberedSets, type ChangedRows } from '../../../server/entities/profiles/count-index/remembered-sets';
import { RecentTokens } from '../../../server/entities/profiles/count-index/recent-tokens';
import { documentHolds, termTest } from '../../../server/entities/profiles/count-index/term-test';
import { TokenIndex } from '../../../server/entities/profiles/count-index/tokens';
import type { ProfileFilters } from '../../../server/entities/profiles/filters';
import { applyBatch, freshIndex, modelOrder, rowArbitrary, type ModelRow } from './count-index-model';

const LETTERS = ['a', 'n', 'e', 'o', 'ã', 'ë', 'ü', '日', 'x', '😀', '\ud83d']; // an astral character, a lone surrogate
const SPACES = [' ', '  ', '\t', '\n', '\u00a0'];

describe("a term's test on one document", () => {
  it('is the token lookup: inside one token, byte for byte', async () => {
    const word = fc.array(fc.constantFrom(...LETTERS), { minLength: 1, maxLength: 5 }).map((l) => l.join(''));
    const document = fc
      .array(fc.tuple(word, fc.constantFrom(...SPACES)), { maxLength: 5 })
      .map((parts) => parts.map(([w, s]) => w + s).join(''));
    await fc.assert(
      fc.asyncProperty(fc.array(document, { minLength: 1, maxLength: 6 }), word, async (documents, term) => {
        const pattern = Buffer.from(term);
        const base = emptySet(documents.length);
        (await TokenIndex.build(documents)).addRowsContaining(pattern, base);
        const recent = new RecentTokens(documents.length);
        for (const [row, d] of documents.entries()) recent.set(row, d);
        const layer = emptySet(documents.length);
        recent.addRowsContaining(pattern, layer);
        // and the test a catch-up runs, on the documents it brings (each encoded once)
        const changed: ChangedRows = { positions: documents.map((_, row) => row), documents: new Map(documents.entries()) };
        const { test } = termTest(new RememberedSets(2 ** 20), `term ${term}`, term);
        documents.forEach((d, row) => {
          expect(documentHolds(d, pattern), `${JSON.stringify(d)} ${term}`).toBe(has(base, row));
          expect(documentHolds(d, pattern)).toBe(has(layer, row));
          expect(test(row, changed)).toBe(has(base, row));
        });
      }),
      { seed: 20, numRuns: 300 },
    );
  });
});

describe('a remembered set that reads another', () => {
  const changed = (positions: number[]): ChangedRows => ({ positions, documents: new Map() });
  const own = (sets: RememberedSets, key: string) => ({ test: (p: number) => has(sets.peek(key)!, p), needs: [key] });

  it('is dropped at a change once the set it needs is gone, and asking for it keeps that set', () => {
    const sets = new RememberedSets(3 * 1024); // three sets of 1 KB
    const set = () => emptySet(8 * 1024);
    sets.put('term', set(), undefined, own(sets, 'term'));
    sets.put('whole', set(), 0, { test: () => false, needs: ['term'] });
    sets.put('other', set());
    sets.counted('whole'); // 'term' with it: 'other' is now the least recently used
    sets.put('next', set());
    expect(sets.peek('other')).toBeUndefined();
    expect(sets.peek('term')).toBeDefined();
    sets.put('more', set()); // 'term' goes now, then 'whole' needs what is gone
    expect(sets.peek('term')).toBeUndefined();
    sets.correct(changed([1]));
    expect(sets.peek('whole')).toBeUndefined();
  });
});

describe('remembered sets with a search term across changes', () => {
  const TERMS = ['an', 'a', 'engineer', 'eng', 'são', 'ã', 'ão', 'zoë', 'ë', 'o', 'phd', 'ph', 'émile', 'ile', 'xyz'];
  const queries = (terms: string[]): { readable: number[] | null; filters: ProfileFilters; terms: string[] }[] => [
    { readable: null, filters: {}, terms: [terms[0]] },
    { readable: [1, 2], filters: { gender: ['female'] }, terms: [terms[1]] },
    { readable: null, filters: { tech_rating__gte: 2.3 }, terms: [terms[0], terms[2]] },
    { readable: [3], filters: {}, terms: [terms[2]] },
  ];
  const expected = (model: Map<number, ModelRow>, q: ReturnType<typeof queries>[number]) =>
    modelOrder(
      [...model.values()].filter(
        (r) =>
          (q.readable === null || r.sources.some((s) => q.readable!.includes(s))) &&
          (!q.filters.gender || (r.gender !== null && q.filters.gender.includes(r.gender))) &&
          (q.filters.tech_rating__gte === undefined || (r.numbers.tech_rating ?? -Infinity) >= q.filters.tech_rating__gte) &&
          q.terms.every((t) => r.document.split(' ').some((token) => token.includes(t))),
      ),
      'last_name',
    ).map((r) => r.id);
  const answer = (index: ProfileIndex, q: ReturnType<typeof queries>[number]) => {
    const { set, count } = index.matching(q.readable, q.filters, q.terms);
    return { set, count, ids: index.page(set, count, 'last_name', false, 0, count) };
  };

  it('are corrected in place, never recomputed, and equal the plain model after every batch', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.tuple(...Array.from({ length: 30 }, (_, i) => rowArbitrary(i + 1))),
        fc.tuple(...Array.from({ length: 3 }, () => fc.constantFrom(...TERMS))),
        // updates (documents changed or not), deletes and returns of known ids: no growth (growth drops every set)
        fc.array(
          fc.array(fc.tuple(fc.integer({ min: 1, max: 30 }), fc.oneof(fc.constant(null), rowArbitrary(0))), { minLength: 1, maxLength: 6 }),
          { minLength: 1, maxLength: 8 },
        ),
        async (initial, terms, batches) => {
          const model = new Map(initial.map((row) => [row.id, row]));
          let version = 1;
          const index = await freshIndex([...model.values()], version);
          const asked = queries(terms);
          const first = asked.map((q) => answer(index, q));
          for (const batch of batches) {
            applyBatch(model, batch, ++version, [index]);
            asked.forEach((q, i) => {
              const now = answer(index, q);
              expect(now.set, 'the remembered set, corrected').toBe(first[i].set);
              expect(now.ids, JSON.stringify(q)).toEqual(expected(model, q));
              expect(now.count).toBe(now.ids!.length);
            });
          }
        },
      ),
      { seed: 2021, numRuns: 80 },
    );
  }, 180_000);
});
