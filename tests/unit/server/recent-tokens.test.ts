// The layer of changed documents (recent-tokens.ts) kept in typed arrays (issue 20): its answers
// against a plain model through growth past its first arrays (tokens, rows, pairs), rows that change
// again and again (dead pairs packed away), rows gone, and a round trip through its snapshot parts.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptySet, has } from '../../../server/entities/profiles/count-index/bitset';
import { RecentTokens } from '../../../server/entities/profiles/count-index/recent-tokens';
import { runNow } from '../../../server/entities/profiles/count-index/steps';
import { documentHolds } from '../../../server/entities/profiles/count-index/term-test';
import { NEWLINE, tokensOf } from '../../../server/entities/profiles/count-index/token-bytes';

const ROWS = 1200;

/** Ops on rows: a document of a few words from a vocabulary of thousands, or the row gone. */
const ops = fc.array(
  fc.tuple(
    fc.nat(ROWS - 1),
    fc.option(fc.array(fc.nat(2999), { maxLength: 6 }), { nil: undefined, freq: 8 }),
    fc.constantFrom(' ', '  ', '\t'),
  ),
  { minLength: 1500, maxLength: 4000, size: 'max' },
);
const word = (n: number) => `w${n.toString(36)}${n % 7 === 0 ? 'ã' : ''}`;

function apply(recent: RecentTokens, model: Map<number, string | undefined>, list: [number, number[] | undefined, string][]): void {
  for (const [row, words, space] of list) {
    const document = words?.map(word).join(space);
    recent.set(row, document);
    model.set(row, document);
  }
}

function expectSame(recent: RecentTokens, model: Map<number, string | undefined>, terms: string[]): void {
  expect(recent.changedRows).toBe([...model.values()].filter((d) => d !== undefined).length);
  for (const term of terms) {
    const found = emptySet(ROWS);
    recent.addRowsContaining(Buffer.from(term), found);
    for (let row = 0; row < ROWS; row++) {
      const document = model.get(row);
      expect(has(found, row), `${term} in row ${row}`).toBe(document !== undefined && documentHolds(document, Buffer.from(term)));
    }
  }
  const expected = new Map<string, number[]>();
  for (const [row, document] of model)
    for (const token of new Set(tokensOf(document ?? ''))) expected.set(token, [...(expected.get(token) ?? []), row]);
  // the tokens for a merge: sorted by their bytes, each with its rows ascending
  const { vocabulary, starts, rowStarts, rows } = runNow(recent.added());
  const tokens = Array.from({ length: starts.length - 1 }, (_, i) => Buffer.from(vocabulary.subarray(starts[i], starts[i + 1] - 1)));
  expect(vocabulary[0]).toBe(NEWLINE);
  for (let i = 0; i < tokens.length; i++) expect(vocabulary[starts[i + 1] - 1]).toBe(NEWLINE);
  expect(starts[tokens.length]).toBe(vocabulary.length);
  for (let i = 1; i < tokens.length; i++) expect(Buffer.compare(tokens[i - 1], tokens[i])).toBe(-1);
  const added = new Map(tokens.map((token, i) => [token.toString(), [...rows.subarray(rowStarts[i], rowStarts[i + 1])]]));
  expect(added).toEqual(new Map([...expected].map(([token, rows]) => [token, rows.sort((a, b) => a - b)])));
}

describe('the layer of changed documents', () => {
  it('answers as the documents it was given, through growth, rows changed again, rows gone and a snapshot', () => {
    fc.assert(
      fc.property(ops, ops, fc.array(fc.nat(2999), { minLength: 1, maxLength: 4 }), (first, then, picked) => {
        const terms = [...picked.map(word), 'w1', 'ã', 'w', 'zz'];
        const recent = new RecentTokens(ROWS);
        const model = new Map<number, string | undefined>();
        apply(recent, model, first);
        expectSame(recent, model, terms);
        const restored = RecentTokens.fromParts(recent.toParts());
        expectSame(restored, model, terms);
        apply(restored, model, then);
        expectSame(restored, model, terms);
        for (const [row] of model) expect(has(restored.stale, row)).toBe(true);
      }),
      { seed: 20, numRuns: 25, endOnFailure: true }, // shrinking thousands of ops takes minutes
    );
  });

  it('packs the pairs of rows changed again instead of growing without end', () => {
    const recent = new RecentTokens(10);
    const before = () => recent.bytes();
    for (let i = 0; i < 2000; i++) recent.set(i % 10, 'a b c d e f g h');
    const settled = before();
    for (let i = 0; i < 200_000; i++) recent.set(i % 10, `a b c d e f g h${i % 3}`);
    expect(recent.bytes()).toBe(settled);
    expect(recent.changedRows).toBe(10);
  });
});
