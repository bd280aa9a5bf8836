// Search terms against a profile index read from a snapshot (no database): for each term, its
// candidate blocks, the tokens holding it, the lookup alone and with its rows; then searches of one
// or several terms as a list asks for them (`rowsContainingAllSteps`: each term after the first
// looked up among the rows found so far), each from nothing remembered, `--rounds` times (the first
// round pays V8's compilation of the lookup: the server's are warm).
//   NODE_OPTIONS=--max-old-space-size=14000 node --import tsx bench/index-terms.ts [--snapshot FILE]
//     [--terms garcia,at,e] [--searches "founder at;data scientist;garcia"] [--rounds 3]
// `--snapshot` may be a copy written by other index code (its parts' format is what is read); the
// script runs in an older checkout too (copied there), a search then as the set builder asked it.
import { parseArgs } from 'node:util';
import { ProfileIndex } from '../server/entities/profiles/count-index/index';
import { readSnapshotHeader, readSnapshotParts } from '../server/entities/profiles/count-index/snapshot-file';
import { whole } from '../server/entities/profiles/count-index/slices';
import { emptySet, intersectInto, size, type Bitset } from '../server/entities/profiles/count-index/bitset';
import type { SearchIndex, TokenIndex } from '../server/entities/profiles/count-index/tokens';

const { values } = parseArgs({
  options: {
    snapshot: { type: 'string', default: '/tmp/unused/profile-index/bench_profiles.snapshot' },
    terms: { type: 'string', default: 'garcia,anna,muller,at,an,e,.com,engineer,founder,data' },
    searches: { type: 'string', default: 'founder at;data scientist;sao paulo;garcia;anna;muller' },
    rounds: { type: 'string', default: '3' },
  },
});

const index = ProfileIndex.fromParts(await readSnapshotParts(values.snapshot, await readSnapshotHeader(values.snapshot)));
whole(index.fitting());
// private members, read here: the search index and its base (the token index)
const search = (index as unknown as { search: SearchIndex }).search;
await search.denseMade();
const inside = search as unknown as { base: TokenIndex; capacity: number; baseHits: Map<string, unknown> };
const base = inside.base;
const ngrams = (base as unknown as { ngrams: { candidates(term: Uint8Array): Uint32Array } }).ngrams;
console.log(`index of ${index.rows} profiles; ${base.tokenCount} distinct tokens\n`);

const ms = (from: number) => (performance.now() - from).toFixed(1);
console.log('| term | candidate blocks | tokens holding it | tokens found, ms | with rows, ms | rows |');
console.log('| --- | --- | --- | --- | --- | --- |');
for (const term of values.terms.split(',')) {
  const bytes = Buffer.from(term);
  const blocks = ngrams.candidates(bytes).length;
  let at = performance.now();
  const tokens = base.tokensContaining(bytes).length;
  const found = ms(at);
  const rows = emptySet(inside.capacity);
  at = performance.now();
  base.addRowsContaining(bytes, rows);
  console.log(`| ${term} | ${blocks} | ${tokens} | ${found} | ${ms(at)} | ${size(rows)} |`);
}

/** A search's rows as a list asks for them; code before `rowsContainingAllSteps` (`--against`-style comparisons): each term whole, intersected. */
const all = (terms: string[]): Bitset => {
  if ('rowsContainingAllSteps' in search) return whole(search.rowsContainingAllSteps(terms));
  const rows = (search as SearchIndex).rowsContaining(terms[0]);
  for (const term of terms.slice(1)) intersectInto(rows, (search as SearchIndex).rowsContaining(term));
  return rows;
};
const searches = values.searches.split(';').map((search) => search.split(' '));
const rounds = Number(values.rounds);
console.log(`\n| search | ${Array.from({ length: rounds }, (_, r) => `round ${r + 1}, ms`).join(' | ')} | rows |`);
console.log(`| --- | ${Array.from({ length: rounds }, () => '---').join(' | ')} | --- |`);
const times = new Map<string, string[]>();
const counts = new Map<string, number>();
for (let round = 0; round < rounds; round++) {
  for (const terms of searches) {
    inside.baseHits.clear(); // nothing remembered: each a first asking
    const at = performance.now();
    const rows = all(terms);
    const key = terms.join(' ');
    times.set(key, [...(times.get(key) ?? []), ms(at)]);
    counts.set(key, size(rows));
  }
}
for (const [key, row] of times) console.log(`| ${key} | ${row.join(' | ')} | ${counts.get(key)} |`);
