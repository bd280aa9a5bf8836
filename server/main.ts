import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from './config';
import { openDatabase } from './db/connect';
import { ensureAdmin } from './accounts/bootstrap';
import { countUsers } from './resources/users/repository';
import { seedDemo } from './demo/seed';
import { describeAccounts } from './demo/accounts';

/** Opens the database (migrating it), prepares accounts and demo data, and listens. */
export async function startServer(config: Config): Promise<FastifyInstance> {
  const started = Date.now();
  // the app's modules load while the database opens (PGlite compiles its WebAssembly off the main thread)
  const [handle, { buildApp }] = await Promise.all([
    openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir }),
    import('./app'),
  ]);
  let app: FastifyInstance;
  try {
    app = await buildApp({ config, handle });
  } catch (error) {
    await handle.close();
    throw error;
  }
  app.addHook('onClose', async () => handle.close());
  try {
    const seedDemoData = config.demoData ?? (handle.kind === 'pglite' && handle.created);
    if (seedDemoData && (await countUsers(handle.db)) === 0) {
      const { accounts } = await seedDemo(handle.db);
      if (accounts.length) {
        app.log.info({ demoAccounts: accounts.map(({ role, email, password }) => ({ role, email, password })) }, 'demo data seeded');
        process.stdout.write(describeAccounts(accounts, config.appUrl) + '\n');
      }
    }
    if (config.adminEmail && config.adminPassword) {
      const outcome = await ensureAdmin(handle.db, config.adminEmail, config.adminPassword);
      app.log.info({ email: config.adminEmail, outcome }, 'admin account ensured');
    }
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    await app.close();
    throw error;
  }
  app.log.info({ database: handle.kind, dataDir: handle.kind === 'pglite' ? config.dataDir : undefined, ms: Date.now() - started }, `ready on ${config.appUrl}`);
  return app;
}

/** Stops cleanly on SIGINT/SIGTERM: workers finish, the embedded database is flushed and closed. */
export function closeOnSignals(app: FastifyInstance): void {
  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, async () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      const timer = setTimeout(() => process.exit(1), 20_000).unref();
      try {
        await app.close();
        clearTimeout(timer);
        process.exit(0);
      } catch (error) {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      }
    });
  }
}

const isEntryPoint = process.argv[1] && import.meta.url.endsWith(process.argv[1].replace(/\\/g, '/'));
if (isEntryPoint) {
  startServer(loadConfig())
    .then(closeOnSignals)
    .catch((error) => {
      console.error(`Could not start: ${error instanceof Error ? error.message : error}`);
      process.exit(1);
    });
}
