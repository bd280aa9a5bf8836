// `npm run bench -- soak` (issue 19, part 7): the built server with two web processes and an
// `npm run worker` on a PostgreSQL database of its own (emptied, demo data), `connections`
// connections for `seconds` over every list endpoint (GET /api/v1/<entity>/ as a staff user) while
// a retrieval runs and the notifications it raises are mailed to a capture SMTP. A third of the
// way in a web process is killed with SIGKILL (the supervisor starts another), half way the worker
// (this bench starts another). Reports requests, errors with when they happened, p50/p99 per
// endpoint, then checks that no job was lost or done twice (bench/soak-checks.ts).
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { openDatabase } from '../server/db/connect';
import { emptyPostgres } from '../server/db/empty-postgres';
import { startSmtpCapture } from '../tests/support/smtp';
import { freePort, startWebProcessesAndWorker, startWorker, webProcesses, type RunningProcess } from '../tests/support/processes';
import { signIn } from './server-under-test';
import { checkNothingLostOrTwice, marks, untilQuiet } from './soak-checks';

export interface SoakOptions {
  databaseUrl: string;
  seconds: number;
  connections: number;
  /** people of the synthetic source retrieved (once before the load, again during it) */
  people: number;
}

const ADMIN = { email: 'soak@bench.test', password: 'soak-password-1' };
/** quick recovery, as the crash tests have it: a silent worker is presumed dead after 10 s */
const TIMING = { JOB_HEARTBEAT_SECONDS: '10', JOB_SUPERVISE_SECONDS: '1', JOB_RETRY_DELAY_SECONDS: '0', NOTIFY_RETRY_SECONDS: '1' };
const round = (ms: number) => Math.round(ms * 10) / 10;
const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] : 0;

/** The list endpoints, from the OpenAPI description: GET operations without a path parameter answering `{count, results}`. */
async function listEndpoints(base: string): Promise<string[]> {
  const doc = (await (await fetch(`${base}/api/docs/json`)).json()) as { paths: Record<string, Record<string, any>> };
  return Object.entries(doc.paths)
    .filter(([path, ops]) => path.startsWith('/api/v1/') && !path.includes('{') && ops.get)
    .filter(([, ops]) => {
      const schema = ops.get.responses?.['200']?.content?.['application/json']?.schema;
      return schema?.properties?.results && schema?.properties?.count;
    })
    .map(([path]) => (path.endsWith('/') ? path : `${path}/`));
}

export async function benchSoak(options: SoakOptions) {
  const { databaseUrl } = options;
  await emptyPostgres(databaseUrl);
  const smtp = await startSmtpCapture();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = { ...TIMING, DATABASE_URL: databaseUrl, SECRET_KEY: 'soak secret', SMTP_URL: smtp.url, APP_URL: base, LOG_LEVEL: 'info' };
  const started: RunningProcess[] = [];
  const handle = await openDatabase({ databaseUrl });
  try {
    const service = await startWebProcessesAndWorker(env, {
      port,
      web: { WORKERS: '0', DEMO_DATA: '1', ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
      options: { requestLines: false },
      started: (p) => started.push(p),
    });
    const { server } = service;
    let { worker } = service;
    const token = await signIn(base, ADMIN.email, ADMIN.password);
    const call = async <T>(method: string, url: string, body?: object) => {
      const response = await fetch(`${base}/api/v1${url}`, {
        method,
        headers: { authorization: `Token ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body && JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${method} ${url} → ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    };
    const paths = await listEndpoints(base);

    // the world the load runs in: a source retrieved once, a list of its people watched by a rule
    const source = await call<{ id: number }>('POST', '/data-sources/', {
      name: 'Soak',
      source_type: 'synthetic',
      additional_data: { people: String(options.people), seed: '1919', change_share: '20' },
      schedule: null,
    });
    const retrieve = () => call<{ id: number }>('POST', `/data-sources/${source.id}/retrieval/`);
    const since = await marks(handle.db);
    await retrieve();
    if (!(await untilQuiet(handle.db, since, 15 * 60_000))) throw new Error('the first retrieval did not finish');
    const watched = await handle.db
      .selectFrom('profile')
      .select('id')
      .where(sql<boolean>`data_source_ids @> ARRAY[${source.id}::int]`)
      .orderBy('id')
      .limit(300)
      .execute();
    const list = await call<{ id: number }>('POST', '/profile-lists/', { name: 'Soak watch', profiles: watched.map((p) => p.id) });
    await call('POST', '/rules/', {
      name: 'Soak: any move',
      model_name: 'Job',
      attribute: 'company',
      operator: 'changed',
      value: '*',
      notification_type: 'Email',
      priority: 'High',
      profile_lists: [list.id],
    });

    // the load, with per-endpoint latencies: autocannon reports the request a response answers
    // just before its own 'response' event
    const latencies = paths.map(() => [] as number[]);
    const failures: { at: number; what: string }[] = [];
    let answered = -1;
    const t0 = Date.now();
    const events: string[] = [];
    const note = (what: string) => events.push(`${((Date.now() - t0) / 1000).toFixed(1)} s: ${what}`);
    let settle: (error: Error | null, done: autocannon.Result) => void = () => {};
    const result = new Promise<autocannon.Result>((resolve, reject) => {
      settle = (error, done) => (error ? reject(error) : resolve(done));
    });
    const instance = autocannon(
      {
        url: base,
        connections: options.connections,
        duration: options.seconds,
        headers: { authorization: `Token ${token}` },
        requests: paths.map((path, i) => ({
          method: 'GET',
          path,
          onResponse: () => {
            answered = i;
          },
        })),
      },
      (error, done) => settle(error, done),
    );
    instance.on('response', (_client: unknown, status: number, _bytes: number, ms: number) => {
      if (answered >= 0) latencies[answered].push(ms);
      if (status < 200 || status >= 300) failures.push({ at: Date.now() - t0, what: `${status} ${paths[answered]}` });
    });
    instance.on('reqError', (error: Error) => failures.push({ at: Date.now() - t0, what: error.message }));

    await retrieve();
    note('second retrieval queued');
    const faults = (async () => {
      await new Promise((resolve) => setTimeout(resolve, (options.seconds * 1000) / 3));
      const victim = webProcesses(server).get(2)!;
      process.kill(victim, 'SIGKILL');
      note(`web process 2 (pid ${victim}) killed with SIGKILL`);
      const back = await server.waitForLog((l) => l.msg === 'web process 2 answers' && l.workerPid !== victim);
      note(`web process 2 answers again (pid ${back.workerPid})`);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, (options.seconds * 1000) / 2 - (Date.now() - t0))));
      const running = await handle.db
        .selectFrom('execution')
        .select('status')
        .where('id', '>', since.execution)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      await worker.stop('SIGKILL');
      note(`worker (pid ${worker.pid}) killed with SIGKILL, the retrieval being ${running?.status}`);
      worker = startWorker(env);
      started.push(worker);
      await worker.waitForLog((l) => l.msg === 'worker ready');
      note(`a new worker (pid ${worker.pid}) ready`);
    })();
    const load = await result;
    await faults;
    note('load over');
    const quiet = await untilQuiet(handle.db, since, 15 * 60_000);
    note(quiet ? 'every execution finished, no notification pending' : 'still busy after 15 minutes');
    // the last mails may still be on their way from the worker's SMTP connection
    const findings = await checkNothingLostOrTwice(handle.db, since, smtp.messages);

    const rows = paths.map((path, i) => {
      const sorted = latencies[i].sort((a, b) => a - b);
      return {
        endpoint: `GET ${path}`,
        requests: sorted.length,
        'p50 ms': round(percentile(sorted, 0.5)),
        'p99 ms': round(percentile(sorted, 0.99)),
      };
    });
    return {
      rows,
      totals: {
        requests: load.requests.total,
        'req/s': Math.round(load.requests.average),
        'p50 ms': load.latency.p50,
        'p99 ms': load.latency.p99,
        non2xx: load.non2xx,
        errors: load.errors,
        timeouts: load.timeouts,
      },
      failures: failures.map((f) => `${(f.at / 1000).toFixed(1)} s: ${f.what}`),
      events,
      findings,
    };
  } finally {
    for (const process_ of started.reverse()) await process_.stop('SIGTERM');
    await handle.close();
    await smtp.close();
  }
}
