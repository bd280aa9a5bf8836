// Processes as an operator runs them, for the API tests and the soak bench: the built server
// (`npm start`'s bundle: with WEB_PROCESSES > 1 a supervisor and its web processes) and
// `npm run worker`, each with its log kept, parsed and waited on.
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from './free-port';
import path from 'node:path';
import { buildServerBundle, serverBundle, serverBundleIsStale } from '../../server/build/server-bundle.mjs';

const root = path.resolve(import.meta.dirname, '../..');

/** A line of the log: pino's JSON (`msg`, `pid`, …), or `{ msg: text }` for a plain one. */
export type LogLine = Record<string, any> & { msg: string };

export interface RunningProcess {
  child: ChildProcess;
  pid: number;
  lines: LogLine[];
  /** the whole output so far, for failure messages */
  output(): string;
  /** the first line (already there or still to come) that `test` accepts; rejects on timeout or exit */
  waitForLog(test: (line: LogLine) => boolean, timeoutMs?: number): Promise<LogLine>;
  /** resolves with the exit code (null: killed by a signal) */
  exited: Promise<number | null>;
  /** sends `signal` and waits for the exit */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Builds the server bundle when its sources changed since (what `npm start` would do first). */
export async function ensureServerBundle(): Promise<string> {
  if (serverBundleIsStale()) await buildServerBundle();
  return serverBundle;
}

export interface RunOptions {
  /** keep the per-request log lines (default true); a benchmark under load skips them unparsed */
  requestLines?: boolean;
  /** in a process group of its own, for a test to signal the whole group as a terminal's Ctrl-C does */
  detached?: boolean;
}

/** what output() keeps: the end of the log */
const KEPT_CHARS = 200_000;

function run(args: string[], env: Record<string, string>, { requestLines = true, detached = false }: RunOptions = {}): RunningProcess {
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached });
  const lines: LogLine[] = [];
  let text = '';
  const listeners = new Set<() => void>();
  for (const stream of [child.stdout!, child.stderr!]) {
    let partial = '';
    stream.on('data', (chunk: Buffer) => {
      text = (text + chunk.toString()).slice(-KEPT_CHARS);
      const parts = (partial + chunk.toString()).split('\n');
      partial = parts.pop()!;
      for (const part of parts) {
        if (!part.trim() || (!requestLines && /"msg":"(incoming request|request completed)"/.test(part))) continue;
        try {
          lines.push(JSON.parse(part));
        } catch {
          lines.push({ msg: part });
        }
      }
      for (const listener of listeners) listener();
    });
  }
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  exited.then(() => {
    for (const listener of listeners) listener();
  });
  const process_: RunningProcess = {
    child,
    pid: child.pid!,
    lines,
    output: () => text,
    waitForLog(test, timeoutMs = 120_000) {
      return new Promise((resolve, reject) => {
        const look = () => {
          const found = lines.find(test);
          if (found) return done(() => resolve(found));
          if (child.exitCode !== null || child.signalCode !== null)
            done(() => reject(new Error(`${args.at(-1)} exited before the awaited line:\n${text.slice(-4000)}`)));
        };
        const timer = setTimeout(
          () => done(() => reject(new Error(`the awaited line did not come within ${timeoutMs} ms:\n${text.slice(-4000)}`))),
          timeoutMs,
        );
        const done = (settle: () => void) => {
          clearTimeout(timer);
          listeners.delete(look);
          settle();
        };
        listeners.add(look);
        look();
      });
    },
    exited,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  return process_;
}

/** The built server (`npm start` once built), with `env` over this process's environment. */
export async function startBuiltServer(env: Record<string, string>, options?: RunOptions): Promise<RunningProcess> {
  return run([await ensureServerBundle()], env, options);
}

/** `npm run worker`. */
export function startWorker(env: Record<string, string>, options?: RunOptions): RunningProcess {
  return run(['--import', 'tsx', 'server/cli/worker.ts'], env, options);
}

/**
 * Two web processes of the built server on `port` and one `npm run worker`, sharing `env` (the
 * database, SECRET_KEY, SMTP_URL, APP_URL…), each waited on until ready; `web` goes to the web
 * processes only (ADMIN_*, WORKERS…). `started` gets each process as it starts, so that the caller
 * stops both even when one never gets ready.
 */
export async function startWebProcessesAndWorker(
  env: Record<string, string>,
  {
    port,
    web = {},
    options,
    started,
  }: { port: number; web?: Record<string, string>; options?: RunOptions; started: (p: RunningProcess) => void },
): Promise<{ server: RunningProcess; worker: RunningProcess }> {
  const server = await startBuiltServer({ ...env, ...web, PORT: String(port), WEB_PROCESSES: '2' }, options);
  started(server);
  await server.waitForLog((l) => l.msg === 'web process 2 answers');
  const worker = startWorker(env);
  started(worker);
  await worker.waitForLog((l) => l.msg === 'worker ready');
  return { server, worker };
}

/** The pid of each web process the supervisor says answers now, by number (1, 2, …). */
export function webProcesses(server: RunningProcess): Map<number, number> {
  const pids = new Map<number, number>();
  for (const line of server.lines) if (line.role === 'supervisor' && /answers$/.test(line.msg)) pids.set(line.webProcess, line.workerPid);
  return pids;
}

/**
 * A built server's environment for a test: a free port on 127.0.0.1, `dataDir`, one web process, no
 * demo data, a fixed secret key, no built app to serve, its log as JSON lines; `extra` on top.
 */
export async function builtServerEnv(dataDir: string, extra: Record<string, string> = {}): Promise<Record<string, string>> {
  return {
    PORT: String(await freePort()),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    WEB_PROCESSES: '1',
    DEMO_DATA: '0',
    SECRET_KEY: 'test secret key',
    STATIC_DIR: '/nonexistent/no-built-app',
    LOG_LEVEL: 'info',
    ...extra,
  };
}

export { freePort };
