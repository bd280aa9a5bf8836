// `npm run worker`: the job workers alone — data-source retrievals and the rest of the queue —
// against DATABASE_URL, no web server. Run as many as the work needs, on this machine or
// others, beside `npm start` (whose web process 1 also works jobs unless WORKERS=0). They must share
// SECRET_KEY with the web server to read platform-connection secrets.
import os from 'node:os';
import Fastify from 'fastify';
import { loadConfig } from '../config';
import { openDatabase } from '../db/connect';
import { SecretBox, loadSecretKey, registerSecretBox } from '../accounts/secret-box';
import { startJobs } from '../queue/job-queue';
import { jobDefinitions } from '../jobs';
import { syncAllSchedules } from '../data-operations/executions';
import { createMailer } from '../mail/mailer';

const config = loadConfig();
// background work yields the CPU to the web servers' requests on a shared machine (WORKER_NICE=0: not)
const nice = Number(process.env.WORKER_NICE ?? 10);
if (nice) os.setPriority(Math.max(-20, Math.min(19, nice)));
if (!config.databaseUrl) {
  console.error(
    'npm run worker needs DATABASE_URL (a PostgreSQL the web server uses too): the embedded database serves one process only, and `npm start` works its jobs itself.',
  );
  process.exit(1);
}
// Fastify's logger (pino), as the web server logs
const { log } = Fastify({ logger: { level: config.logLevel } });
// openDatabase migrates it, as the web server does
const handle = await openDatabase({ databaseUrl: config.databaseUrl });
// the retrievals open platform-connection secrets with it
registerSecretBox(handle.db, new SecretBox(loadSecretKey(config)));
const jobs = await startJobs(handle, jobDefinitions, log, {
  databaseUrl: config.databaseUrl,
  work: true,
  timing: config.jobTiming,
  allowPrivateFeeds: config.allowPrivateFeeds,
  mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log }),
  appUrl: config.appUrl,
});
await syncAllSchedules(handle.db, jobs);
log.info({ queues: jobDefinitions.map((d) => d.name) }, 'worker ready');

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'worker stopping: running jobs finish their batch');
    const timer = setTimeout(() => process.exit(1), 20_000).unref();
    await jobs.stop();
    await handle.close();
    clearTimeout(timer);
    process.exit(0);
  });
}
