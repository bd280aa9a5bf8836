// `npm start` with several web processes (WEB_PROCESSES > 1, PostgreSQL): this process is the
// cluster primary. It serves nothing itself: it starts the web processes, which share the port
// (Node's cluster module hands each new connection to the next one), replaces one that dies, and
// passes SIGINT/SIGTERM on so that all stop cleanly.
import cluster, { type Worker } from 'node:cluster';
import os from 'node:os';
import { decideRestart } from './restart-policy';

export interface SupervisorOptions {
  /** the module each web process runs (the server bundle's entry, or serve.ts under tsx) */
  entry: string;
  processes: number;
  /** the job workers and schedules run in web process 1 (WORKERS=1), or nowhere here (WORKERS=0) */
  jobs: boolean;
}

/** a web process given this long to finish its requests and jobs after SIGTERM, then killed */
const STOP_TIMEOUT_MS = 25_000;
const LEVELS = { info: 30, warn: 40, error: 50 } as const;

/** One line in the shape of the web processes' own log (pino's JSON), so that one reader reads both. */
function log(level: keyof typeof LEVELS, msg: string, fields: Record<string, unknown> = {}): void {
  const line = JSON.stringify({
    level: LEVELS[level],
    time: Date.now(),
    pid: process.pid,
    hostname: os.hostname(),
    role: 'supervisor',
    ...fields,
    msg,
  });
  (level === 'info' ? process.stdout : process.stderr).write(`${line}\n`);
}

export function supervise({ entry, processes, jobs }: SupervisorOptions): void {
  cluster.setupPrimary({ exec: entry });
  const running = new Map<Worker, { slot: number; answeringSince?: number }>();
  const pendingRestarts = new Set<NodeJS.Timeout>();
  let quickCrashes = 0;
  let othersStarted = false;
  let stopping = false;
  let exitCode = 0;

  const fork = (slot: number) => {
    // web process 1 alone works the job queue and keeps the schedules (one process, not N, polls
    // it); its replacement after a crash takes that role over
    const worker = cluster.fork({ WEB_PROCESS: String(slot), WORKERS: jobs && slot === 1 ? '1' : '0' });
    running.set(worker, { slot });
    worker.once('listening', () => {
      const info = running.get(worker);
      if (info) info.answeringSince = Date.now();
      log('info', `web process ${slot} answers`, { webProcess: slot, workerPid: worker.process.pid });
      // the first one migrated the database and prepared its accounts and demo data alone: the
      // others find it ready
      if (!othersStarted) {
        othersStarted = true;
        for (let other = 2; other <= processes; other++) fork(other);
      }
    });
  };

  const finishIfStopped = () => {
    if (stopping && running.size === 0) {
      log('info', 'all web processes stopped');
      process.exit(exitCode);
    }
  };

  const stopAll = (signal: NodeJS.Signals, code: number) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    for (const timer of pendingRestarts) clearTimeout(timer);
    log('info', `stopping ${running.size} web process(es)`, { signal });
    // SIGTERM whatever came: after a Ctrl-C the terminal already sent SIGINT to every process of
    // the group, and a second SIGINT would end one at once instead of letting it close
    for (const worker of running.keys()) worker.process.kill('SIGTERM');
    setTimeout(() => {
      for (const worker of running.keys()) worker.process.kill('SIGKILL');
      log('error', 'web processes still running after the stop timeout were killed');
      process.exit(1);
    }, STOP_TIMEOUT_MS).unref();
    finishIfStopped();
  };

  cluster.on('exit', (worker, code, signal) => {
    const info = running.get(worker);
    running.delete(worker);
    if (!info) return;
    if (stopping) {
      // one that did not close cleanly (killed at the timeout, a failed shutdown) makes the exit code 1
      if (code !== 0 || signal) {
        exitCode = 1;
        log('error', `web process ${info.slot} did not stop cleanly (${signal ? `signal ${signal}` : `code ${code}`})`);
      }
      return finishIfStopped();
    }
    // one that never answered crashed at start
    const uptimeMs = info.answeringSince ? Date.now() - info.answeringSince : 0;
    const how = signal ? `signal ${signal}` : `code ${code}`;
    const decision = decideRestart(quickCrashes, uptimeMs);
    quickCrashes = decision.quickCrashes;
    const fields = { webProcess: info.slot, workerPid: worker.process.pid, code, signal, uptimeMs, quickCrashes };
    if (decision.action === 'give up') {
      log('error', `web process ${info.slot} exited (${how}) at start ${quickCrashes} times in a row: giving up`, fields);
      return stopAll('SIGTERM', 1);
    }
    log(
      'warn',
      `web process ${info.slot} exited (${how}): starting another${decision.delayMs ? ` in ${decision.delayMs} ms` : ''}`,
      fields,
    );
    const timer = setTimeout(() => {
      pendingRestarts.delete(timer);
      if (!stopping) fork(info.slot);
    }, decision.delayMs);
    pendingRestarts.add(timer);
  });

  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stopAll(signal, 0));
  log('info', `starting ${processes} web processes`, {
    webProcesses: processes,
    jobs: jobs ? 'web process 1 (and any npm run worker)' : 'npm run worker processes only (WORKERS=0)',
  });
  fork(1);
}
