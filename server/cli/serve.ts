import './preload'; // first: see there
import cluster from 'node:cluster';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../config';
import { planWebProcesses } from '../cluster/web-processes';

/**
 * The server bundle's entry (`npm start` runs it once the app and the bundle are built): start and
 * serve — in this process, or, with several web processes (WEB_PROCESSES, PostgreSQL), as their
 * supervisor (server/cluster/supervisor.ts), each of them running this same module.
 */
try {
  const config = loadConfig();
  const plan = cluster.isPrimary ? planWebProcesses(process.env) : { count: 1 };
  if (plan.warning) console.warn(plan.warning);
  if (plan.count > 1) {
    const { supervise } = await import('../cluster/supervisor');
    supervise({ entry: fileURLToPath(import.meta.url), processes: plan.count, jobs: config.workers });
  } else {
    const { closeOnSignals, startServer } = await import('../main');
    // the profiles bench's event-loop figures (bench/server-under-test.ts); unset in production
    if (process.env.BENCH_EVENT_LOOP_FILE)
      (await import('../util/event-loop-report')).reportEventLoopOnSignal(process.env.BENCH_EVENT_LOOP_FILE);
    closeOnSignals(await startServer(config));
  }
} catch (error) {
  console.error(`Could not start: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
