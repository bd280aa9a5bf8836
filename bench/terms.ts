// `npm run bench -- terms [--terms-profiles 1000000,10000000]`: the search part of the profile
// index alone, over documents generated in memory (no database): build time, memory by part, a new
// term's lookup per term length against the scan it replaces, and the event loop while a broad
// term and a merge run in slices (issue 20, items 1 and 2).
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { emptySet, type Bitset } from '../server/entities/profiles/count-index/bitset';
import { addAscending } from '../server/entities/profiles/count-index/varints';
import { SearchIndex, TokenIndex } from '../server/entities/profiles/count-index/tokens';
import { slicing } from '../server/entities/profiles/count-index/steps';
import { makeCompany, makeProfile, DEMO_SEED } from '../server/vocabulary/people';
import { Random } from '../server/vocabulary/random';
import { yieldToEventLoop } from '../server/util/slices';

/**
 * The search document as the profile table makes it (migration 2026-11-22-profiles: lower, then
 * unaccent, of first name, last name, headline, location, e-mail, current company). unaccent is
 * imitated: ß → ss, ł → l, ø → o, æ → ae, then accents dropped (the generator's names need no more).
 */
function searchDocument(seed: number, index: number, companies: { id: number; name: string }[]): string {
  const p = makeProfile(seed, index, companies, [1, 2, 3]).profile;
  const text = [p.first_name, p.last_name, p.headline ?? '', p.location ?? '', p.email ?? '', p.current_company ?? ''].join(' ');
  return text
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/ł/g, 'l')
    .replace(/ø/g, 'o')
    .replace(/æ/g, 'ae')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

export function generatedDocuments(count: number, seed = DEMO_SEED + 1, from = 0): string[] {
  const companies = Array.from({ length: Math.max(40, Math.round(count / 500)) }, (_, i) => ({
    id: i + 1,
    name: makeCompany(seed, i).name as string,
  }));
  return Array.from({ length: count }, (_, i) => searchDocument(seed, from + i, companies));
}

const mb = (bytes: number) => (bytes / 2 ** 20).toFixed(1);
const ms = (value: number) => value.toFixed(value < 10 ? 2 : 0);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** The lookup this replaces (tokens.ts before issue 20): indexOf over the whole vocabulary (the rows then added as now). */
function scanRowsContaining(index: TokenIndex, term: Buffer, rows: Bitset): void {
  const { vocabulary, starts, postingStarts, postings } = index.toParts().arrays as Record<string, Uint32Array> & { postings: Uint8Array };
  const bytes = Buffer.from(vocabulary.buffer, vocabulary.byteOffset, vocabulary.byteLength);
  for (let from = 0; ; ) {
    const at = bytes.indexOf(term, from);
    if (at === -1) break;
    let low = 0;
    let high = starts.length - 2;
    while (low < high) {
      const middle = (low + high + 1) >>> 1;
      if (starts[middle] <= at) low = middle;
      else high = middle - 1;
    }
    addAscending(postings, postingStarts[low], postingStarts[low + 1], rows);
    from = starts[low + 1];
  }
}

/** Terms not asked before: pieces of the documents' tokens of each length, and some made up. */
function sampleTerms(documents: string[], perLength: number): Map<string, string[]> {
  const rng = new Random(7);
  const byLength = new Map<string, Set<string>>([
    ['1', new Set()],
    ['2', new Set()],
    ['3', new Set()],
    ['4-8', new Set()],
  ]);
  for (const [label, set] of byLength) {
    for (let tries = 0; set.size < perLength && tries < perLength * 50; tries++) {
      const tokens = documents[rng.int(0, documents.length - 1)].split(/\s+/).filter(Boolean);
      const token = rng.pick(tokens);
      const length = label === '4-8' ? rng.int(4, 8) : Number(label);
      if (!token || token.length < length) continue;
      const from = rng.int(0, token.length - length);
      set.add(token.slice(from, from + length));
    }
  }
  return new Map([...byLength].map(([label, set]) => [label, [...set]]));
}

async function delayWhile<T>(work: () => Promise<T>): Promise<{ result: T; ms: number; p99: number; max: number }> {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  const started = performance.now();
  // a timer that wants to run all the time: its delay is what a request would wait
  let ticking = true;
  const tick = () => ticking && setTimeout(tick, 0);
  tick();
  const result = await work();
  ticking = false;
  histogram.disable();
  return { result, ms: performance.now() - started, p99: histogram.percentile(99) / 1e6, max: histogram.max / 1e6 };
}

const slicedRow = (profiles: number, work: string, run: { ms: number; p99: number; max: number }) => ({
  profiles,
  work,
  'ms in all': ms(run.ms),
  'longest slice ms': ms(slicing.longestMs),
  'event loop delay p99 ms': ms(run.p99),
  'max ms': ms(run.max),
});

export async function benchTerms(sizes: number[], perLength = 100): Promise<Record<string, string | number>[][]> {
  const memory: Record<string, string | number>[] = [];
  const lookups: Record<string, string | number>[] = [];
  const sliced: Record<string, string | number>[] = [];
  for (const profiles of sizes) {
    let started = performance.now();
    const documents = generatedDocuments(profiles);
    console.log(`${profiles} documents generated in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    slicing.longestMs = 0;
    const build = await delayWhile(() => TokenIndex.build(documents, yieldToEventLoop));
    const index = build.result;
    const parts = index.bytesByPart();
    // the same tokens as tokens.ts kept them before issue 20: four bytes a row, no n-grams
    let postings = 0;
    for (const document of documents) postings += new Set(document.split(/\s+/).filter(Boolean)).size;
    const before = parts.vocabulary + parts.starts + parts.postingStarts + 4 * postings;
    memory.push({
      profiles,
      tokens: index.tokenCount,
      'build s': (build.ms / 1000).toFixed(1),
      'build: longest slice ms': ms(slicing.longestMs),
      ...Object.fromEntries(Object.entries(parts).map(([part, bytes]) => [`${part} MB`, mb(bytes)])),
      'total MB': mb(index.bytes()),
      'MB per million': mb(index.bytes() / (profiles / 1e6)),
      'before: MB per million': mb(before / (profiles / 1e6)),
    });
    for (const [length, terms] of sampleTerms(documents, perLength)) {
      const find: number[] = [];
      const now: number[] = [];
      const scan: number[] = [];
      for (const term of terms) {
        const pattern = Buffer.from(term);
        started = performance.now();
        index.tokensContaining(pattern);
        find.push(performance.now() - started);
        let rows = emptySet(profiles);
        started = performance.now();
        index.addRowsContaining(pattern, rows);
        now.push(performance.now() - started);
        rows = emptySet(profiles);
        started = performance.now();
        scanRowsContaining(index, pattern, rows);
        scan.push(performance.now() - started);
      }
      lookups.push({
        profiles,
        'term length (bytes)': length,
        terms: terms.length,
        'tokens found: median ms': ms(median(find)),
        'max ms': ms(Math.max(...find)),
        'with their rows: median ms': ms(median(now)),
        'max ms ': ms(Math.max(...now)),
        'scan median ms': ms(median(scan)),
        'scan max ms': ms(Math.max(...scan)),
      });
    }
    const search = new SearchIndex(index, profiles);
    for (const term of ['e', 'an', 'gmail']) {
      slicing.longestMs = 0;
      const run = await delayWhile(() => search.prepare([term]));
      sliced.push(slicedRow(profiles, `a new term, "${term}", in slices`, run));
    }
    // 2 % of the rows get another person's document: the merge that follows
    const changed = Math.round(profiles / 50) - 1; // just below the threshold that starts a merge by itself
    const others = generatedDocuments(changed, DEMO_SEED + 2);
    for (let i = 0; i < changed; i++) search.set((i * 7919) % profiles, others[i]);
    slicing.longestMs = 0;
    const merge = await delayWhile(() => search.merge());
    sliced.push(slicedRow(profiles, `merging ${changed} changed rows, in slices`, merge));
    documents.length = 0;
    globalThis.gc?.();
  }
  return [memory, lookups, sliced];
}
