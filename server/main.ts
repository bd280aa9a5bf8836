import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import { openDatabase } from './db/connect';
import { ensureAdmin } from './accounts/bootstrap';
import { countUsers } from './resources/users/repository';
import { DEMO_TEMPLATE, seedDemo } from './demo/seed';
import { describeAccounts, issueDemoPasswords, renewDemoPasswords, type DemoAccount } from './demo/accounts';

/** Opens the database (migrating it), prepares accounts and demo data, and listens. */
export async function startServer(config: Config): Promise<FastifyInstance> {
  const started = Date.now();
  // a new embedded database is a copy of the demo template (unless DEMO_DATA=0); the demo
  // accounts' own passwords are hashed on other threads while it opens
  const newEmbedded = !config.databaseUrl && !fs.existsSync(path.join(config.dataDir, 'pgdata', 'PG_VERSION'));
  const withDemo = newEmbedded && config.demoData !== false;
  const demoPasswords = withDemo ? issueDemoPasswords() : undefined;
  // the app's modules load while the database opens (PGlite compiles its WebAssembly off the main thread)
  const [handle, { buildApp }] = await Promise.all([
    openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.databaseUrl ? undefined : config.dataDir,
      template: withDemo ? DEMO_TEMPLATE : undefined,
    }),
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
    let accounts: DemoAccount[] = [];
    if (handle.createdFrom === DEMO_TEMPLATE.name && demoPasswords) {
      accounts = await renewDemoPasswords(handle.db, await demoPasswords);
    } else if ((config.demoData ?? (handle.kind === 'pglite' && handle.created)) && (await countUsers(handle.db)) === 0) {
      accounts = (await seedDemo(handle.db)).accounts;
    }
    if (accounts.length) {
      app.log.info({ demoAccounts: accounts.map(({ role, email, password }) => ({ role, email, password })) }, 'demo data seeded');
      process.stdout.write(describeAccounts(accounts, config.appUrl) + '\n');
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
