// Ingestion throughput (issue "Data operations" 9): a retrieval of a local feed of people in
// the import format — annotation and change log included — timed from the execution's start to
// its end. PostgreSQL: `npm run worker` processes do the work (1, then 2 retrievals at once on
// 2 workers); PGlite: the server itself (embedded, as `npm start`).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/connect';
import { buildApp } from '../server/app';
import { hashPassword } from '../server/accounts/passwords';
import { insertUser } from '../server/accounts/users';
import { issueToken } from '../server/accounts/tokens';
import { syntheticPerson } from '../server/connectors/synthetic';
import { makeCompany } from '../server/vocabulary/people';
import { connectorFor } from '../server/connectors';
import type { Execution } from '../types/api';
import { emptyPostgres } from '../server/db/empty-postgres';

const root = path.resolve(import.meta.dirname, '..');
const FEED_TYPE = 'profile_feed';

/**
 * NDJSON files of `count` people (the synthetic network's, seed 20261124), written once and
 * reused: the whole feed, and its halves (every 2nd line from 0 and from 1) for two retrievals.
 */
function feedFiles(count: number): string {
  const dir = path.join(os.tmpdir(), `bench-feed-${count}`);
  if (fs.existsSync(path.join(dir, 'done'))) return dir;
  fs.mkdirSync(dir, { recursive: true });
  const seed = 20261124;
  const settings = { people: count, seed, share: 0, countries: [] };
  const pool = Array.from({ length: 60 }, (_, c) => {
    const { external_id, name, description, year_founded, location, industry, company_size } = makeCompany(seed, c);
    return { external_id, name, description, year_founded, location, industry, company_size };
  });
  const files = ['0-1', '0-2', '1-2'].map((name) => fs.openSync(path.join(dir, `${name}.ndjson`), 'w'));
  for (let i = 0; i < count; i += 1000) {
    const lines: string[][] = [[], [], []];
    for (let k = i; k < Math.min(count, i + 1000); k++) {
      const line = JSON.stringify(syntheticPerson(settings, pool, k, 0));
      lines[0].push(line);
      lines[1 + (k % 2)].push(line);
    }
    lines.forEach((part, f) => {
      if (part.length) fs.writeSync(files[f], `${part.join('\n')}\n`);
    });
  }
  files.forEach((file) => {
    fs.closeSync(file);
  });
  fs.writeFileSync(path.join(dir, 'done'), '');
  return dir;
}

/**
 * Serves the feed as a static file server would (the file piped as it is, so that the
 * benchmark's own CPU stays out of the figures); `?part=i/n` serves part i of n (n = 1 or 2).
 */
async function serveFeed(dir: string): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    const part = new URL(request.url ?? '/', 'http://x').searchParams.get('part') ?? '0/1';
    const file = path.join(dir, `${part.replace('/', '-')}.ndjson`);
    if (!fs.existsSync(file)) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'application/x-ndjson' });
    fs.createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/people.ndjson`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

function startWorker(databaseUrl: string): Promise<ChildProcess> {
  // BENCH_WORKER_NODE_ARGS: extra node flags for the workers (e.g. `--cpu-prof --cpu-prof-dir=…`)
  const extra = process.env.BENCH_WORKER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...extra, '--import', 'tsx', 'server/cli/worker.ts'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, ALLOW_PRIVATE_FEEDS: '1', SECRET_KEY: 'bench', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    const look = (chunk: Buffer) => {
      output += chunk;
      if (/worker ready/.test(output)) resolve(child);
    };
    child.stdout!.on('data', look);
    child.stderr!.on('data', look);
    child.once('exit', (code) => reject(new Error(`worker exited (${code}):\n${output}`)));
  }).then((c) => c as ChildProcess);
}

interface Run {
  label: string;
  profiles: number;
  seconds: number;
  perSecond: number;
}

/**
 * One case: `parts` retrievals of the feed at once (each of 1/parts of it), on a fresh
 * database; `workers` worker processes on PostgreSQL (0: the server's own, embedded).
 */
async function runCase(
  label: string,
  target: { databaseUrl?: string },
  feedUrl: string,
  count: number,
  parts: number,
  workers: number,
): Promise<Run> {
  if (target.databaseUrl) await emptyPostgres(target.databaseUrl);
  const dataDir = target.databaseUrl ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'bench-ingest-'));
  const config = {
    ...loadConfig({ LOG_LEVEL: 'warn', SECRET_KEY: 'bench', ALLOW_PRIVATE_FEEDS: '1' }),
    databaseUrl: target.databaseUrl,
    dataDir: dataDir ?? '/tmp/unused',
  };
  const handle = await openDatabase({ databaseUrl: target.databaseUrl, dataDir });
  const app = await buildApp({ config, handle, logger: false, workers: !target.databaseUrl });
  const children: ChildProcess[] = [];
  try {
    await app.ready();
    for (let i = 0; i < workers; i++) children.push(await startWorker(target.databaseUrl!));
    const owner = await insertUser(handle.db, {
      email: 'bench-ingest@example.test',
      password_hash: await hashPassword('x'),
      is_active: true,
    });
    const token = await issueToken(handle.db, owner.id);
    const call = async (method: 'GET' | 'POST', url: string, payload?: object) =>
      (await app.inject({ method, url, payload, headers: { authorization: `Token ${token}` } })).json();
    const ids: number[] = [];
    for (let part = 0; part < parts; part++) {
      const source = await call('POST', '/api/v1/data-sources/', {
        name: `Feed ${part + 1}/${parts}`,
        source_type: FEED_TYPE,
        additional_data: { url: `${feedUrl}?part=${part}/${parts}`, format: 'ndjson' },
      });
      if (!source.id) throw new Error(`data source not created: ${JSON.stringify(source)}`);
      ids.push((await call('POST', `/api/v1/data-sources/${source.id}/retrieval/`)).id);
    }
    const done: Execution[] = [];
    for (const id of ids) {
      for (;;) {
        // read from the database, not through the API: a request would make the retrieval give
        // way to it (server/queue/web-pressure.ts), and the figure is the one with nobody asking
        const row = await handle.db
          .selectFrom('execution')
          .select(['status', 'result', 'progress', 'date_started', 'date_done'])
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        const execution = {
          ...row,
          date_started: row.date_started?.toISOString() ?? null,
          date_done: row.date_done?.toISOString() ?? null,
        } as unknown as Execution;
        if (['SUCCESS', 'FAILURE', 'REVOKED'].includes(execution.status)) {
          if (execution.status !== 'SUCCESS') throw new Error(`retrieval ended ${execution.status}: ${JSON.stringify(execution.result)}`);
          done.push(execution);
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    const started = Math.min(...done.map((e) => Date.parse(e.date_started!)));
    const ended = Math.max(...done.map((e) => Date.parse(e.date_done!)));
    const profiles = done.reduce((sum, e) => sum + e.progress.created, 0);
    if (profiles !== count) throw new Error(`${profiles} profiles created, expected ${count}`);
    const seconds = (ended - started) / 1000;
    return { label, profiles, seconds: Math.round(seconds * 10) / 10, perSecond: Math.round(profiles / seconds) };
  } finally {
    for (const child of children) child.kill('SIGTERM');
    await app.close();
    await handle.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchIngestion(options: { databaseUrl?: string; pglite: boolean; profiles: number; pgliteProfiles: number }) {
  if (!connectorFor(FEED_TYPE)) throw new Error(`no "${FEED_TYPE}" connector`);
  const rows: Record<string, string | number>[] = [];
  const measure = async (database: string, run: Promise<Run>) => {
    const result = await run;
    rows.push({ database, case: result.label, profiles: result.profiles, seconds: result.seconds, 'profiles/s': result.perSecond });
    console.log(`  ${database}, ${result.label}: ${result.perSecond} profiles/s`);
  };
  if (options.databaseUrl) {
    const feed = await serveFeed(feedFiles(options.profiles));
    try {
      await measure(
        'PostgreSQL 15',
        runCase('1 worker process, 1 retrieval', { databaseUrl: options.databaseUrl }, feed.url, options.profiles, 1, 1),
      );
      await measure(
        'PostgreSQL 15',
        runCase(
          '2 worker processes, 2 retrievals of half the feed at once',
          { databaseUrl: options.databaseUrl },
          feed.url,
          options.profiles,
          2,
          2,
        ),
      );
    } finally {
      await feed.close();
    }
  }
  if (options.pglite) {
    const feed = await serveFeed(feedFiles(options.pgliteProfiles));
    try {
      await measure('PGlite (embedded)', runCase('the server itself, 1 retrieval', {}, feed.url, options.pgliteProfiles, 1, 0));
    } finally {
      await feed.close();
    }
  }
  return rows;
}
