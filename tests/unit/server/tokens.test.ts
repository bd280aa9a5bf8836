// The token index's term lookup (n-gram candidates, then verified bytes), its merges (sliced, while
// lookups go on) and its parts for a snapshot, against a plain scan of the documents.
import { afterEach, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { add, emptySet, type Bitset } from '../../../server/entities/profiles/count-index/bitset';
import { SearchIndex, TokenIndex } from '../../../server/entities/profiles/count-index/tokens';
import { runInSlices, slicing } from '../../../server/entities/profiles/count-index/steps';
import { sortedAddedTokens } from '../../../server/entities/profiles/count-index/added-tokens';
import { sortStrings, sortTokenIdsByBytes } from '../../../server/entities/profiles/count-index/sorted-tokens';
import { runNow } from '../../../server/entities/profiles/count-index/steps';
import { yieldToEventLoop } from '../../../server/util/slices';

const TIMEOUT_MS = 180_000;

const members = (set: Bitset, capacity: number) =>
  Array.from({ length: capacity }, (_, row) => row).filter((row) => (set[row >>> 5] >>> (row & 31)) & 1);

/** Rows whose document has a token holding `term`'s bytes: the plain scan. */
function scan(documents: (string | undefined)[], term: Uint8Array): number[] {
  const pattern = Buffer.from(term);
  return documents.flatMap((document, row) =>
    document?.split(/\s+/).some((token) => token && Buffer.from(token).includes(pattern)) ? [row] : [],
  );
}

// few letters, so that tokens share prefixes and trigrams, are substrings of one another, repeat
// n-grams; multi-byte letters (2, 3 and 4 bytes in UTF-8) and e-mail-like punctuation
const letter = fc.constantFrom('a', 'b', 'e', 'n', 'é', 'ü', 'ß', '.', '@', '1', '2', '日', '𝄞');
const token = fc.array(letter, { minLength: 1, maxLength: 9 }).map((l) => l.join(''));
const document = fc.array(token, { maxLength: 5 }).map((t) => t.join(' '));
/** a term: a piece of a token of the documents (often), or made up (1 to 6 letters), or bytes that cut a letter */
const termOf = (documents: (string | undefined)[]) =>
  fc.oneof(
    fc.tuple(fc.nat(), fc.nat(), fc.integer({ min: 1, max: 8 })).map(([i, from, length]) => {
      const tokens = documents.flatMap((d) => d?.split(' ').filter(Boolean) ?? []);
      const bytes = Buffer.from(tokens.length ? tokens[i % tokens.length] : 'a');
      const start = from % bytes.length;
      return bytes.subarray(start, Math.min(bytes.length, start + length));
    }),
    fc.array(letter, { minLength: 1, maxLength: 6 }).map((l) => Buffer.from(l.join(''))),
    fc.uint8Array({ minLength: 1, maxLength: 2 }),
  );

afterEach(() => {
  slicing.ms = 4;
});

describe('sorting tokens in slices', () => {
  it('sorts as Array.prototype.sort does, past the size sorted at once', () => {
    const strings = Array.from({ length: 40_000 }, (_, i) => `${'ab'[i % 2]}${(i * 7919) % 40_000}é${i}`);
    expect(runNow(sortStrings([...strings]))).toEqual([...strings].sort());
  });

  /** tokens laid out as a vocabulary is: "\n" + token0 + "\n" + …, with each token's start and the end */
  const laidOut = (tokens: Buffer[]) => {
    const vocabulary = Buffer.concat([Buffer.from('\n'), ...tokens.flatMap((t) => [t, Buffer.from('\n')])]);
    const starts = new Uint32Array(tokens.length + 1);
    for (let i = 0; i < tokens.length; i++) starts[i + 1] = starts[i] + tokens[i].length + 1;
    return { vocabulary, starts: starts.map((s) => s + 1) };
  };

  it('sorts token ids by their bytes as Buffer.compare does, by radix past a thousand and by comparison below', () => {
    const sorts = (tokens: Buffer[]) => {
      const { vocabulary, starts } = laidOut(tokens);
      const ids = runNow(sortTokenIdsByBytes(Uint32Array.from(tokens.keys()), vocabulary, starts));
      expect(Buffer.concat([...ids].map((i) => tokens[i]))).toEqual(Buffer.concat([...tokens].sort(Buffer.compare)));
      for (let i = 1; i < ids.length; i++) expect(Buffer.compare(tokens[ids[i - 1]], tokens[ids[i]])).toBe(-1);
    };
    fc.assert(
      fc.property(fc.uniqueArray(token, { maxLength: 3000 }), (some) => sorts(some.map((t) => Buffer.from(t)))),
      { numRuns: 30 },
    );
    sorts(Array.from({ length: 40_000 }, (_, i) => Buffer.from(`${'ab'[i % 2]}${(i * 7919) % 40_000}é${i % 3 ? i : ''}`)));
  });

  it('makes the tokens for a merge: sorted, their rows ascending (a broad token in slices), those without rows left out', () => {
    const tokens = ['zeta', 'alpha', 'gone', 'broad', 'é', 'al'].map((t) => Buffer.from(t));
    const { vocabulary, starts } = laidOut(tokens);
    const broad = Array.from({ length: 100_000 }, (_, i) => (i * 7919) % 100_003);
    const rowsOf = [[9, 3], [5], [], broad, [7, 1, 4], [2]];
    const rowStarts = Uint32Array.from([0, ...rowsOf.map((_, i) => rowsOf.slice(0, i + 1).flat().length)]);
    const added = runNow(sortedAddedTokens({ vocabulary, starts, rowStarts, rows: Uint32Array.from(rowsOf.flat()) }));
    const read = Array.from({ length: added.starts.length - 1 }, (_, i) => [
      Buffer.from(added.vocabulary.subarray(added.starts[i], added.starts[i + 1] - 1)).toString(),
      [...added.rows.subarray(added.rowStarts[i], added.rowStarts[i + 1])],
    ]);
    const ascending = (rows: number[]) => [...rows].sort((a, b) => a - b);
    expect(read).toEqual([
      ['al', [2]],
      ['alpha', [5]],
      ['broad', ascending(broad)],
      ['zeta', [3, 9]],
      ['é', [1, 4, 7]],
    ]);
    expect(Buffer.from(added.vocabulary).toString()).toBe('\nal\nalpha\nbroad\nzeta\né\n');
  });
});

describe('token index', () => {
  it(
    'finds the rows of any term as a plain scan does: 1-2 byte terms, pieces of tokens, absent ones',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc
            .array(document, { minLength: 1, maxLength: 120 })
            .chain((documents) => fc.tuple(fc.constant(documents), fc.array(termOf(documents), { minLength: 1, maxLength: 12 }))),
          async ([documents, terms]) => {
            const index = await TokenIndex.build(documents);
            const copy = TokenIndex.fromParts(index.toParts());
            for (const term of terms) {
              const found = emptySet(documents.length);
              index.addRowsContaining(Buffer.from(term), found);
              expect(members(found, documents.length), term.toString()).toEqual(scan(documents, term));
              const again = emptySet(documents.length);
              copy.addRowsContaining(Buffer.from(term), again);
              expect(again).toEqual(found);
            }
          },
        ),
        { seed: 2026112601, numRuns: 300 },
      );
    },
    TIMEOUT_MS,
  );

  it('reads every block of a big vocabulary: the first and last token, tokens across block edges', async () => {
    const documents = Array.from({ length: 3000 }, (_, row) => `p${row}x q${row % 97} common`);
    const index = await TokenIndex.build(documents);
    for (const term of ['p0x', 'p2999x', 'p29', '9x', 'q96', 'q9', 'common', 'x', 'zz', 'p', '99']) {
      const found = emptySet(documents.length);
      index.addRowsContaining(Buffer.from(term), found);
      expect(members(found, documents.length), term).toEqual(scan(documents, Buffer.from(term)));
    }
  });
});

describe('search index', () => {
  const capacity = 48;
  // a small pool as well, so that changed documents bring tokens the base holds already
  const pooled = fc.oneof(fc.constantFrom('ana', 'anabel', 'müller', 'e', 'a.b@1', '日本', 'ß', 'nn'), token);
  const document = fc.array(pooled, { maxLength: 5 }).map((t) => t.join(' '));
  const edits = fc.array(
    fc.tuple(fc.nat(capacity - 1), fc.option(document, { nil: undefined }), fc.constantFrom('none', 'merge', 'await', 'look')),
    { maxLength: 50 },
  );

  it(
    'answers as a plain scan through sets, merges run in slices, lookups and changes between the slices, and its parts',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(document, { minLength: 1, maxLength: 40 }),
          edits,
          fc.array(token, { minLength: 1, maxLength: 6 }),
          async (initial, steps, words) => {
            slicing.ms = 0; // a pause after every step of a merge or a lookup
            const model: (string | undefined)[] = [...initial];
            const search = new SearchIndex(await TokenIndex.build(initial), capacity);
            const check = async (sync: boolean) => {
              const terms = [...words, 'e', 'é', 'a.', '1', 'zz'];
              if (!sync) await search.prepare(terms);
              for (const term of terms) {
                expect(members(search.rowsContaining(term), capacity), term).toEqual(scan(model, Buffer.from(term)));
              }
              // several terms: each after the first looked up among the rows found so far (in slices, a merge may end between them)
              for (const combo of [
                [words[0], 'e'],
                ['an', 'e'],
                ['a', 'b', '1'],
                ['ü', 'l'],
                ['n', 'a.', 'zz'],
                [...words, 'é'],
              ]) {
                const all = sync ? runNow(search.rowsContainingAllSteps(combo)) : await runInSlices(search.rowsContainingAllSteps(combo));
                const expected = combo.map((term) => scan(model, Buffer.from(term)));
                expect(members(all, capacity), combo.join(' ')).toEqual(expected.reduce((a, b) => a.filter((row) => b.includes(row))));
              }
            };
            const merges: Promise<void>[] = [];
            for (const [row, text, then] of steps) {
              model[row] = text;
              search.set(row, text);
              if (then === 'merge') merges.push(search.merge());
              if (then === 'await') await yieldToEventLoop();
              if (then === 'look') await check(false);
              else await check(true);
            }
            const copy = SearchIndex.fromParts(search.toParts());
            await Promise.all(merges);
            await check(false);
            for (const term of [...words, 'a', 'n']) expect(copy.rowsContaining(term)).toEqual(search.rowsContaining(term));
            await search.merge();
            await check(true);
          },
        ),
        { seed: 2026112602, numRuns: 150 },
      );
    },
    TIMEOUT_MS,
  );

  it('merges and reads the rows of a token held by tens of thousands of rows (a piece at a time)', async () => {
    slicing.ms = 0;
    const rows = 60_000;
    const documents = Array.from({ length: rows }, (_, row) => (row % 3 ? `common r${row}` : `r${row} rare`));
    const search = new SearchIndex(await TokenIndex.build(documents), rows);
    const model: (string | undefined)[] = [...documents];
    for (let row = 0; row < rows; row += 7) {
      model[row] = row % 2 ? 'common again' : undefined;
      search.set(row, model[row]);
    }
    await search.merge();
    await search.prepare(['common', 'mmo', 'rare', 'r1']);
    for (const term of ['common', 'mmo', 'rare', 'again', 'r1', 'r59999']) {
      expect(members(search.rowsContaining(term), rows), term).toEqual(scan(model, Buffer.from(term)));
    }
  });

  it('merges on the background budget: other tasks run between its slices though the budget of a request is not spent', async () => {
    Object.assign(slicing, { ms: 60_000, backgroundMs: 0 });
    try {
      const documents = Array.from({ length: 2000 }, (_, row) => `n${row} eng${row % 10}`);
      const search = new SearchIndex(await TokenIndex.build(documents), 2048);
      for (let row = 0; row < 100; row++) search.set(row, `moved${row}`);
      let turns = 0;
      let merging = true;
      const merged = search.merge().finally(() => (merging = false));
      while (merging) {
        await yieldToEventLoop();
        turns++;
      }
      await merged;
      expect(turns).toBeGreaterThan(10);
      expect(members(search.rowsContaining('moved'), 2048)).toHaveLength(100);
    } finally {
      slicing.backgroundMs = 1;
    }
  });

  it('keeps the rows of a term looked up in slices while a merge swaps the base', async () => {
    slicing.ms = 0;
    const documents = Array.from({ length: 2000 }, (_, row) => `n${row} eng${row % 10}`);
    const search = new SearchIndex(await TokenIndex.build(documents), 2048);
    const model: (string | undefined)[] = [...documents];
    for (let row = 0; row < 100; row++) {
      model[row] = `moved${row}`;
      search.set(row, model[row]);
    }
    const merged = search.merge();
    const prepared = search.prepare(['eng', 'n1', 'moved']);
    model[5] = 'eng5 back';
    search.set(5, model[5]);
    await Promise.all([merged, prepared]);
    for (const term of ['eng', 'n1', 'moved', 'back']) {
      expect(members(search.rowsContaining(term), 2048), term).toEqual(scan(model, Buffer.from(term)));
    }
  });

  it('answers a search of several terms whose lookup a merge interrupts at any step, and remembers no stale base rows', async () => {
    const rows = 20_000;
    const documents = Array.from({ length: rows }, (_, row) => `n${row}x eng${row % 10}`);
    const base = await TokenIndex.build(documents);
    const model: (string | undefined)[] = [...documents];
    for (let row = 0; row < rows; row += 9) model[row] = row % 2 ? `moved${row} eng9` : undefined;
    const withEng = new Set(scan(model, Buffer.from('eng')));
    const expected = scan(model, Buffer.from('9')).filter((row) => withEng.has(row));
    // `eng` is a few steps, then `9` (read whole among `eng`'s rows) a step per run of blocks: ~11 in all
    let interrupted = 0;
    for (let pausedAt = 1; pausedAt <= 12; pausedAt++) {
      const search = new SearchIndex(base, rows);
      for (let row = 0; row < rows; row += 9) search.set(row, model[row]);
      // the steps paused, a whole merge, then the rest
      const steps = search.rowsContainingAllSteps(['eng', '9']);
      let step = steps.next();
      for (let i = 1; i < pausedAt && !step.done; i++) step = steps.next();
      if (!step.done) interrupted++;
      await search.merge();
      while (!step.done) step = steps.next();
      expect(members(step.value, rows), `paused at ${pausedAt}`).toEqual(expected);
      expect(members(search.rowsContaining('9'), rows), `paused at ${pausedAt}`).toEqual(scan(model, Buffer.from('9')));
    }
    expect(interrupted).toBeGreaterThan(6);
  });
});

it('an empty index finds nothing', () => {
  const found = emptySet(8);
  add(found, 3);
  TokenIndex.empty().addRowsContaining(Buffer.from('a'), found);
  expect(members(found, 8)).toEqual([3]);
});
