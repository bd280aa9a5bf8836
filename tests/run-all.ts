// `npm test`: the whole suite, layer after layer, ending with one plain line
// `N passed, N failed` that adds up every layer (CI reads that line).
// A layer that cannot run is said loudly and counted as failed, never skipped in silence.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const root = resolve(import.meta.dirname, '..');
const reports = join(root, 'test-results', 'reports');
const bin = (name: string) => join(root, 'node_modules', '.bin', name);
const MINUTE = 60_000;
/**
 * Safety nets against a hung runner, far above the normal durations: ~3 times the longest layer on a
 * quiet 2-core machine (the unit layer, ~10 min), so that a machine loaded by other work is not
 * failed by the clock (15 min once timed the unit layer out under a database seed running beside it).
 */
const TIMEOUT = { check: 10 * MINUTE, vitest: 30 * MINUTE, playwright: 30 * MINUTE };

interface LayerResult {
  name: string;
  passed: number;
  failed: number;
  seconds: number;
  /** why the layer did not run, or what went wrong besides failing tests */
  problems: string[];
}

const results: LayerResult[] = [];
let current: ReturnType<typeof spawn> | null = null;

function loud(lines: string[]): void {
  const bar = '!'.repeat(78);
  console.log(`\n${bar}\n${lines.map((l) => `!! ${l}`).join('\n')}\n${bar}\n`);
}

function heading(title: string): void {
  console.log(`\n${'='.repeat(78)}\n== ${title}\n${'='.repeat(78)}`);
}

/** Run a command with the terminal, in its own process group so a timeout kills its children too. */
function run(command: string, args: string[], env: NodeJS.ProcessEnv, timeoutMs: number) {
  return new Promise<{ code: number; timedOut: boolean }>((done) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: 'inherit', detached: true });
    current = child;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child);
    }, timeoutMs);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      current = null;
      done({ code: code ?? (signal ? 1 : 0), timedOut });
    });
    child.on('error', (error) => {
      clearTimeout(timer);
      current = null;
      console.error(error);
      done({ code: 127, timedOut });
    });
  });
}

function killGroup(child: ReturnType<typeof spawn>): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
    setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    }, 5000).unref();
  } catch {
    // already gone
  }
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (current) killGroup(current);
    process.exit(130);
  });
}

async function layer(name: string, body: (result: LayerResult) => Promise<void>): Promise<LayerResult> {
  heading(name);
  const result: LayerResult = { name, passed: 0, failed: 0, seconds: 0, problems: [] };
  const started = Date.now();
  await body(result);
  result.seconds = Math.round((Date.now() - started) / 1000);
  if (result.problems.length) loud([`${name}:`, ...result.problems]);
  results.push(result);
  return result;
}

/** A layer that could not run at all: one failure, said loudly. */
function notRun(result: LayerResult, why: string): void {
  result.failed += 1;
  result.problems.push(`NOT RUN: ${why}`, 'counted as 1 failed');
}

/** A command that is one test: exit code 0 passes. */
async function singleCheck(result: LayerResult, command: string, args: string[], timeoutMs: number) {
  const { code, timedOut } = await run(command, args, {}, timeoutMs);
  if (code === 0 && !timedOut) result.passed += 1;
  else {
    result.failed += 1;
    const what = [command.replace(`${root}/node_modules/.bin/`, ''), ...args].join(' ');
    result.problems.push(timedOut ? `${what}: timed out after ${timeoutMs / MINUTE} min` : `${what} exited with code ${code}`);
  }
  return code === 0 && !timedOut;
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: {
    name: string;
    status: string;
    message?: string;
    assertionResults: { status: string; fullName?: string; failureMessages?: string[] }[];
  }[];
}

async function vitestLayer(result: LayerResult, project: string, report: string, env: NodeJS.ProcessEnv) {
  const output = join(reports, report);
  rmSync(output, { force: true });
  const args = ['run', '--project', project, '--passWithNoTests', '--reporter=default', '--reporter=json', `--outputFile.json=${output}`];
  const { code, timedOut } = await run(bin('vitest'), args, env, TIMEOUT.vitest);
  if (!existsSync(output)) {
    result.failed += 1;
    result.problems.push(`vitest wrote no report (exit code ${code}${timedOut ? ', timed out' : ''}): counted as 1 failed`);
    return;
  }
  const json = JSON.parse(readFileSync(output, 'utf8')) as VitestReport;
  // A file that fails to load has no failed assertion but is a failure all the same.
  const brokenFiles = json.testResults.filter(
    (file) => file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'),
  );
  result.passed += json.numPassedTests;
  result.failed += json.numFailedTests + brokenFiles.length;
  for (const file of brokenFiles) {
    const why = file.message?.trim().split('\n')[0] || 'a hook or the import failed, see the output above';
    result.problems.push(`${file.name.replace(`${root}/`, '')} failed to run: ${why}`);
  }
  // named in the summary: CI keeps only the tail of the output
  for (const file of json.testResults)
    for (const test of file.assertionResults.filter((each) => each.status === 'failed')) {
      const why = test.failureMessages?.[0]?.trim().split('\n')[0]?.slice(0, 300) ?? '';
      result.problems.push(`FAILED ${file.name.replace(`${root}/`, '')} › ${test.fullName ?? ''}: ${why}`);
    }
  if (json.numPendingTests + json.numTodoTests > 0)
    result.problems.push(`${json.numPendingTests + json.numTodoTests} tests skipped or todo (not counted)`);
  if (json.numPassedTests + json.numFailedTests + brokenFiles.length === 0) {
    result.failed += 1;
    result.problems.push('no tests ran: counted as 1 failed');
  }
  if (timedOut) {
    result.failed += 1;
    result.problems.push(`timed out after ${TIMEOUT.vitest / MINUTE} min: counted as 1 failed`);
  } else if (code !== 0 && result.failed === 0) {
    result.failed += 1;
    result.problems.push(`vitest exited with code ${code} without a failing test: counted as 1 failed`);
  }
}

interface PlaywrightSuite {
  file: string;
  suites?: PlaywrightSuite[];
  specs?: {
    title: string;
    line: number;
    tests: { status: string; results: { errors?: { message?: string }[] }[] }[];
  }[];
}

interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  errors: { message?: string }[];
  suites?: PlaywrightSuite[];
}

/** One line per failed or flaky test (CI keeps only the summary): where it is and its first message line. */
function playwrightProblems(suites: PlaywrightSuite[] = []): string[] {
  const lines: string[] = [];
  for (const suite of suites) {
    lines.push(...playwrightProblems(suite.suites));
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const message = test.results.flatMap((r) => r.errors ?? []).find((e) => e.message)?.message ?? '';
        const why =
          stripVTControlCharacters(message)
            .split('\n')
            .find((line) => line.trim()) ?? '';
        const label = test.status === 'flaky' ? 'FLAKY' : 'FAILED';
        lines.push(`${label} ${suite.file}:${spec.line} › ${spec.title}: ${why.trim()}`);
      }
  }
  return lines;
}

async function playwrightLayer(result: LayerResult) {
  const output = join(reports, 'e2e.json');
  rmSync(output, { force: true });
  const { code, timedOut } = await run(
    bin('playwright'),
    ['test', '--reporter=list,json'],
    { PLAYWRIGHT_JSON_OUTPUT_FILE: output },
    TIMEOUT.playwright,
  );
  if (!existsSync(output)) {
    result.failed += 1;
    result.problems.push(`playwright wrote no report (exit code ${code}${timedOut ? ', timed out' : ''}): counted as 1 failed`);
    return;
  }
  const json = JSON.parse(readFileSync(output, 'utf8')) as PlaywrightReport;
  result.passed += json.stats.expected + json.stats.flaky;
  result.failed += json.stats.unexpected;
  if (json.stats.flaky) result.problems.push(`${json.stats.flaky} tests passed only on retry (flaky)`);
  result.problems.push(...playwrightProblems(json.suites));
  if (json.stats.skipped) result.problems.push(`${json.stats.skipped} tests skipped (not counted)`);
  // Errors outside tests (global setup, a spec that does not load) fail the run without a failed test.
  if (json.errors.length) {
    result.failed += json.errors.length;
    for (const error of json.errors) result.problems.push(`error outside tests: ${error.message?.split('\n')[0] ?? ''}`);
  }
  if (json.stats.expected + json.stats.unexpected + json.stats.flaky === 0 && !json.errors.length) {
    result.failed += 1;
    result.problems.push('no tests ran: counted as 1 failed');
  }
  if (timedOut) {
    result.failed += 1;
    result.problems.push(`timed out after ${TIMEOUT.playwright / MINUTE} min: counted as 1 failed`);
  } else if (code !== 0 && result.failed === 0) {
    result.failed += 1;
    result.problems.push(`playwright exited with code ${code} without a failing test: counted as 1 failed`);
  }
}

/** tests/prepare.sh: chromium and PostgreSQL, each either ready or missing with a reason. */
function prepare(): { chromium: string | null; chromiumMissing: string; databaseUrl: string | null; postgresMissing: string } {
  heading('Preparing the machine (tests/prepare.sh)');
  const prepared = spawnSync('bash', [join(root, 'tests', 'prepare.sh')], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = (prepared.stdout ?? '').split('\n');
  const value = (key: string) =>
    lines.find((l) => l.startsWith(`${key}=`))?.slice(key.length + 1) ?? 'missing:tests/prepare.sh did not answer';
  const chromium = value('chromium');
  const postgres = value('postgres');
  console.log(`chromium: ${chromium}\npostgres: ${postgres}`);
  return {
    chromium: chromium === 'ok' ? chromium : null,
    chromiumMissing: chromium.replace(/^missing:/, ''),
    databaseUrl: postgres.startsWith('missing:') ? null : postgres,
    postgresMissing: postgres.replace(/^missing:/, ''),
  };
}

async function main(): Promise<number> {
  mkdirSync(reports, { recursive: true });
  const machine = prepare();

  await layer('Lint and format (biome check)', (r) => singleCheck(r, bin('biome'), ['check', '.'], TIMEOUT.check).then(() => {}));
  await layer('Type-check (tsc --noEmit)', (r) =>
    singleCheck(r, bin('tsc'), ['--noEmit', '-p', 'tsconfig.json'], TIMEOUT.check).then(() => {}),
  );
  await layer('Unit and component tests (vitest, project unit)', (r) => vitestLayer(r, 'unit', 'unit.json', {}));
  await layer('API tests on PGlite (vitest, project api, TEST_DB=pglite)', (r) =>
    vitestLayer(r, 'api', 'api-pglite.json', { TEST_DB: 'pglite' }),
  );
  await layer('API tests on PostgreSQL (vitest, project api, TEST_DB=postgres)', async (r) => {
    if (!machine.databaseUrl) return notRun(r, `PostgreSQL is not available: ${machine.postgresMissing}`);
    await vitestLayer(r, 'api', 'api-postgres.json', { TEST_DB: 'postgres', TEST_DATABASE_URL: machine.databaseUrl });
  });
  const build = await layer('Production build (browser app and server bundle, npm run build)', (r) =>
    singleCheck(r, process.execPath, ['server/cli/start.mjs', '--build-only'], TIMEOUT.check).then(() => {}),
  );
  await layer('End-to-end tests in Chromium (playwright)', async (r) => {
    if (!machine.chromium) return notRun(r, `Chromium is not available: ${machine.chromiumMissing}`);
    if (build.failed) return notRun(r, 'the production build failed, so there is no app to test');
    await playwrightLayer(r);
  });

  heading('Summary');
  for (const r of results) {
    const mark = r.failed ? 'FAIL' : 'ok  ';
    console.log(
      `${mark} ${r.name.padEnd(66)} ${String(r.passed).padStart(4)} passed ${String(r.failed).padStart(3)} failed  ${r.seconds}s`,
    );
    for (const problem of r.problems) console.log(`       ${problem}`);
  }
  const passed = results.reduce((sum, r) => sum + r.passed, 0);
  const failed = results.reduce((sum, r) => sum + r.failed, 0);
  console.log(`\n${passed} passed, ${failed} failed`);
  return failed ? 1 : 0;
}

process.exitCode = await main();
