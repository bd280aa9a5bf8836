// The profiles bench's mix against the profile index alone (no HTTP, no SQL for the page): where a
// request's index time goes at a size, by kind of query. The index starts from its snapshot in the
// bench's data directory (written by `npm run bench -- profiles` on the same database), so it costs
// seconds, not a build. Each query's set (`matching`) and page walk (`page`) are timed whole, with
// the index's remembered sets as the server has them, with them cleared before every query (what
// every request pays while profiles change: a catch-up clears them), and with a bigger budget.
//   node --expose-gc --import tsx bench/index-mix.ts [--database bench_profiles] [--role staff|normal user]
import os from 'node:os';
import { parseArgs } from 'node:util';
import { openDatabase } from '../server/db/connect';
import { readableDataSourceIds } from '../server/db/visibility';
import { findUserByEmail } from '../server/accounts/users';
import type { ProfileIndex } from '../server/entities/profiles/count-index/index';
import { RememberedSets } from '../server/entities/profiles/count-index/remembered-sets';
import {
  enableProfileCountIndex,
  profileCountIndexSettled,
  profileIndexAt,
  profileIndexStats,
} from '../server/entities/profiles/count-index/manager';
import { journalHead } from '../server/entities/profiles/count-index/journal';
import { snapshotOptions } from '../server/entities/profiles/count-index/snapshot-store';
import { benchDataDir } from './server-under-test';
import { profileQueryMix } from './profiles';
import { parseMixPath } from './mix-path';
import { profileCount } from './seeding';
import { summarize, table } from './stats';

const { values } = parseArgs({
  options: { database: { type: 'string', default: 'bench_profiles' }, role: { type: 'string', default: 'staff' } },
});
const base = process.env.BENCH_PG ?? `postgresql://${os.userInfo().username}@%2Fvar%2Frun%2Fpostgresql`;
const KINDS = ['search', 'a data source', 'nationalities', 'gender', 'a rating range', 'combined', 'a deep page', 'sort only'];

function pass(index: ProfileIndex, readable: number[] | null, mix: string[], before?: () => void) {
  const set: number[] = [];
  const walk: number[] = [];
  for (const path of mix) {
    const q = parseMixPath(path);
    before?.();
    let started = performance.now();
    const found = index.matching(readable, q.filters, q.terms);
    set.push(performance.now() - started);
    started = performance.now();
    index.page(found.set, found.count, q.field, q.descending, q.offset, q.pageSize, q.filters);
    walk.push(performance.now() - started);
  }
  return { set, walk };
}

const handle = await openDatabase({ databaseUrl: `${base}/${values.database}` });
try {
  const { db } = handle;
  let started = performance.now();
  enableProfileCountIndex(db, { pollMs: 0, snapshots: { ...snapshotOptions(benchDataDir({}), false)!, write: false } });
  if (!(await profileCountIndexSettled(db))) throw new Error('no index');
  const stats = profileIndexStats(db)!;
  console.log(
    `index of ${stats.rows} profiles ${stats.snapshot?.loads ? 'loaded from its snapshot' : `built (${stats.snapshot?.refused})`} in ${Math.round(performance.now() - started)} ms`,
  );
  const index = (await profileIndexAt(db, (await journalHead(db))!))!;
  const user = (await findUserByEmail(db, values.role === 'staff' ? 'bench-staff@example.test' : 'bench-user@example.test'))!;
  const readable = await readableDataSourceIds(db, { ...user, is_staff: values.role === 'staff' } as never);
  const sources = (await db.selectFrom('data_source').select('id').execute()).map((r) => r.id);
  const mix = profileQueryMix(await profileCount(db), sources);
  // the index's own remembered sets, swapped for this bench's budgets (a private field: read-only to the server)
  const remember = (budget: number) => Object.assign(index, { remembered: new RememberedSets(budget) });
  // a first pass fills the remembered sets as a steady load would; the second is timed
  const secondPass = (budget: number) => {
    remember(budget);
    pass(index, readable, mix);
    return pass(index, readable, mix);
  };
  const runs: [string, () => ReturnType<typeof pass>][] = [
    ['remembered, 32 MB (as the server): second pass', () => secondPass(32 * 2 ** 20)],
    ['nothing remembered (the index moved before each request)', () => pass(index, readable, mix, () => remember(32 * 2 ** 20))],
    ['remembered, 1 GB: second pass', () => secondPass(2 ** 30)],
    // the server's budget since issue 20 (remembered-sets.ts rememberedBudget: 32 bytes a row, here of rows not capacity)
    ['remembered, 32 bytes a row: second pass', () => secondPass(Math.max(32 * 2 ** 20, 32 * index.rows))],
  ];
  const rows: Record<string, string | number>[] = [];
  for (const [name, run] of runs) {
    global.gc?.();
    started = performance.now();
    const { set, walk } = run();
    const total = set.reduce((a, b) => a + b, 0) + walk.reduce((a, b) => a + b, 0);
    const held = (index as unknown as { remembered: RememberedSets }).remembered.bytes();
    console.log(`${name}: ${Math.round(held / 2 ** 20)} MB of sets remembered at the end`);
    for (let k = 0; k < KINDS.length; k++) {
      const of = (times: number[]) => summarize(times.filter((_, i) => i % 8 === k));
      rows.push({
        remembered: name,
        kind: KINDS[k],
        'set p50 / p95 / max ms': `${of(set).p50} / ${of(set).p95} / ${of(set).max}`,
        'page p50 / p95 / max ms': `${of(walk).p50} / ${of(walk).p95} / ${of(walk).max}`,
      });
    }
    rows.push({
      remembered: name,
      kind: 'the 200 queries',
      'set p50 / p95 / max ms': `${summarize(set).p50} / ${summarize(set).p95} / ${summarize(set).max}`,
      'page p50 / p95 / max ms': `${summarize(walk).p50} / ${summarize(walk).p95} / ${summarize(walk).max}; index time ${Math.round(total)} ms in all: ${Math.round((200 * 1000) / total)} req/s on one core at most`,
    });
  }
  console.log(`\n${values.role}, ${index.rows} profiles:\n\n${table(rows)}\n`);
} finally {
  await handle.close();
}
