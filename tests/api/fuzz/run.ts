// `npm run fuzz -- --runs 20000`: the fuzzer (tests/api/fuzz.test.ts) for longer than npm test runs it.
//
//   --runs N        requests in all, spread evenly over the operations (npm test: 3000)
//   --seed N        another seed than the fixed one
//   --db D          pglite (default, or TEST_DB), postgres, or both
//   --keep-going    every operation sends all its requests and reports every distinct problem (no shrinking)
//
// Prints, per database, the figures docs/FUZZING.md keeps: requests, operations, seconds, failing operations.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../..');
const args = process.argv.slice(2);

function option(name: string): string | undefined {
  const at = args.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
  if (at < 0) return undefined;
  const arg = args[at];
  return arg.includes('=') ? arg.slice(arg.indexOf('=') + 1) : args[at + 1];
}

const runs = option('runs') ?? '20000';
const seed = option('seed');
const keepGoing = args.includes('--keep-going');
const dbOption = option('db') ?? process.env.TEST_DB ?? 'pglite';
const databases = dbOption === 'both' ? ['pglite', 'postgres'] : [dbOption];
if (!/^\d+$/.test(runs) || databases.some((d) => d !== 'pglite' && d !== 'postgres')) {
  console.error('usage: npm run fuzz -- [--runs N] [--seed N] [--db pglite|postgres|both] [--keep-going]');
  process.exit(2);
}

let failed = false;
const lines: string[] = [];
for (const database of databases) {
  const summaryFile = path.join(root, 'test-results', 'fuzz', `summary-${database}.json`);
  rmSync(summaryFile, { force: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    TEST_DB: database,
    FUZZ_RUNS: runs,
    ...(seed ? { FUZZ_SEED: seed } : {}),
    ...(keepGoing ? { FUZZ_KEEP_GOING: '1' } : {}),
  };
  // the local PostgreSQL tests/prepare.sh sets up, unless told otherwise
  if (database === 'postgres') env.TEST_DATABASE_URL ??= 'postgresql://root@/app_test?host=/var/run/postgresql';
  console.log(`\n== fuzz on ${database}: ${runs} requests${seed ? `, seed ${seed}` : ''}${keepGoing ? ', keep going' : ''}`);
  const started = Date.now();
  const result = spawnSync(path.join(root, 'node_modules', '.bin', 'vitest'), ['run', '--project', 'api', 'tests/api/fuzz.test.ts'], {
    cwd: root,
    env,
    stdio: 'inherit',
  });
  const wall = Math.round((Date.now() - started) / 1000);
  if (result.status !== 0) failed = true;
  if (!existsSync(summaryFile)) {
    lines.push(`${database}: no summary written (vitest exited with ${result.status ?? result.signal}), ${wall} s`);
    continue;
  }
  const summary = JSON.parse(readFileSync(summaryFile, 'utf8'));
  lines.push(
    `${database}: ${summary.requests} requests to ${summary.operations} operations in ${summary.seconds} s of fuzzing (${wall} s with start-up), ` +
      `seed ${summary.seed}, ${summary.failures.length} failing operation(s)${summary.failures.length ? `: ${summary.failures.join(', ')}` : ''}`,
  );
}
console.log(`\n${lines.join('\n')}`);
process.exit(failed ? 1 : 0);
