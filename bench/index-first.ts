// The profiles bench's mix against the profile index alone, each query asked for the first time in
// the process as the server's one-at-a-time pass meets it (issue 20, item 5: p95 ≤ 25 ms one at a
// time): a fresh index read from a snapshot file, its remembered sets empty with the server's
// budget, the warm-up's 20 queries, then the 200 of the mix as staff, the mix again (the load run
// after it), then the normal user's warm-up and mix. Each query's set (`matching`) and page walk
// (`page`) are timed, with the pieces of a set's first computation that can be told apart from
// outside: a search term's rows, a rating range's rows, the population count.
//   node --expose-gc --import tsx bench/index-first.ts [--snapshot FILE] [--database bench_profiles] [--slowest 15] [--repeat 3] [--sql] [--no-dense]
// `--snapshot` may be a copy written by other index code (the parts' format is what is read:
// a bench of query-time changes then pays no build); the database gives the users' sources.
import os from 'node:os';
import { parseArgs } from 'node:util';
import { openDatabase } from '../server/db/connect';
import { readableDataSourceIds } from '../server/db/visibility';
import { findUserByEmail } from '../server/accounts/users';
import { ProfileIndex } from '../server/entities/profiles/count-index/index';
import { RememberedSets, rememberedBudget } from '../server/entities/profiles/count-index/remembered-sets';
import { readSnapshotHeader, readSnapshotParts } from '../server/entities/profiles/count-index/snapshot-file';
import { whole } from '../server/entities/profiles/count-index/slices';
import { denseTokens, type SearchIndex } from '../server/entities/profiles/count-index/tokens';
import { profileQueryMix } from './profiles';
import { parseMixPath } from './mix-path';
import { profileCount } from './seeding';
import { SUMMARY_COLUMNS } from '../server/entities/profiles/repository';
import { summarize, table } from './stats';
import { cpuProfiled } from './cpu-profile';

const { values } = parseArgs({
  options: {
    snapshot: { type: 'string', default: '/tmp/unused/profile-index/bench_profiles.snapshot' },
    database: { type: 'string', default: 'bench_profiles' },
    slowest: { type: 'string', default: '15' },
    /** also time the page's rows read by id as the repository reads them (the SQL of an indexed page) */
    sql: { type: 'boolean', default: false },
    /** a CPU profile of the staff's first askings (the 200 of the mix), written here */
    'cpu-profile': { type: 'string' },
    /** the whole sequence this many times, from nothing remembered: each query's fastest (this machine is shared) */
    repeat: { type: 'string', default: '1' },
    /** without the broad tokens' bitsets (token-base.ts: denseTokens), to compare */
    'no-dense': { type: 'boolean', default: false },
  },
});
const base = process.env.BENCH_PG ?? `postgresql://${os.userInfo().username}@%2Fvar%2Frun%2Fpostgresql`;
const KINDS = ['search', 'a data source', 'nationalities', 'gender', 'a rating range', 'combined', 'a deep page', 'sort only'];

if (values['no-dense']) denseTokens.bytesPerRow = 0;
const started = performance.now();
const header = await readSnapshotHeader(values.snapshot);
const index = ProfileIndex.fromParts(await readSnapshotParts(values.snapshot, header));
whole(index.fitting());
const denseStarted = performance.now();
await (index as unknown as { search: SearchIndex }).search.denseMade();
console.log(
  `broad tokens' bitsets: ${Math.round(index.bytesByPart()['search.dense'] / 2 ** 20)} MB made in ${Math.round(performance.now() - denseStarted)} ms`,
);
console.log(`index of ${index.rows} profiles read in ${Math.round(performance.now() - started)} ms (code ${header.code})`);

// the pieces timed from outside: a term's rows and a rating range's rows as the set builder asks for them (private members)
const inside = index as unknown as Record<string, any>;
const pieces = { term: 0, range: 0 };
const timed = (owner: Record<string, any>, name: string, piece: keyof typeof pieces) => {
  const original = owner[name].bind(owner);
  owner[name] = function* (...args: unknown[]) {
    const generator = original(...args);
    for (;;) {
      const at = performance.now();
      const step = generator.next();
      pieces[piece] += performance.now() - at;
      if (step.done) return step.value;
      yield;
    }
  };
};
timed(inside.search, 'rowsContainingSteps', 'term');
timed(inside, 'inRange', 'range');

const handle = await openDatabase({ databaseUrl: `${base}/${values.database}` });
try {
  const { db } = handle;
  const total = await profileCount(db);
  const sources = (await db.selectFrom('data_source').select('id').execute()).map((r) => r.id);
  const mix = profileQueryMix(total, sources);
  const warmUp = profileQueryMix(total, sources, 7).slice(0, 20);
  const readableOf = async (role: string) => {
    const user = (await findUserByEmail(db, role === 'staff' ? 'bench-staff@example.test' : 'bench-user@example.test'))!;
    return readableDataSourceIds(db, { ...user, is_staff: role === 'staff' } as never);
  };
  // the server's remembered sets, empty, with its budget (a private field), and no term found yet
  const forget = () => {
    inside.remembered = new RememberedSets(() => rememberedBudget(inside.columns.capacity));
    inside.search.baseHits.clear();
  };

  const ask = async (readable: number[] | null, path: string) => {
    const q = parseMixPath(path);
    pieces.term = 0;
    pieces.range = 0;
    let at = performance.now();
    const found = index.matching(readable, q.filters, q.terms);
    const set = performance.now() - at;
    at = performance.now();
    const ids = index.page(found.set, found.count, q.field, q.descending, q.offset, q.pageSize, q.filters) ?? [];
    const page = performance.now() - at;
    at = performance.now();
    if (values.sql && ids.length) await db.selectFrom('profile').select(SUMMARY_COLUMNS).where('id', 'in', ids).execute();
    const rows = performance.now() - at;
    return { path, set, page, rows, term: pieces.term, range: pieces.range, count: found.count };
  };
  type Asked = Awaited<ReturnType<typeof ask>>;
  // each role's first askings, the whole sequence replayed `--repeat` times from nothing remembered: each query's fastest
  const roles = ['staff', 'normal user'];
  const fastest: Record<string, Asked[]> = {};
  const readables = await Promise.all(roles.map(readableOf));
  for (let round = 0; round < Number(values.repeat); round++) {
    forget();
    global.gc?.();
    for (const [r, role] of roles.entries()) {
      const readable = readables[r];
      for (const path of warmUp) await ask(readable, path);
      const asked: Asked[] = [];
      const firstAskings = async () => {
        for (const path of mix) asked.push(await ask(readable, path));
      };
      if (values['cpu-profile'] && role === 'staff' && round === 0) await cpuProfiled(values['cpu-profile'], firstAskings);
      else await firstAskings();
      fastest[role] = fastest[role]?.map((best, i) => (asked[i].set + asked[i].page < best.set + best.page ? asked[i] : best)) ?? asked;
      // the load run at 32 connections asks the same mix over and over before the next role
      for (const path of mix) await ask(readable, path);
    }
  }
  const rows: Record<string, string | number>[] = [];
  for (const role of roles) {
    const asked = fastest[role];
    const totals = asked.map((a) => a.set + a.page);
    for (let k = 0; k < KINDS.length; k++) {
      const of = (pick: (a: Asked) => number) => summarize(asked.filter((_, i) => i % 8 === k).map(pick));
      rows.push({
        role,
        kind: KINDS[k],
        'set p50 / p95 / max': `${of((a) => a.set).p50} / ${of((a) => a.set).p95} / ${of((a) => a.set).max}`,
        'page p50 / p95 / max': `${of((a) => a.page).p50} / ${of((a) => a.page).p95} / ${of((a) => a.page).max}`,
        'rows read p50 / p95 / max': `${of((a) => a.rows).p50} / ${of((a) => a.rows).p95} / ${of((a) => a.rows).max}`,
      });
    }
    const all = summarize(totals);
    const read = summarize(asked.map((a) => a.rows));
    rows.push({
      role,
      kind: 'the 200',
      'set p50 / p95 / max': `index p50 ${all.p50}, p95 ${all.p95}, max ${all.max}`,
      'page p50 / p95 / max': '',
      'rows read p50 / p95 / max': `${read.p50} / ${read.p95} / ${read.max}`,
    });
    console.log(
      `\n${role}: the ${values.slowest} slowest first askings, fastest of ${values.repeat} (ms: set = term + range + the rest; page)`,
    );
    for (const a of [...asked].sort((x, y) => y.set + y.page - (x.set + x.page)).slice(0, Number(values.slowest)))
      console.log(
        `  ${(a.set + a.page).toFixed(1).padStart(6)}  set ${a.set.toFixed(1)} (term ${a.term.toFixed(1)}, range ${a.range.toFixed(1)})  page ${a.page.toFixed(1)}  rows ${a.rows.toFixed(1)}  n ${a.count}  ${decodeURIComponent(a.path.replace('/api/v1/profiles?', ''))}`,
      );
  }
  console.log(`\n${index.rows} profiles, first askings:\n\n${table(rows)}\n`);
} finally {
  await handle.close();
}
