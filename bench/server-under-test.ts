import type { FastifyInstance } from 'fastify';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { loadConfig } from '../server/config';
import { openDatabase, type DatabaseHandle } from '../server/db/connect';
import { buildApp } from '../server/app';
import { freePort, startBuiltServer, webProcesses as webProcessPids, type RunningProcess } from '../tests/support/processes';
import { EVENT_LOOP_RESOLUTION_MS, eventLoopDelays, type EventLoopReport } from '../server/util/event-loop-report';

/** The server's event-loop delay over a load run, ms (several web processes: the worst of them). */
export interface EventLoopDelay {
  p99: number;
  max: number;
}

/** Measures the server's event loop between `start()` and `stop()`. */
export interface EventLoopProbe {
  start(): Promise<void>;
  stop(): Promise<EventLoopDelay>;
}

/** Our real server on a random local port, on the given database; timed over HTTP like a browser would. */
export interface BenchServer {
  url: string;
  /** the server in this process (absent: the built server in processes of its own) */
  app?: FastifyInstance;
  /** this process's own connection to the server's database */
  handle: DatabaseHandle;
  /** the built server: resolves once each web process has built its profile index */
  indexesBuilt?(): Promise<void>;
  eventLoop: EventLoopProbe;
  close(): Promise<void>;
}

/** The server in this process shares its event loop: a histogram read here. */
function inProcessProbe(): EventLoopProbe {
  const histogram = monitorEventLoopDelay({ resolution: EVENT_LOOP_RESOLUTION_MS });
  return {
    async start() {
      histogram.reset();
      histogram.enable();
    },
    async stop() {
      histogram.disable();
      const { p99, max } = eventLoopDelays(histogram);
      return { p99, max };
    },
  };
}

/**
 * The built server's web processes measure their own loops (BENCH_EVENT_LOOP_FILE): each SIGUSR2
 * makes one write what it measured since the last and start again (server/util/event-loop-report.ts).
 */
function signalledProbe(server: RunningProcess, directory: string, processes: number): EventLoopProbe {
  // one web process runs in the started process; several, in the supervisor's children (never signal the supervisor)
  const pids = () => (processes > 1 ? [...webProcessPids(server).values()] : [server.pid]);
  const read = (pid: number): EventLoopReport | undefined => {
    try {
      return JSON.parse(fs.readFileSync(path.join(directory, `${pid}.json`), 'utf8'));
    } catch {
      return undefined;
    }
  };
  const period = async (): Promise<EventLoopReport[]> => {
    const asked = pids().map((pid) => ({ pid, seq: read(pid)?.seq ?? 0 }));
    for (const { pid } of asked) process.kill(pid, 'SIGUSR2');
    const deadline = Date.now() + 60_000;
    for (;;) {
      const reports = asked.map(({ pid, seq }) => (read(pid) && read(pid)!.seq > seq ? read(pid)! : undefined));
      if (reports.every(Boolean)) return reports as EventLoopReport[];
      if (Date.now() > deadline) throw new Error(`no event-loop report from web process(es) ${asked.map((a) => a.pid).join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  return {
    async start() {
      await period();
    },
    async stop() {
      const reports = await period();
      return { p99: Math.max(...reports.map((r) => r.p99)), max: Math.max(...reports.map((r) => r.max)) };
    },
  };
}

/**
 * The in-process server's DATA_DIR: PGlite's own, or on PostgreSQL one shared by the benches, where
 * the profile index keeps one snapshot per database (profile-index/<database>.snapshot) between runs.
 */
export function benchDataDir(target: { dataDir?: string }): string {
  return target.dataDir ?? '/tmp/unused';
}

/**
 * The server in this process. `warm`: its index warms its remembered sets after a restart (the
 * keys the last run wrote beside the snapshot); off by default, so that a run's queries are each
 * met for the first time in the process (the first-asking figures).
 */
export async function startBenchServer(target: { databaseUrl?: string; dataDir?: string }, warm = false): Promise<BenchServer> {
  const config = {
    ...loadConfig({ PORT: '0', LOG_LEVEL: 'warn' }),
    databaseUrl: target.databaseUrl,
    dataDir: benchDataDir(target),
    profileIndexWarm: warm,
  };
  config.throttle = { perIpPerMinute: 1_000_000, perAccountPer15Minutes: 1_000_000 };
  const handle = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
  const app = await buildApp({ config, handle, logger: false, workers: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: address,
    app,
    handle,
    eventLoop: inProcessProbe(),
    async close() {
      await app.close();
      await handle.close();
    },
  };
}

/**
 * The built server as `npm start` runs it, with `webProcesses` web processes on PostgreSQL (no job
 * workers: WORKERS=0), on a free port; resolves once every one answers. Logs at info as in
 * production (each request logged), read here without parsing the request lines.
 */
export async function startBuiltBenchServer(databaseUrl: string, webProcesses: number, warm = false): Promise<BenchServer> {
  const port = await freePort();
  const eventLoopDirectory = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-event-loop-'));
  const server = await startBuiltServer(
    {
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      WEB_PROCESSES: String(webProcesses),
      WORKERS: '0',
      PROFILE_INDEX_WARM: warm ? '1' : '0',
      LOG_LEVEL: 'info',
      THROTTLE_PER_IP: '1000000',
      THROTTLE_PER_ACCOUNT: '1000000',
      BENCH_EVENT_LOOP_FILE: eventLoopDirectory,
    },
    { requestLines: false },
  );
  const handle = await openDatabase({ databaseUrl });
  try {
    await server.waitForLog((l) => /^ready on/.test(l.msg));
    if (webProcesses > 1) await server.waitForLog((l) => l.msg === `web process ${webProcesses} answers`);
  } catch (error) {
    await server.stop('SIGKILL');
    await handle.close();
    throw error;
  }
  return {
    url: `http://127.0.0.1:${port}`,
    handle,
    eventLoop: signalledProbe(server, eventLoopDirectory, webProcesses),
    async indexesBuilt() {
      // built, or loaded from its snapshot (issue 20, item 3): once per web process
      const ready = /^profile index (built|loaded from its snapshot)$/;
      const built = () => new Set(server.lines.filter((l) => ready.test(l.msg)).map((l) => l.pid)).size >= webProcesses;
      await server.waitForLog(built, 15 * 60_000);
    },
    async close() {
      await server.stop('SIGTERM');
      await handle.close();
      fs.rmSync(eventLoopDirectory, { recursive: true, force: true });
    },
  };
}

export async function signIn(url: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${url}/api/v1/auth/sign-in/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in as ${email} failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/** GET a path with a token; answers the time in ms and the parsed body. */
export async function timedGet(url: string, token: string, path: string): Promise<{ ms: number; body: any }> {
  const started = performance.now();
  const response = await fetch(`${url}${path}`, { headers: { authorization: `Token ${token}` } });
  const body = await response.json();
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`GET ${path} → ${response.status} ${JSON.stringify(body)}`);
  return { ms, body };
}
