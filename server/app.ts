import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyPluginAsync, type FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';
import type { Kysely } from 'kysely';
import type { Config } from './config';
import type { Database } from './db/schema';
import type { DatabaseHandle } from './db/connect';
import { frameworkErrors, installErrorHandling, notFoundBody } from './http/errors';
import { installValidators } from './http/validator';
import { refuseNullCharacters } from './http/null-characters';
import { installJsonBodies } from './http/json-body';
import authHook from './http/auth';
import type { Throttle } from './http/throttle';
import { authThrottles } from './http/throttle-stores';
import { createMailer, type Mailer } from './mail/mailer';
import { deferredJobs, type Jobs } from './queue/job-queue';
import { publishWebPressure, WebPressure } from './queue/web-pressure';
import { SecretBox, loadSecretKey, registerSecretBox } from './accounts/secret-box';
import { jobDefinitions } from './jobs';
import { syncAllSchedules } from './data-operations/executions';
import { apiModules } from './entities';
import { registerDocs } from './http/docs';
import { registerStaticApp } from './http/static-app';
import { registerSecurity } from './http/security';
import { registerCompression } from './http/compression';
import { disableProfileCountIndex, enableProfileCountIndex } from './entities/profiles/count-index/manager';
import { snapshotOptions } from './entities/profiles/count-index/snapshot-store';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    handle: DatabaseHandle;
    db: Kysely<Database>;
    mailer: Mailer;
    jobs: Jobs;
    /** seals and opens the secrets stored in the database (SECRET_KEY) */
    secrets: SecretBox;
    throttles: { perIp: Throttle; perAccount: Throttle };
  }
}

export interface AppOptions {
  config: Config;
  handle: DatabaseHandle;
  /** run the background workers in this process (default true) */
  workers?: boolean;
  logger?: FastifyServerOptions['logger'];
  /** API modules mounted after the product's own (tests declare entities of their own) */
  extraApiModules?: FastifyPluginAsync[];
}

const BACKGROUND_START_DELAY_MS = 1_000;

/**
 * Fastify's own response serializers, each compiled on its route's first answer
 * instead of at start (with the validators, a third of a second of every cold start).
 */
function serializersCompiledOnFirstUse(...args: Parameters<ReturnType<typeof SerializerSelector>>) {
  const compile = SerializerSelector()(...args);
  return (route: Parameters<typeof compile>[0]) => {
    let serialize: ((doc: unknown) => string) | undefined;
    return (doc: unknown) => {
      serialize ??= compile(route);
      return serialize(doc);
    };
  };
}

/** The whole server, from plugins; the same factory for production and tests (fastify.inject). */
export async function buildApp({ config, handle, workers = true, logger, extraApiModules = [] }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    routerOptions: { ignoreTrailingSlash: true }, // every path answers with and without its trailing slash
    bodyLimit: 1024 * 1024,
    trustProxy: process.env.TRUST_PROXY === '1',
    schemaController: { compilersFactory: { buildSerializer: serializersCompiledOnFirstUse } },
    frameworkErrors, // the router's own 400/414 answer {"errors": [...]} too
  });

  await app.register(
    fp(
      async (instance) => {
        instance.decorate('config', config);
        instance.decorate('handle', handle);
        instance.decorate('db', handle.db);
        instance.decorate('mailer', createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log: instance.log }));
        instance.decorate('throttles', authThrottles(handle, config.throttle));
        const secrets = new SecretBox(loadSecretKey(config));
        instance.decorate('secrets', secrets);
        registerSecretBox(handle.db, secrets);
        // retrievals (here or in worker processes) give way while requests are being answered
        const webPressure = new WebPressure();
        publishWebPressure(instance, webPressure, handle.kind === 'postgres' ? handle.db : null);
        const jobs = deferredJobs(handle, jobDefinitions, instance.log, {
          databaseUrl: config.databaseUrl,
          work: workers && config.workers,
          timing: config.jobTiming,
          allowPrivateFeeds: config.allowPrivateFeeds,
          webPressure,
          mailer: instance.mailer,
          appUrl: config.appUrl,
        });
        instance.decorate('jobs', jobs);
        // once the server answers, after its first requests: workers and schedules need not wait
        // for a `send`, the profiles' count index builds in the background, the next new embedded
        // database's copy is made
        let timer: NodeJS.Timeout | undefined;
        instance.addHook('onListen', async () => {
          timer = setTimeout(() => {
            jobs.start();
            // the queue's schedules follow the data sources' rows (a seeded or restored database too)
            if (workers)
              syncAllSchedules(handle.db, jobs).catch((error) =>
                instance.log.error({ err: error }, 'data-source schedules could not be synchronised'),
              );
            enableProfileCountIndex(handle.db, {
              log: instance.log,
              retentionMs: config.profileIndexJournalMinutes * 60_000,
              cacheBytes: config.profileIndexCacheMb === undefined ? undefined : config.profileIndexCacheMb * 2 ** 20,
              snapshots: snapshotOptions(config.dataDir, handle.kind === 'pglite'),
              warm: config.profileIndexWarm,
            });
            void handle.restock();
          }, BACKGROUND_START_DELAY_MS);
        });
        instance.addHook('onClose', async () => {
          clearTimeout(timer);
          await disableProfileCountIndex(handle.db);
          await jobs.stop();
          instance.mailer.close();
        });
      },
      { name: 'context' },
    ),
  );

  installValidators(app);
  installErrorHandling(app);
  installJsonBodies(app);
  app.addHook('preValidation', refuseNullCharacters);
  await registerSecurity(app);
  await registerCompression(app); // before any route: API answers ≥ 1 KB compressed
  await app.register(authHook);
  await registerDocs(app);
  await app.register(
    async (api) => {
      for (const module of [...apiModules, ...extraApiModules]) await api.register(module);
    },
    { prefix: '/api/v1' },
  );
  if (fs.existsSync(path.join(config.staticDir, 'index.html'))) await registerStaticApp(app, config.staticDir);
  else app.setNotFoundHandler((request, reply) => reply.status(404).send(notFoundBody(request.method, request.url)));
  return app;
}
