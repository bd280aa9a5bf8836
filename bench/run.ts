import { parseArgs } from 'node:util';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { benchStartup } from './startup';
import { benchUsers } from './users';
import { benchProfiles } from './profiles';
import type { CaseName } from './profile-cases';
import { benchLighthouse } from './lighthouse';
import { benchIngestion } from './ingestion';
import { benchSignals } from './signals';
import { benchPreview } from './preview';
import { benchSoak } from './soak';
import { benchIndexRestart } from './index-restart';
import { benchTerms } from './terms';
import { table } from './stats';
import { otherCheckoutRows, sideBySide, withoutAgainst } from './against';

/**
 * `npm run bench [-- startup|users|profiles|lighthouse …]`. Never a test: it prints figures to copy
 * into docs/PERFORMANCE.md. PostgreSQL parts use databases of their own on the local server
 * (BENCH_PG, default the local socket as the current user): bench_users, bench_profiles.
 * `lighthouse` runs only when named (it fetches lighthouse 12.8 through npx), and so does `ingestion`
 * (database bench_ingestion, emptied at each run), and `signals` (PostgreSQL only: database bench_signals,
 * emptied at each run; `--signals-people` watched people), and `preview` (the rule preview over 30 days of
 * change log: database bench_preview, seeded once and reused; PGlite at `--pglite-profiles` in a
 * data directory of its own, also reused; `--preview-lists`, `--preview-runs`), and `soak` (PostgreSQL: database
 * bench_soak, emptied at each run; the built server with two web processes and a worker under load
 * while a web process and the worker are killed; `--soak-seconds`, `--soak-connections`, `--soak-people`), and `terms`
 * (the search part of the profile index alone, over documents generated in memory; `--terms-profiles 1000000,10000000`).
 * `--against DIR`: startup and lighthouse take turns with that checkout; profiles runs it after ours, row beside row.
 */
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    'pg-profiles': { type: 'string', default: '1000000' },
    /** the PostgreSQL database of the profiles bench (e.g. bench_preview, which holds a million already) */
    'pg-database': { type: 'string', default: 'bench_profiles' },
    /** profiles on PostgreSQL: the built server with each of these numbers of web processes, side by side (e.g. 1,2) */
    'web-processes': { type: 'string' },
    'pglite-profiles': { type: 'string', default: '100000' },
    'no-pg': { type: 'boolean', default: false },
    'no-pglite': { type: 'boolean', default: false },
    'startup-runs': { type: 'string', default: '5' },
    'lighthouse-runs': { type: 'string', default: '5' },
    /** only these screens, by path, comma-separated (e.g. /profiles) */
    'lighthouse-paths': { type: 'string', default: '' },
    against: { type: 'string' },
    cases: { type: 'string', default: 'idle,ratings,upserts' },
    /** people in the profiles bench's retrieval case (--cases …,retrieval) */
    'retrieval-people': { type: 'string', default: '100000' },
    'load-seconds': { type: 'string', default: '15' },
    /** profiles: check the counts of only the mix's first N queries against SQL (at ten million a SQL count takes seconds) */
    'count-checks': { type: 'string' },
    /** profiles: print the N slowest queries of the mix and each kind's times, per case and role */
    slowest: { type: 'string', default: '0' },
    /** profiles, in-process server: its CPU profile over each load run, to <prefix>-<case>-<role>.cpuprofile (bench/cpu-profile.ts sums it up) */
    'cpu-profile': { type: 'string' },
    /** profiles, in-process server, what-if: the index's remembered-sets budget in MB (a rebuild drops it) */
    'remembered-mb': { type: 'string' },
    /** profiles: the index warms the sets the last run remembered (keys beside its snapshot) and the mix is timed after; rows marked */
    warm: { type: 'boolean', default: false },
    /** profiles, PostgreSQL: leave the profile table's pages where they are instead of reading them into the page cache first */
    'cold-table': { type: 'boolean', default: false },
    connections: { type: 'string', default: '32' },
    'ingest-profiles': { type: 'string', default: '100000' },
    'pglite-ingest-profiles': { type: 'string', default: '100000' },
    'signals-people': { type: 'string', default: '10000' },
    'signals-wait-seconds': { type: 'string', default: '900' },
    'preview-lists': { type: 'string', default: '100,5000,50000,1000000' },
    'preview-runs': { type: 'string', default: '20' },
    'soak-seconds': { type: 'string', default: '60' },
    'soak-connections': { type: 'string', default: '64' },
    'soak-people': { type: 'string', default: '20000' },
    'terms-profiles': { type: 'string', default: '1000000' },
  },
});
const parts = positionals.length ? positionals : ['startup', 'users', 'profiles'];
const base = process.env.BENCH_PG ?? `postgresql://${os.userInfo().username}@%2Fvar%2Frun%2Fpostgresql`;
const pgUrl = (db: string) => `${base}/${db}`;

async function ensureDatabase(name: string): Promise<string | undefined> {
  if (values['no-pg']) return undefined;
  const client = new pg.Client({ connectionString: pgUrl('postgres') });
  try {
    await client.connect();
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE ${name}`);
    return pgUrl(name);
  } catch (error) {
    console.warn(
      `PostgreSQL not available (${(error as Error).message}): its figures are skipped. Start it (pg_ctlcluster 15 main start) or pass --no-pg.`,
    );
    return undefined;
  } finally {
    await client.end().catch(() => {});
  }
}

console.log(`Machine: ${os.cpus().length} × ${os.cpus()[0]?.model}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}\n`);

if (parts.includes('startup')) {
  console.log('## Cold start to first answer\n');
  const startup = { databaseUrl: await ensureDatabase('bench_startup'), runs: Number(values['startup-runs']), against: values.against };
  console.log(`${table(await benchStartup(startup))}\n`);
}
if (parts.includes('users')) {
  console.log('## Users list over 10,000 users (200 queries, ms)\n');
  const rows = [{ database: 'PGlite (embedded)', ...(await benchUsers({})) }];
  const url = await ensureDatabase('bench_users');
  if (url) rows.push({ database: 'PostgreSQL 15', ...(await benchUsers({ databaseUrl: url })) });
  console.log(`${table(rows)}\n`);
}
if (parts.includes('profiles')) {
  console.log('## Profiles list: fixed mix of 200 queries, one at a time and under load, while each case writes\n');
  const options = {
    cases: values.cases.split(',').filter(Boolean) as CaseName[],
    seconds: Number(values['load-seconds']),
    connections: Number(values.connections),
    retrievalPeople: Number(values['retrieval-people']),
    countChecks: values['count-checks'] ? Number(values['count-checks']) : undefined,
    slowest: Number(values.slowest),
    cpuProfile: values['cpu-profile'],
    rememberedMb: values['remembered-mb'] ? Number(values['remembered-mb']) : undefined,
    warm: values.warm,
    coldTable: values['cold-table'],
  };
  const rows: Record<string, string | number>[] = [];
  if (!values['no-pglite']) {
    const pglite = await benchProfiles(
      { dataDir: path.join(os.tmpdir(), `bench-pglite-${values['pglite-profiles']}`) },
      Number(values['pglite-profiles']),
      options,
    );
    for (const r of pglite.rows) rows.push({ database: `PGlite, ${pglite.profiles} profiles`, ...r });
  }
  const url = await ensureDatabase(values['pg-database']);
  if (url) {
    for (const webProcesses of values['web-processes']?.split(',').map(Number) ?? [undefined]) {
      const postgres = await benchProfiles({ databaseUrl: url }, Number(values['pg-profiles']), { ...options, webProcesses });
      const servers = webProcesses ? `, npm start × ${webProcesses} web process${webProcesses > 1 ? 'es' : ''}` : '';
      for (const r of postgres.rows) rows.push({ database: `PostgreSQL 15, ${postgres.profiles} profiles${servers}`, ...r });
    }
  }
  // the other checkout's run comes after ours, on the same databases (its own index: a snapshot of other code is rebuilt)
  const against = values.against
    ? await otherCheckoutRows(values.against, [
        'profiles',
        ...withoutAgainst(process.argv.slice(2)).filter((arg) => !positionals.includes(arg)),
      ])
    : undefined;
  console.log(
    `${table(against ? sideBySide(rows, against, values.against!, (r) => `${String(r.database).split(',')[0]} ${r.case} ${r.role}`) : rows)}\n`,
  );
}
if (parts.includes('ingestion')) {
  console.log('## Ingestion: a retrieval of a local NDJSON feed, annotation and change log included\n');
  const rows = await benchIngestion({
    databaseUrl: await ensureDatabase('bench_ingestion'),
    pglite: !values['no-pglite'],
    profiles: Number(values['ingest-profiles']),
    pgliteProfiles: Number(values['pglite-ingest-profiles']),
  });
  console.log(`${table(rows)}\n`);
}
if (parts.includes('signals')) {
  console.log('## Signals check: scripted changes through a real retrieval, notifications against the oracle, mails\n');
  const result = await benchSignals({
    databaseUrl: await ensureDatabase('bench_signals'),
    watched: Number(values['signals-people']),
    waitSeconds: Number(values['signals-wait-seconds']),
  });
  if (result) {
    console.log(`${table(result.kinds)}\n\n${table(result.rows)}\n`);
    console.log(result.discrepancies.length ? `Discrepancies:\n${result.discrepancies.join('\n')}\n` : 'No discrepancy.\n');
  }
}
if (parts.includes('preview')) {
  console.log('## Rule preview: GET /rules/preview/ over 30 days of change log, per list size and rule (ms)\n');
  const options = { lists: values['preview-lists'].split(',').map(Number), runs: Number(values['preview-runs']) };
  const rows: Record<string, string | number>[] = [];
  const url = await ensureDatabase('bench_preview');
  if (url) {
    const postgres = await benchPreview({ databaseUrl: url }, { ...options, profiles: Number(values['pg-profiles']) });
    for (const r of postgres.rows)
      rows.push({ database: `PostgreSQL 15, ${postgres.profiles} profiles, ${postgres.changes} changes`, ...r });
  }
  if (!values['no-pglite']) {
    const dataDir = path.join(os.tmpdir(), `bench-preview-pglite-${values['pglite-profiles']}`);
    const pglite = await benchPreview({ dataDir }, { ...options, profiles: Number(values['pglite-profiles']) });
    for (const r of pglite.rows) rows.push({ database: `PGlite, ${pglite.profiles} profiles, ${pglite.changes} changes`, ...r });
  }
  console.log(`${table(rows)}\n`);
}
if (parts.includes('soak')) {
  const databaseUrl = await ensureDatabase('bench_soak');
  if (databaseUrl) {
    const seconds = Number(values['soak-seconds']);
    const connections = Number(values['soak-connections']);
    console.log(
      `## Soak: every list endpoint, ${connections} connections for ${seconds} s, two web processes and a worker, faults injected\n`,
    );
    const soak = await benchSoak({ databaseUrl, seconds, connections, people: Number(values['soak-people']) });
    console.log(`${table(soak.rows)}\n\n${table([soak.totals])}\n`);
    console.log(`Events:\n${soak.events.map((e) => `- ${e}`).join('\n')}\n`);
    console.log(
      soak.failures.length
        ? `Failed requests (${soak.failures.length}):\n${soak.failures.slice(0, 50).join('\n')}\n`
        : 'No failed request.\n',
    );
    const f = soak.findings;
    console.log(
      `Jobs: ${f.executions} retrieval executions (${f.retried} retried attempts), ${f.notifications} notifications, ${f.mails} mails (${f.earlierMailed} for the demo data's own notifications)`,
    );
    console.log(f.problems.length ? `Lost or twice:\n${f.problems.slice(0, 50).join('\n')}\n` : 'Nothing lost, nothing twice.\n');
  }
}
if (parts.includes('index-restart')) {
  // PostgreSQL's --pg-database (e.g. bench_preview: a million profiles); 1,000 ratings change while the server is down
  console.log('## Profile index: restart to the first exact count, built or from its snapshot\n');
  const url = await ensureDatabase(values['pg-database']);
  if (url) console.log(`${table(await benchIndexRestart({ databaseUrl: url }, { changes: 1000 }))}\n`);
}
if (parts.includes('terms')) {
  console.log('## Search terms: the token index over generated documents (build, memory by part, a new term per length, slices)\n');
  for (const rows of await benchTerms(values['terms-profiles'].split(',').map(Number))) console.log(`${table(rows)}\n`);
}
if (parts.includes('lighthouse')) {
  console.log('## Lighthouse, mobile preset, performance (median run)\n');
  console.log(
    `${table(
      await benchLighthouse({
        runs: Number(values['lighthouse-runs']),
        against: values.against,
        paths: values['lighthouse-paths'].split(',').filter(Boolean),
      }),
    )}\n`,
  );
}
