import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { Kysely, PGliteDialect } from 'kysely';
import type { PGlite } from '@electric-sql/pglite';
import { migrations } from './migrations';

/**
 * A new embedded database costs an initdb (seconds, tens of seconds on a busy
 * machine). We make one migrated database once per install, keep it as a
 * tarball, and unpack it for every new DATA_DIR (and every in-memory test
 * database): a new installation then starts in about the time of a restart.
 * The key changes with PGlite, pg-boss or the migrations, so a stale template
 * is never used.
 */
const require = createRequire(import.meta.url);
const cacheDir = path.resolve('node_modules/.cache/talent-backoffice');

function templateKey(): string {
  const version = (name: string) => {
    try {
      return (require(`${name}/package.json`) as { version: string }).version;
    } catch {
      return 'unknown';
    }
  };
  const parts = [version('@electric-sql/pglite'), version('pg-boss'), ...Object.keys(migrations)];
  return createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 16);
}

export type PgliteExtensions = Record<string, unknown>;

export async function createPglite(dataDir: string | undefined, extensions: PgliteExtensions, options: { loadDataDir?: Blob } = {}): Promise<PGlite> {
  const { PGlite } = await import('@electric-sql/pglite');
  return dataDir
    ? PGlite.create(dataDir, { extensions: extensions as never, ...options })
    : PGlite.create({ extensions: extensions as never, ...options });
}

/** The template's tarball, made first if missing. Undefined when it cannot be made (then initdb runs as usual). */
export async function pgliteTemplate(extensions: PgliteExtensions): Promise<Blob | undefined> {
  const file = path.join(cacheDir, `pgdata-${templateKey()}.tar.gz`);
  try {
    if (!fs.existsSync(file)) await buildTemplate(file, extensions);
    return new Blob([fs.readFileSync(file)]);
  } catch {
    return undefined;
  }
}

async function buildTemplate(file: string, extensions: PgliteExtensions): Promise<void> {
  const pglite = await createPglite(undefined, extensions);
  try {
    const { migrate } = await import('./connect');
    await migrate(new Kysely({ dialect: new PGliteDialect({ pglite }) }));
    const { PgBoss, fromPglite } = await import('pg-boss');
    const boss = new PgBoss({ db: fromPglite(pglite as never), backend: 'pglite', supervise: false, schedule: false });
    await boss.start();
    await boss.stop({ graceful: false, close: false });
    const dump = await pglite.dumpDataDir('gzip');
    fs.mkdirSync(cacheDir, { recursive: true });
    const partial = `${file}.${process.pid}.partial`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file); // atomic: a concurrent builder never sees half a file
  } finally {
    await pglite.close();
  }
}
