// The broadest tokens' rows kept as bitsets beside their postings (token-base.ts, denseSteps): a term
// holding one ORs its rows instead of decoding them; the answers stay those of the postings.
import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { emptySet, wordsFor, type Bitset } from '../../../server/entities/profiles/count-index/bitset';
import { denseTokens, SearchIndex, TokenIndex } from '../../../server/entities/profiles/count-index/tokens';
import { runInSlices, runNow, slicing } from '../../../server/entities/profiles/count-index/steps';
import { yieldToEventLoop } from '../../../server/util/slices';

const saved = { ...denseTokens };
afterEach(() => {
  Object.assign(denseTokens, saved);
  slicing.ms = 4;
});

const members = (set: Bitset, capacity: number) =>
  Array.from({ length: capacity }, (_, row) => row).filter((row) => (set[row >>> 5] >>> (row & 31)) & 1);
const scan = (documents: (string | undefined)[], term: string) =>
  documents.flatMap((document, row) => (document?.split(/\s+/).some((token) => token?.includes(term)) ? [row] : []));
/** the tokens the index keeps as bitsets (a private map, read here) */
const denseOf = (index: TokenIndex) =>
  [...(index as unknown as { dense: Map<number, Bitset> }).dense.keys()].map((t) => index.token(t).toString());

const word = fc.constantFrom('eng', 'engineer', 'engineering', 'data', 'at', 'a', 'é', 'x@y.z');
const documents = fc.array(
  fc.array(word, { maxLength: 4 }).map((w) => w.join(' ')),
  { minLength: 1, maxLength: 200 },
);

describe('broad tokens as bitsets', () => {
  it('answers every term as the postings do, whichever tokens are bitsets, in a capacity past the rows', async () => {
    await fc.assert(
      fc.asyncProperty(documents, fc.integer({ min: 0, max: 64 }), fc.integer({ min: 1, max: 12 }), async (docs, spare, sets) => {
        const capacity = docs.length + spare;
        // any token of at least two posting bytes is broad; room for `sets` bitsets
        Object.assign(denseTokens, { fraction: 0, leastBytes: 2, bytesPerRow: (sets * wordsFor(capacity) * 4) / capacity });
        const plain = await TokenIndex.build(docs);
        const index = await TokenIndex.build(docs);
        runNow(index.denseSteps(capacity));
        expect(index.bytesByPart().dense).toBeLessThanOrEqual(sets * wordsFor(capacity) * 4);
        for (const term of ['eng', 'engineer', 'ing', 'data', 'at', 'a', 'é', '@', 'zz']) {
          const found = emptySet(capacity);
          index.addRowsContaining(Buffer.from(term), found);
          const expected = emptySet(capacity);
          plain.addRowsContaining(Buffer.from(term), expected);
          expect(found, term).toEqual(expected);
          expect(members(found, capacity), term).toEqual(scan(docs, term));
        }
      }),
      { seed: 2026112701, numRuns: 200 },
    );
  });

  it('keeps the broadest first, within its budget, and none below its share of the rows', async () => {
    const rows = 1000;
    const docs = Array.from({ length: rows }, (_, row) => `at${row % 2 ? ' engineer' : ''}${row % 10 ? '' : ' rare'}`);
    const index = await TokenIndex.build(docs);
    Object.assign(denseTokens, { fraction: 1 / 32, leastBytes: 1, bytesPerRow: (2 * wordsFor(rows) * 4) / rows });
    runNow(index.denseSteps(rows));
    // at: every row, engineer: half; rare (100 rows, ≥ 1/32 of them) does not fit a budget of two
    expect(denseOf(index)).toEqual(['at', 'engineer']);
    const small = await TokenIndex.build(docs);
    Object.assign(denseTokens, { fraction: 1 / 5, bytesPerRow: 64 });
    runNow(small.denseSteps(rows));
    expect(denseOf(small)).toEqual(['at', 'engineer']); // rare: 100 bytes of postings, under a fifth of 1,000
  });

  it('makes them in the background for each base of a big enough index, merges included', async () => {
    Object.assign(denseTokens, { fraction: 1 / 32, leastBytes: 64 });
    const rows = 4096;
    const model: (string | undefined)[] = Array.from({ length: rows }, (_, row) => `n${row}${row % 3 ? ' engineer' : ''}`);
    const search = new SearchIndex(await TokenIndex.build(model as string[]), rows);
    const made = async () => {
      for (let i = 0; i < 100 && !search.bytesByPart().dense; i++) await yieldToEventLoop();
      return search.bytesByPart().dense;
    };
    expect(await made()).toBe(wordsFor(rows) * 4);
    for (let row = 0; row < rows; row += 5) {
      model[row] = row % 2 ? 'engineer again' : undefined;
      search.set(row, model[row]);
    }
    const before = (search as unknown as { base: TokenIndex }).base;
    await search.merge();
    const after = (search as unknown as { base: TokenIndex }).base;
    expect(after).not.toBe(before);
    expect(await made()).toBeGreaterThan(0);
    // `again` is held by 410 rows now: broad enough too
    expect(denseOf(after).sort()).toEqual(['again', 'engineer']);
    expect(search.bytesByPart().dense).toBe(2 * wordsFor(rows) * 4);
    for (const term of ['engineer', 'eng', 'again', 'n1'])
      expect(members(search.rowsContaining(term), rows), term).toEqual(scan(model, term));
  });

  it("finds a search of several terms among the first term's rows, stopping at the bitsets when they hold them all", async () => {
    slicing.ms = 0;
    Object.assign(denseTokens, { fraction: 1 / 32, leastBytes: 64 });
    const rows = 4096;
    // every founder's row holds the token `at`; `at` is also inside thousands of other tokens
    const model: (string | undefined)[] = Array.from({ length: rows }, (_, row) =>
      row % 7 === 0 ? `founder at co${row % 13}` : `kate${row}@data.com${row % 2 ? ' at' : ''}`,
    );
    const search = new SearchIndex(await TokenIndex.build(model as string[]), rows);
    await search.denseMade();
    const remembered = () => [...(search as unknown as { baseHits: Map<string, Bitset> }).baseHits.keys()];
    const expected = (terms: string[]) => terms.map((term) => scan(model, term)).reduce((a, b) => a.filter((row) => b.includes(row)));
    expect(members(await runInSlices(search.rowsContainingAllSteps(['at', 'founder'])), rows)).toEqual(expected(['founder', 'at']));
    // `at` stopped at its bitset: only `founder`'s base rows are remembered (a whole read would be)
    expect(remembered()).toEqual(['founder']);
    // a founder changed since the base: its document now, not the base's bitset, says whether it holds `at`
    model[7] = 'founder of co1';
    search.set(7, model[7]);
    model[14] = 'kate@x.com founder';
    search.set(14, model[14]);
    model[1] = 'founder kate1@data.com';
    search.set(1, model[1]);
    for (const terms of [
      ['founder', 'at'],
      ['at', 'founder', 'co1'],
      ['founder', 'kate'],
      ['ate', 'data'],
    ]) {
      expect(members(await runInSlices(search.rowsContainingAllSteps(terms)), rows), terms.join(' ')).toEqual(expected(terms));
    }
    // `kate` among the founders is not in a bitset: read whole, and remembered like a term asked alone
    expect(remembered()).toContain('kate');
    await search.merge();
    await search.denseMade();
    for (const terms of [
      ['founder', 'at'],
      ['at', 'co1', 'founder'],
      ['nobody', 'at'],
    ]) {
      expect(members(await runInSlices(search.rowsContainingAllSteps(terms)), rows), terms.join(' ')).toEqual(expected(terms));
    }
  });
});
