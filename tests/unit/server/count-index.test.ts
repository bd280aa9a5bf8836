// The pieces of the profiles' count index, alone: bitsets and the token index
// (which rows contain a term), including the cases the SQL comparison in
// tests/api/profiles-count-index.test.ts is unlikely to hit.
import { describe, expect, it } from 'vitest';
import { add, emptySet, filterSet, fullSet, has, intersectInto, size, unionInto } from '../../../server/resources/profiles/count-index/bitset';
import { TokenIndex } from '../../../server/resources/profiles/count-index/tokens';

const members = (set: Uint32Array, rows: number) => Array.from({ length: rows }, (_, i) => i).filter((i) => has(set, i));

describe('bitsets', () => {
  it('hold positions across word boundaries, the 32nd bit included', () => {
    const set = emptySet(70);
    for (const p of [0, 31, 32, 63, 69]) add(set, p);
    expect(members(set, 70)).toEqual([0, 31, 32, 63, 69]);
    expect(size(set)).toBe(5);
  });

  it('a full set has exactly its size, not the spare bits of its last word', () => {
    expect(size(fullSet(70))).toBe(70);
    expect(size(fullSet(64))).toBe(64);
  });

  it('union, intersection and filter', () => {
    const a = emptySet(40);
    const b = emptySet(40);
    [1, 5, 33].forEach((p) => add(a, p));
    [5, 33, 39].forEach((p) => add(b, p));
    const both = a.slice();
    intersectInto(both, b);
    expect(members(both, 40)).toEqual([5, 33]);
    unionInto(a, b);
    expect(members(a, 40)).toEqual([1, 5, 33, 39]);
    expect(members(filterSet(a, (p) => p > 31), 40)).toEqual([33, 39]);
  });
});

describe('token index', () => {
  const documents = ['ana garcia engineer at orbit', 'bruno  müller founder', '', 'jose müller data engineering', 'li', 'ana'];
  const rowsOf = async (term: string) => members((await TokenIndex.build(documents)).rowsContaining(term), documents.length);

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
});
