// How long the profile index's long pieces hold the event loop, whole and in slices, on an index
// generated in memory (no database): `node --expose-gc --import tsx bench/index-slices.ts [--profiles 10000000]`.
// For each piece: the time it takes run whole (what held the loop before issue 20, item 2) and, run
// in slices, its total time and its longest slice (what holds the loop now). Values are random
// (sources, nationalities, ratings, dates); search documents are short (the token index is measured
// by `npm run bench -- terms`).
import { parseArgs } from 'node:util';
import os from 'node:os';
import { RATING_FIELDS } from '../types/api';
import { Random } from '../server/vocabulary/random';
import { NUMERIC_SORTS, ProfileIndex, type IndexedProfile, type ProfileChange } from '../server/entities/profiles/count-index/index';
import { TokenIndex } from '../server/entities/profiles/count-index/tokens';
import { parsingIds } from '../server/entities/profiles/count-index/build';
import { inSlices, Slicer, whole, type Sliced } from '../server/entities/profiles/count-index/slices';
import type { ProfileFilters } from '../server/entities/profiles/filters';
import { table } from './stats';

const { values } = parseArgs({ options: { profiles: { type: 'string', default: '10000000' } } });
const rows = Number(values.profiles);
const rng = new Random(20);
const SOURCES = 200;
const NATIONALITIES = ['DE', 'FR', 'US', 'IN', 'BR', 'PL', 'JP', 'NG', 'GB', 'ES', 'IT', 'NL'];

function profile(id: number): IndexedProfile {
  const numbers = {} as IndexedProfile['numbers'];
  for (const field of RATING_FIELDS) numbers[field] = rng.chance(0.1) ? null : Math.round(rng.next() * 100) / 10;
  numbers.created_at = 1.7e15 + rng.int(0, 1e9) * 1e3;
  numbers.updated_at = numbers.created_at + rng.int(0, 1e6) * 1e3;
  return {
    id,
    data_source_ids: [rng.int(1, SOURCES)],
    nationality_codes: rng.sample(NATIONALITIES, rng.int(1, 2)),
    gender_value: rng.pick(['male', 'female', 'non-binary']),
    numbers,
  };
}

/** A piece run whole, then in slices: ms whole, ms in slices, longest slice, slices. */
async function measure(name: string, make: () => Sliced<unknown>): Promise<Record<string, string | number>> {
  global.gc?.();
  let started = performance.now();
  whole(make());
  const wholeMs = performance.now() - started;
  global.gc?.();
  let longest = 0;
  let resumed = performance.now();
  const slicer = new Slicer(undefined, undefined, async () => {
    longest = Math.max(longest, performance.now() - resumed);
    await new Promise((resolve) => setImmediate(resolve));
    resumed = performance.now();
  });
  started = performance.now();
  resumed = started;
  await inSlices(make(), slicer);
  longest = Math.max(longest, performance.now() - resumed);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  const row = {
    piece: name,
    'whole ms': round(wholeMs),
    'in slices ms': round(performance.now() - started),
    'longest slice ms': round(longest),
    slices: slicer.pauses + 1,
  };
  console.log(`  ${JSON.stringify(row)}`);
  return row;
}

console.log(
  `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model}, Node ${process.version}, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
const index = new ProfileIndex(1, Math.ceil(rows * 1.1), [...NUMERIC_SORTS, 'first_name'], [...RATING_FIELDS]);
let started = performance.now();
for (let id = 1; id <= rows; id++) index.load(profile(id));
console.log(`  ${rows} rows loaded in ${Math.round(performance.now() - started)} ms`);
const documents = Array.from({ length: rows }, (_, i) => `p${i + 1}`);
const tokens = await TokenIndex.build(documents);
// a name order as the database would give it: ids shuffled
const nameOrder = Int32Array.from({ length: rows }, (_, i) => i + 1);
for (let i = rows - 1; i > 0; i--) {
  const j = rng.int(0, i);
  [nameOrder[i], nameOrder[j]] = [nameOrder[j], nameOrder[i]];
}
const idList = nameOrder.join(',');
const out: Record<string, string | number>[] = [];
out.push(await measure(`ids of one name order read (${rows} ids)`, () => parsingIds(idList)));
const orders = new Map([['first_name', { valued: nameOrder, missing: new Int32Array(0) }]]);
started = performance.now();
out.push(await measure('orders loaded (7 fields sorted or placed)', () => index.loadingOrders(orders, tokens)));

// a catch-up: changes to ratings and dates of existing rows, and new rows, placed after a random predecessor
const changes = (count: number, version: number): ProfileChange[] =>
  Array.from({ length: count }, (_, i) => {
    const id = i % 2 ? rng.int(1, rows) : rows + version * count + i;
    return { id, profile: profile(id), search_text: `p${id}`, searchChanged: i % 2 === 0, previous: { first_name: rng.int(1, rows) } };
  });
let version = 1;
for (const count of [1_000, 50_000]) {
  // each run applies a batch of its own (an applied batch is not applied twice)
  const batches = [changes(count, ++version), changes(count, ++version)];
  let n = 0;
  out.push(
    await measure(`catch-up of ${count} changes`, () => {
      const batch = batches[n++];
      return (function* () {
        return yield* index.applying(batch, version);
      })();
    }),
  );
}
const sources = Array.from({ length: 100 }, (_, i) => i + 1);
const broad: [string, number[] | null, ProfileFilters][] = [
  ['a viewer of 100 sources', sources, {}],
  [
    '3 nationalities, a rating range across partial buckets',
    null,
    { nationalities: ['DE', 'FR', 'US'], tech_rating__gte: 2.35, tech_rating__lte: 7.65 },
  ],
  [
    'every filter at once',
    sources,
    { gender: ['female'], nationalities: ['DE'], tech_rating__gte: 5, tech_rating__lte: 10, education_rating__gte: 1.5 },
  ],
];
for (const [name, readable, filters] of broad)
  out.push(
    await measure(`set: ${name}`, () => {
      (index as any).remembered.clear(); // computed each time, not remembered from the run before
      return index.matchingWork(readable, filters, []);
    }),
  );
const sparse = index.matching(null, { tech_rating__gte: 9.9, tech_rating__lte: 9.9, nationalities: ['NG'] }, []);
out.push(
  await measure(`page in the middle of a sparse set (${sparse.count} members), by first name`, () =>
    index.paging(sparse.set, sparse.count, 'first_name', false, Math.floor(sparse.count / 2) - 10, 10),
  ),
);
console.log(`\n${table(out)}\n`);
