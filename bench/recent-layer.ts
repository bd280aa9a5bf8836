// The layer of changed documents (count-index/recent-tokens.ts) as it stands before a merge at ten
// million rows (issue 20): 200,000 changed rows (2 %), each a document of 15 tokens — 12 from a
// skewed vocabulary of 50,000 words, 3 of its own (a name, an e-mail address, a number). Reports
// the heap it holds (what a full collection walks), the time of a full collection with it, the
// bytes it counts, the time to fill it (and its longest change), to list its tokens for a merge (and
// its longest step), and a lookup per term.
//   node --expose-gc --import tsx bench/recent-layer.ts [--rows 200000] [--module PATH]
// `--module` reads another checkout's recent-tokens.ts (the same class name and methods).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { emptySet } from '../server/entities/profiles/count-index/bitset';
import { table } from './stats';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '200000' },
    module: { type: 'string', default: path.join(import.meta.dirname, '../server/entities/profiles/count-index/recent-tokens.ts') },
  },
});
const gc = globalThis.gc;
if (!gc) throw new Error('run with node --expose-gc');
const { RecentTokens } = (await import(
  path.resolve(values.module)
)) as typeof import('../server/entities/profiles/count-index/recent-tokens');
const ROWS = Number(values.rows);
const CAPACITY = 10_000_000;

let seed = 1;
const random = () => {
  seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
  return seed / 2 ** 32;
};
const words = Array.from({ length: 50_000 }, (_, i) => `w${i.toString(36)}`);
const documents = Array.from({ length: ROWS }, (_, r) => {
  const tokens = Array.from({ length: 12 }, () => words[Math.floor(words.length * random() ** 3)]);
  tokens.push(`name${r}`, `user${r}@example.com`, `x${Math.floor(random() * 1e6)}`);
  return tokens.join(' ');
});

const median = (ms: number[]) => ms.sort((a, b) => a - b)[Math.floor(ms.length / 2)];
let layer: InstanceType<typeof RecentTokens> | undefined = new RecentTokens(CAPACITY, CAPACITY / 50); // as the index makes it: for the rows that start a merge
let started = performance.now();
// the longest single change: the layer grows its arrays as it fills, and a change waits for that
let longestChange = 0;
for (let r = 0; r < ROWS; r++) {
  const at = performance.now();
  layer.set((r * 37) % CAPACITY, documents[r]);
  longestChange = Math.max(longestChange, performance.now() - at);
}
const fillMs = performance.now() - started;
gc();
gc();
const heapWith = process.memoryUsage().heapUsed;
const collections: number[] = [];
for (let i = 0; i < 5; i++) {
  started = performance.now();
  gc();
  collections.push(performance.now() - started);
}
started = performance.now();
// run step by step, as a merge runs it in slices: the longest step is the longest the event loop waits
let longestStep = 0;
const steps = layer.added();
let step: ReturnType<typeof steps.next>;
do {
  const at = performance.now();
  step = steps.next();
  longestStep = Math.max(longestStep, performance.now() - at);
} while (!step.done);
const added = step.value;
const tokens = added instanceof Map ? added.size : added.starts.length - 1; // the old code (--module) answered a map
const addedMs = performance.now() - started;
const lookups: Record<string, string> = {};
for (const term of ['w1', 'wa', 'w2a', 'name12', 'example', 'zzz']) {
  const ms: number[] = [];
  for (let i = 0; i < 5; i++) {
    const found = emptySet(CAPACITY);
    started = performance.now();
    layer.addRowsContaining(Buffer.from(term), found);
    ms.push(performance.now() - started);
  }
  lookups[`lookup ${term} ms`] = median(ms).toFixed(2);
}
const counted = layer.bytes();
layer = undefined;
gc();
gc();
// what the layer held: the heap with it less the heap once it is gone (the rest is the same)
const heapMb = (heapWith - process.memoryUsage().heapUsed) / 2 ** 20;
console.log(
  table([
    {
      rows: ROWS,
      tokens,
      'heap held MB': heapMb.toFixed(1),
      'full collection ms (median of 5)': median(collections).toFixed(1),
      'bytes counted MB': (counted / 2 ** 20).toFixed(1),
      'fill ms': fillMs.toFixed(0),
      'longest change ms': longestChange.toFixed(1),
      'tokens for a merge ms': addedMs.toFixed(0),
      'its longest step ms': longestStep.toFixed(1),
      ...lookups,
    },
  ]),
);
