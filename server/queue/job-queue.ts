// The job queue: pg-boss on the same database as everything else (start and stop, send, schedule,
// cancel) and its workers. It knows queues by their declaration (name and settings), not what
// their jobs do: a domain module declares the queue it sends to (e.g. server/data-operations'
// retrieval queue), and server/jobs/ gives each queue its worker (a JobDefinition).
import type { PgBoss as PgBossType } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/connect';
import type { JobTiming } from '../config';
import type { Mailer } from '../mail/mailer';
import { listenWebPressure, WebPressure } from './web-pressure';

const DEFAULT_TIMING: JobTiming = { heartbeatSeconds: 30, superviseSeconds: 30, retryDelaySeconds: 15 };

/** How a queue retries and watches its jobs (pg-boss queue options). */
export interface QueueSettings {
  retryLimit?: number;
  /** seconds before the first retry (doubled each time with retryBackoff) */
  retryDelay?: number;
  retryBackoff?: boolean;
  /** a job whose worker sent no heartbeat for this long is failed and retried (a crashed worker) */
  heartbeatSeconds?: number;
  expireInSeconds?: number;
}

/** A queue of background work: its name and settings. Jobs are sent to it with data of type `Data`. */
export interface QueueDeclaration<Data extends object = object> {
  name: string;
  /** the queue's settings, given the deployment's timing (config JOB_* variables) */
  settings?(timing: JobTiming): QueueSettings;
  /** the data its jobs carry: a type only, never set */
  readonly jobData?: Data;
}

/** A queue's worker: what it does with one job. */
export interface JobDefinition<Data extends object = object> extends QueueDeclaration<Data> {
  handle(data: Data, context: JobContext): Promise<void>;
  /** also runs on this cron schedule (UTC) with `data` (e.g. the hourly digest), wherever workers run */
  every?: { cron: string; data: Data };
}

export interface JobContext {
  handle: DatabaseHandle;
  log: FastifyBaseLogger;
  /** the queue's id of this job, its retries so far and the queue's limit */
  job: { id: string; retryCount: number; retryLimit: number; signal: AbortSignal };
  /** profile feeds may reach loopback, link-local and private addresses (config ALLOW_PRIVATE_FEEDS) */
  allowPrivateFeeds: boolean;
  /** whether web requests are being answered: long jobs give way between their steps */
  webPressure: WebPressure;
  /** the queue itself: a job may queue the next step (a retrieval's end queues the signals engine) */
  jobs: Jobs;
  /** mail as the server sends it (SMTP_URL, or the log) */
  mailer: Mailer;
  /** base of the links put in messages (APP_URL) */
  appUrl: string;
  /** the deployment's timing (config JOB_* and NOTIFY_RETRY_SECONDS) */
  timing?: JobTiming;
}

export interface Jobs {
  /** queue one job; resolves to its id */
  send<Data extends object>(queue: QueueDeclaration<Data>, data: Data): Promise<string>;
  /** runs `data` on `cron` (UTC) under `key`, replacing what that key had; null removes it */
  schedule<Data extends object>(queue: QueueDeclaration<Data>, key: string, cron: string | null, data: Data): Promise<void>;
  /** takes a queued job out of the queue (a running one ends at its next check) */
  cancel(queue: QueueDeclaration, id: string): Promise<void>;
  stop(): Promise<void>;
}

/**
 * pg-boss on the same database as everything else: on PGlite it shares the
 * embedded instance (single connection), on PostgreSQL it opens its own pool.
 */
export async function startJobs(
  handle: DatabaseHandle,
  definitions: JobDefinition[],
  log: FastifyBaseLogger,
  options: {
    databaseUrl?: string;
    work?: boolean;
    timing?: JobTiming;
    allowPrivateFeeds?: boolean;
    /** this process's web pressure (its server notes its requests); servers elsewhere are heard on PostgreSQL */
    webPressure?: WebPressure;
    mailer: Mailer;
    appUrl: string;
  },
): Promise<Jobs> {
  const timing = options.timing ?? DEFAULT_TIMING;
  const webPressure = options.webPressure ?? new WebPressure();
  // pg-boss (and its cron and calendar libraries) load when the queue starts, after the server answers
  const { PgBoss, fromPglite } = await import('pg-boss');
  // how often jobs whose worker stopped sending heartbeats are failed (and so retried): each
  // queue is monitored at most once per monitorIntervalSeconds, whatever the supervision runs at
  const supervision = { superviseIntervalSeconds: timing.superviseSeconds, monitorIntervalSeconds: timing.superviseSeconds };
  const boss: PgBossType = handle.pglite
    ? new PgBoss({ db: fromPglite(handle.pglite as never), backend: 'pglite', ...supervision })
    : new PgBoss({ connectionString: options.databaseUrl, max: 4, ...supervision });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  const jobs: Jobs = {
    async send(queue, data) {
      const id = await boss.send(queue.name, data);
      if (!id) throw new Error(`Job ${queue.name} was not queued`);
      return id;
    },
    async schedule(queue, key, cron, data) {
      if (cron) await boss.schedule(queue.name, cron, data, { key, tz: 'UTC' });
      else await boss.unschedule(queue.name, key);
    },
    async cancel(queue, id) {
      await boss.cancel(queue.name, id);
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 10_000 });
      await listener?.close();
    },
  };
  const listener =
    options.work !== false && options.databaseUrl ? await listenWebPressure(options.databaseUrl, webPressure, log) : undefined;
  for (const definition of definitions) {
    const settings = definition.settings?.(timing);
    await boss.createQueue(definition.name, settings);
    if (settings) await boss.updateQueue(definition.name, settings);
    if (options.work === false) continue;
    if (definition.every) await boss.schedule(definition.name, definition.every.cron, definition.every.data, { key: 'every', tz: 'UTC' });
    const retryLimit = settings?.retryLimit ?? 2;
    await boss.work<object>(definition.name, { pollingIntervalSeconds: 1 }, async (batch) => {
      for (const job of batch) {
        const jobLog = log.child({ job: definition.name, jobId: job.id });
        jobLog.info({ retryCount: job.retryCount }, 'job started');
        await definition.handle(job.data, {
          handle,
          log: jobLog,
          allowPrivateFeeds: options.allowPrivateFeeds === true,
          webPressure,
          jobs,
          mailer: options.mailer,
          appUrl: options.appUrl,
          timing,
          job: { id: job.id, retryCount: job.retryCount, retryLimit, signal: job.signal },
        });
        jobLog.info('job done');
      }
    });
  }
  return jobs;
}

/** The queue, started on demand: `start()` (the server calls it once it answers) or the first `send`. */
export interface DeferredJobs extends Jobs {
  start(): void;
}

/**
 * pg-boss starts once the server already answers, not before: nothing in a
 * request needs it before its first `send`, which starts it and waits. On the
 * embedded database its schema check and workers would otherwise share the
 * single connection with the first requests of every cold start.
 */
export function deferredJobs(...args: Parameters<typeof startJobs>): DeferredJobs {
  const log = args[2];
  let started: Promise<Jobs> | undefined;
  const start = () => {
    if (!started) {
      started = startJobs(...args);
      started.catch((error) => log.error({ err: error }, 'the job queue could not start'));
    }
    return started;
  };
  return {
    start() {
      void start();
    },
    async send(queue, data) {
      return (await start()).send(queue, data);
    },
    async schedule(queue, key, cron, data) {
      return (await start()).schedule(queue, key, cron, data);
    },
    async cancel(queue, id) {
      return (await start()).cancel(queue, id);
    },
    async stop() {
      const jobs = await started?.catch(() => undefined);
      await jobs?.stop();
    },
  };
}
