import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import { openDatabase } from './db/connect';
import { ensureAdmin } from './accounts/bootstrap';
import { countUsers } from './accounts/users';
import { DEMO_TEMPLATE, seedDemo } from './demo/seed';
import { seedDemoConnections } from './demo/data-operations';
import { connectDemoSignals } from './demo/signals';
import { describeAccounts, giveWaitingDemoAccountsPasswords, issueDemoPasswords, type DemoAccount } from './demo/accounts';

/** Opens the database (migrating it), prepares accounts and demo data, and listens. */
export async function startServer(config: Config): Promise<FastifyInstance> {
  const started = Date.now();
  // a new embedded database is a copy of the demo template (unless DEMO_DATA=0); the passwords
  // its demo accounts will get are hashed while it opens, on another core
  const newEmbedded = !config.databaseUrl && !fs.existsSync(path.join(config.dataDir, 'pgdata', 'PG_VERSION'));
  const withDemo = newEmbedded && config.demoData !== false;
  const demoPasswords = withDemo ? issueDemoPasswords() : undefined;
  demoPasswords?.catch(() => {}); // unused when the copy fails: the demo dataset is then seeded with passwords of its own
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
    // a new installation from the demo template: its demo accounts get their passwords (and any
    // that a start cut short before this left without one)
    announceDemoAccounts(app, config, await giveWaitingDemoAccountsPasswords(handle.db, demoPasswords));
    let demo = handle.createdFrom === DEMO_TEMPLATE.name;
    if (!demo && (config.demoData ?? (handle.kind === 'pglite' && handle.created)) && (await countUsers(handle.db)) === 0) {
      announceDemoAccounts(app, config, (await seedDemo(handle.db)).accounts);
      demo = true;
    }
    // sealed with this installation's SECRET_KEY, so not part of the template
    if (demo) {
      await seedDemoConnections(handle.db, app.secrets);
      await connectDemoSignals(handle.db, app.secrets, config.appUrl);
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
  app.log.info(
    { database: handle.kind, dataDir: handle.kind === 'pglite' ? config.dataDir : undefined, ms: Date.now() - started },
    `ready on ${config.appUrl}`,
  );
  return app;
}

function announceDemoAccounts(app: FastifyInstance, config: Config, accounts: DemoAccount[]): void {
  if (!accounts.length) return;
  app.log.info({ demoAccounts: accounts.map(({ role, email, password }) => ({ role, email, password })) }, 'demo accounts ready');
  process.stdout.write(`${describeAccounts(accounts, config.appUrl)}\n`);
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
