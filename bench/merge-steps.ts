// The profile index's background work timed step by step (issue 20, item 2: no step may hold the
// event loop much past ~10 ms): an index read from a snapshot file, a layer of changed documents
// filled to just below the size that starts a merge (2 % of the rows, 15 tokens each: 12 from a
// skewed vocabulary of 50,000 words, a name, an e-mail address and a number of their own), then
// each phase run one step at a time with a turn of the event loop between — the layer's tokens for
// a merge, the merge of the token base, the n-gram index made again — and the parts a snapshot
// write takes. Reports each phase's steps, time, longest step, the steps over 8 ms, and the
// collections seen meanwhile (the steps that overlap one say so), and the longest single change.
//   node --expose-gc --max-old-space-size=12000 --import tsx bench/merge-steps.ts --snapshot FILE
// (a snapshot the server wrote for the same code: DATA_DIR/profile-index/*.snapshot, or the bench's
// beside its database; at ten million rows it takes ~10 minutes, mostly reading the file).
import { PerformanceObserver } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { ProfileIndex } from '../server/entities/profiles/count-index/index';
import { NgramIndex } from '../server/entities/profiles/count-index/ngrams';
import { RecentTokens } from '../server/entities/profiles/count-index/recent-tokens';
import { whole } from '../server/entities/profiles/count-index/slices';
import { readSnapshotHeader, readSnapshotParts } from '../server/entities/profiles/count-index/snapshot-file';
import { BLOCK_TOKENS, type TokenIndex } from '../server/entities/profiles/count-index/token-base';
import { mergeTokens, type TokenFields } from '../server/entities/profiles/count-index/token-merge';
import { table } from './stats';

const { values } = parseArgs({ options: { snapshot: { type: 'string' } } });
if (!values.snapshot) throw new Error('--snapshot FILE: a snapshot of the profile index');
const file = values.snapshot;
let started = performance.now();
const index = ProfileIndex.fromParts(await readSnapshotParts(file, await readSnapshotHeader(file)));
whole(index.fitting());
console.log(`${index.rows} rows read in ${((performance.now() - started) / 1000).toFixed(0)} s`);
// the index's own layers, as a merge meets them (private fields: this bench looks inside)
const search = (index as unknown as { search: { base: TokenIndex; recent: RecentTokens } }).search;
const base = (search.base as unknown as { fields: TokenFields }).fields;
const capacity = (index as unknown as { columns: { capacity: number } }).columns.capacity;

let seed = 1;
const random = () => {
  seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
  return seed / 2 ** 32;
};
const words = Array.from({ length: 50_000 }, (_, i) => `w${i.toString(36)}`);
const layer = new RecentTokens(capacity, capacity / 50); // as the index makes it
const changed = Math.floor(index.rows / 50) - 1; // just below the size that starts a merge
let longestChange = 0;
for (let r = 0; r < changed; r++) {
  const tokens = Array.from({ length: 12 }, () => words[Math.floor(words.length * random() ** 3)]);
  tokens.push(`name${r}`, `user${r}@example.com`, `x${Math.floor(random() * 1e6)}`);
  const document = tokens.join(' ');
  const at = performance.now();
  layer.set((r * 7919) % index.rows, document);
  longestChange = Math.max(longestChange, performance.now() - at);
}
search.recent = layer; // a snapshot written now carries it

const collections: { at: number; ms: number }[] = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) collections.push({ at: entry.startTime, ms: entry.duration });
}).observe({ entryTypes: ['gc'] });
globalThis.gc?.();

const rows: Record<string, string | number>[] = [];
async function phase<T>(name: string, steps: Generator<unknown, T>): Promise<T> {
  started = performance.now();
  const long: { at: number; ms: number; step: number }[] = [];
  let longest = 0;
  for (let step = 1; ; step++) {
    const at = performance.now();
    const next = steps.next();
    const ms = performance.now() - at;
    longest = Math.max(longest, ms);
    if (ms > 8) long.push({ at, ms, step });
    if (next.done) {
      const total = performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 50)); // the collections' entries come late
      const seen = collections.filter((c) => c.at >= started && c.at <= started + total);
      const overlapping = (at: number, ms: number) =>
        collections.filter((c) => c.at < at + ms && c.at + c.ms > at).reduce((sum, c) => sum + c.ms, 0);
      rows.push({
        phase: name,
        steps: step,
        'ms in all': total.toFixed(0),
        'longest step ms': longest.toFixed(1),
        'steps over 8 ms (step: ms, collection ms)': long
          .map(({ at, ms, step }) => `${step}: ${ms.toFixed(1)}${overlapping(at, ms) ? ` (gc ${overlapping(at, ms).toFixed(1)})` : ''}`)
          .join('; '),
        collections: seen.length,
        'longest collection ms': Math.max(0, ...seen.map((c) => c.ms)).toFixed(1),
      });
      return next.value;
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
}

await phase('parts for a snapshot (partsSteps)', index.partsSteps());
const added = await phase("the layer's tokens for a merge (added)", layer.added());
const fields = await phase('the merge of the token base (mergeTokens)', mergeTokens(base, layer.stale, added));
await phase('the n-gram index made again (NgramIndex.build)', NgramIndex.build(fields.vocabulary, fields.starts, BLOCK_TOKENS));
console.log(`${index.rows} rows, ${changed} changed rows in the layer; the longest change: ${longestChange.toFixed(1)} ms`);
console.log(table(rows));
