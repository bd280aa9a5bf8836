// The profile index's journal read (readJournal) timed on a database, read-only: five reads of 1 and of 10
// commits back. PGOPTIONS='-c jit_above_cost=0 -c jit_inline_above_cost=0 -c jit_optimize_above_cost=0'
// makes PostgreSQL want JIT whatever its estimate (the read turns it off for itself: issue 20).
//   node --import tsx bench/journal-read.ts [--database bench_profiles]
import os from 'node:os';
import { parseArgs } from 'node:util';
import { openDatabase } from '../server/db/connect';
import { journalHead, readJournal } from '../server/entities/profiles/count-index/journal';

const { values } = parseArgs({ options: { database: { type: 'string', default: 'bench_profiles' } } });
const base = process.env.BENCH_PG ?? `postgresql://${os.userInfo().username}@%2Fvar%2Frun%2Fpostgresql`;
const handle = await openDatabase({ databaseUrl: `${base}/${values.database}` });
try {
  const head = await journalHead(handle.db);
  if (head === undefined) throw new Error('no journal head');
  for (const back of [1, 10]) {
    const times: number[] = [];
    let changed = 0;
    let jit = '';
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      const read = await readJournal(handle.db, head - back, 100_000);
      times.push(Math.round(performance.now() - started));
      ({ changed, jit } = read);
    }
    console.log(`${back} commit(s) back (${changed} profiles, jit ${jit}): ${times.join(', ')} ms`);
  }
} finally {
  await handle.close();
}
