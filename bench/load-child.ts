// The load of the profile benchmark, in a process of its own so that it does
// not share the server's event loop: `node --import tsx bench/load-child.ts`
// with one JSON argument, printing one JSON line with its result.
//   {"kind": "cannon", "url", "token", "paths": [...], "connections", "seconds"}
//     requests cycle through the paths (autocannon); answers req/s and latencies.
//   {"kind": "ratings", "url", "token", "ids": [...], "perSecond", "seconds"}
//     FS ratings through the API, at a steady rate.
//   {"kind": "upserts", "databaseUrl", "perSecond", "batch", "seconds", "seed"}
//     profiles upserted by external_id in batches (half new, half changed), as a retrieval does.
//   {"kind": "retrieval", "databaseUrl", "url", "token", "people", "seed"}
//     this process is a job worker (`npm run worker`); it makes a synthetic data source of
//     `people` and retrieves it through the API, again and again until stopped (then cancels
//     the one running and reports the profiles written a second).
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { openDatabase } from '../server/db/connect';
import { makeProfile } from '../server/vocabulary/people';
import { Random } from '../server/vocabulary/random';
import Fastify from 'fastify';
import os from 'node:os';
import { startJobs } from '../server/queue/job-queue';
import { createMailer } from '../server/mail/mailer';
import { jobDefinitions } from '../server/jobs';
import { SecretBox, registerSecretBox } from '../server/accounts/secret-box';

type Job =
  | { kind: 'cannon'; url: string; token: string; paths: string[]; connections: number; seconds: number }
  | { kind: 'ratings'; url: string; token: string; ids: number[]; perSecond: number; seconds: number }
  | { kind: 'upserts'; databaseUrl: string; perSecond: number; batch: number; seconds: number; seed: number }
  | { kind: 'retrieval'; databaseUrl: string; url: string; token: string; people: number; seed: number };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

async function cannon(job: Extract<Job, { kind: 'cannon' }>) {
  let next = 0;
  const result = await autocannon({
    url: job.url,
    connections: job.connections,
    duration: job.seconds,
    headers: { authorization: `Token ${job.token}`, 'accept-encoding': 'br, gzip' },
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: job.paths[next++ % job.paths.length] }) }],
  });
  return {
    requestsPerSecond: result.requests.average,
    requests: result.requests.total,
    p50: result.latency.p50,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/** Set by SIGTERM: the writers stop and report. */
let stopping = false;
process.on('SIGTERM', () => (stopping = true));

/**
 * Steady writes: `write` started `perSecond` times a second on schedule, up to
 * `concurrency` at once (a slow answer does not lower the rate).
 */
async function steady(perSecond: number, seconds: number, write: (n: number) => Promise<void>, concurrency = 1) {
  process.stdout.write('ready\n');
  const started = performance.now();
  const durations: number[] = [];
  const running = new Set<Promise<void>>();
  let n = 0;
  while (!stopping && performance.now() - started < seconds * 1000) {
    await sleep(started + (n * 1000) / perSecond - performance.now());
    if (running.size >= concurrency) await Promise.race(running);
    const at = performance.now();
    const done: Promise<void> = write(n++).then(() => {
      durations.push(performance.now() - at);
      running.delete(done);
    });
    running.add(done);
  }
  await Promise.all(running);
  const elapsed = (performance.now() - started) / 1000;
  durations.sort((a, b) => a - b);
  return {
    writes: durations.length,
    perSecond: durations.length / elapsed,
    p50: durations[Math.floor(durations.length / 2)] ?? 0,
    max: durations.at(-1) ?? 0,
  };
}

async function ratings(job: Extract<Job, { kind: 'ratings' }>) {
  return steady(
    job.perSecond,
    job.seconds,
    async (n) => {
      const id = job.ids[n % job.ids.length];
      const response = await fetch(`${job.url}/api/v1/profiles/${id}/app-rating/`, {
        method: 'POST',
        headers: { authorization: `Token ${job.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ app_rating: (n % 1000) / 100 }),
      });
      if (!response.ok) throw new Error(`app-rating → ${response.status} ${await response.text()}`);
      await response.arrayBuffer();
    },
    8,
  );
}

async function upserts(job: Extract<Job, { kind: 'upserts' }>) {
  const handle = await openDatabase({ databaseUrl: job.databaseUrl, poolSize: 2 });
  const { db } = handle;
  try {
    const companies = await db.selectFrom('company').select(['id', 'name']).limit(200).execute();
    const sources = (await db.selectFrom('data_source').select('id').execute()).map((r) => r.id);
    // people already there whose headline, location and ratings a later run changes
    const { rows } = await sql<{ external_id: string }>`SELECT external_id FROM profile TABLESAMPLE SYSTEM (20) LIMIT 100000`.execute(db);
    const known = rows.map((r) => r.external_id);
    const rng = new Random(job.seed);
    return await steady(job.perSecond / job.batch, job.seconds, async (n) => {
      const seen = new Set<string>();
      const profiles = Array.from({ length: job.batch }, (_, i) => {
        const generated = makeProfile(job.seed, 10_000_000 + n * job.batch + i, companies, sources).profile;
        const external_id = i % 2 === 0 || known.length === 0 ? `bench-upsert-${job.seed}-${n}-${i}` : rng.pick(known);
        return { ...generated, external_id };
      }).filter((p) => !seen.has(p.external_id) && seen.add(p.external_id));
      await db
        .insertInto('profile')
        .values(profiles)
        .onConflict((oc) =>
          oc.column('external_id').doUpdateSet((eb) => ({
            headline: eb.ref('excluded.headline'),
            location: eb.ref('excluded.location'),
            tech_rating: eb.ref('excluded.tech_rating'),
            education_rating: eb.ref('excluded.education_rating'),
            updated_at: sql`now()`,
          })),
        )
        .execute();
    });
  } finally {
    await handle.close();
  }
}

async function retrieval(job: Extract<Job, { kind: 'retrieval' }>) {
  os.setPriority(10); // as `npm run worker` does (WORKER_NICE)
  const handle = await openDatabase({ databaseUrl: job.databaseUrl, poolSize: 4 });
  const log = Fastify({ logger: { level: 'warn' } }).log;
  registerSecretBox(handle.db, new SecretBox('bench'));
  const jobs = await startJobs(handle, jobDefinitions, log, {
    databaseUrl: job.databaseUrl,
    work: true,
    mailer: createMailer({ from: 'bench@localhost', log }),
    appUrl: job.url,
  });
  const call = async (method: string, path: string, body?: object) => {
    const response = await fetch(`${job.url}/api/v1${path}`, {
      method,
      headers: { authorization: `Token ${job.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body ?? {}),
    });
    const answer = await response.json();
    if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${JSON.stringify(answer)}`);
    return answer;
  };
  const source = await call('POST', '/data-sources/', {
    name: `Bench retrieval ${job.seed}`,
    source_type: 'synthetic',
    additional_data: { people: String(job.people), seed: String(job.seed) },
  });
  let execution = await call('POST', `/data-sources/${source.id}/retrieval/`);
  const read = async () =>
    await handle.db.selectFrom('execution').select(['status', 'progress']).where('id', '=', execution.id).executeTakeFirstOrThrow();
  for (let state = await read(); state.status === 'PENDING'; state = await read()) await sleep(100);
  const started = performance.now();
  process.stdout.write('ready\n');
  // one retrieval after another (the first creates the people, later ones refresh them) until stopped
  let processed = 0;
  const runs: string[] = [];
  for (;;) {
    await sleep(200);
    const state = await read();
    if (stopping) {
      if (state.status === 'STARTED' || state.status === 'PENDING') await call('POST', `/executions/${execution.id}/cancel/`);
      processed += (await read()).progress.processed;
      runs.push(`${state.status} ${state.progress.processed}`);
      break;
    }
    if (['SUCCESS', 'FAILURE', 'REVOKED'].includes(state.status)) {
      processed += state.progress.processed;
      runs.push(`${state.status} ${state.progress.processed}`);
      execution = await call('POST', `/data-sources/${source.id}/retrieval/`);
    }
  }
  const elapsed = (performance.now() - started) / 1000;
  await jobs.stop();
  // what it added stays (removing 100,000 profiles would take longer than the case): the bench's
  // database grows by what the retrieval created, as with the upserts case
  await handle.close();
  return { writes: processed, perSecond: processed / elapsed, runs };
}

const isMain = process.argv[1] === fileURLToPath(import.meta.url);
if (isMain) {
  const job = JSON.parse(process.argv[2]) as Job;
  const result =
    job.kind === 'cannon'
      ? await cannon(job)
      : job.kind === 'ratings'
        ? await ratings(job)
        : job.kind === 'retrieval'
          ? await retrieval(job)
          : await upserts(job);
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

/** Runs a job in a child process: `ready` once a writer writes, `result` when it ends, `stop()` ends a writer early. */
export function runChild(job: Job): { ready: Promise<void>; result: Promise<any>; stop(): Promise<any> } {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), JSON.stringify(job)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  let markReady = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  child.stdout.on('data', (chunk) => {
    output += chunk;
    if (output.includes('ready\n')) markReady();
  });
  const result = new Promise((resolve, reject) => {
    child.on('exit', (code) => {
      markReady();
      if (code === 0) resolve(JSON.parse(output.trim().split('\n').at(-1)!));
      else reject(new Error(`bench child ${job.kind} exited with ${code}`));
    });
  });
  return {
    ready,
    result,
    stop() {
      child.kill('SIGTERM');
      return result;
    },
  };
}
