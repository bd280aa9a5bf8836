import type { PgBoss as PgBossType } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/connect';

/** A kind of background work: a queue name and what a worker does with one job. */
export interface JobDefinition<Data extends object = object> {
  name: string;
  handle(data: Data, context: JobContext): Promise<void>;
}

export interface JobContext {
  handle: DatabaseHandle;
  log: FastifyBaseLogger;
}

export interface Jobs {
  /** queue one job; resolves to its id */
  send<Data extends object>(definition: JobDefinition<Data>, data: Data): Promise<string>;
  stop(): Promise<void>;
}

/**
 * pg-boss on the same database as everything else: on PGlite it shares the
 * embedded instance (single connection), on PostgreSQL it opens its own pool.
 */
export async function startJobs(
  handle: DatabaseHandle,
  definitions: JobDefinition<any>[],
  log: FastifyBaseLogger,
  options: { databaseUrl?: string; work?: boolean } = {},
): Promise<Jobs> {
  // pg-boss (and its cron and calendar libraries) load when the queue starts, after the server answers
  const { PgBoss, fromPglite } = await import('pg-boss');
  const boss: PgBossType = handle.pglite
    ? new PgBoss({ db: fromPglite(handle.pglite as never), backend: 'pglite' })
    : new PgBoss({ connectionString: options.databaseUrl, max: 4 });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();
  for (const definition of definitions) {
    await boss.createQueue(definition.name);
    if (options.work === false) continue;
    await boss.work<object>(definition.name, { pollingIntervalSeconds: 1 }, async (jobs) => {
      for (const job of jobs) {
        const jobLog = log.child({ job: definition.name, jobId: job.id });
        jobLog.info('job started');
        await definition.handle(job.data, { handle, log: jobLog });
        jobLog.info('job done');
      }
    });
  }
  return {
    async send(definition, data) {
      const id = await boss.send(definition.name, data);
      if (!id) throw new Error(`Job ${definition.name} was not queued`);
      return id;
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 10_000 });
    },
  };
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
    async send(definition, data) {
      return (await start()).send(definition, data);
    },
    async stop() {
      const jobs = await started?.catch(() => undefined);
      await jobs?.stop();
    },
  };
}
