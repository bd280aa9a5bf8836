import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { BackupError } from './backup-format';

/**
 * PostgreSQL's backup is `pg_dump -Fc` of the whole database (the app's tables and pg-boss's
 * queue): pg_dump reads everything in one repeatable-read snapshot, so a running server and
 * workers may go on writing. Its restore runs pg_restore's script through psql in ONE transaction
 * that first drops the app's schemas: the database ends up exactly as backed up (tables that a
 * later version added are gone too, and the next start migrates it again), or, when anything
 * fails, as it was. PostgreSQL's client programs (pg_dump, pg_restore, psql) must be on PATH, of
 * the server's major version or later; without them the command says so (no in-process fallback:
 * pg_dump is the consistent, restorable format PostgreSQL operators know).
 */

/** The schemas the app owns: its tables (and the extensions they use) and pg-boss's. */
const APP_SCHEMAS = ['public', 'pgboss'];

interface Connection {
  /** DATABASE_URL without its password, for the programs' command lines (visible in `ps`) */
  url: string;
  env: NodeJS.ProcessEnv;
}

function connection(databaseUrl: string): Connection {
  const env = { ...process.env };
  // scheme://user:password@… (by hand: postgresql://user@/db?host=/socket is no WHATWG URL)
  const match = /^([a-z]+:\/\/[^:@/]*):([^@/]*)@/i.exec(databaseUrl);
  if (!match) return { url: databaseUrl, env };
  env.PGPASSWORD = decodeURIComponent(match[2]);
  return { url: `${match[1]}@${databaseUrl.slice(match[0].length)}`, env };
}

/** The program on PATH, or a clear refusal. */
function program(name: string): string {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(dir || '.', name);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not there
    }
  }
  throw new BackupError(
    `${name} was not found on PATH. Backing up and restoring PostgreSQL needs its client programs (pg_dump, pg_restore, psql) ` +
      "of the server's major version or later, e.g. Debian's postgresql-client package; put their folder on PATH.",
  );
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a program; `input` is piped to its stdin, `stdout` (a stream) takes its output. */
function run(
  file: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  io: { input?: NodeJS.ReadableStream; prefix?: string } = {},
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(file, args, { env, stdio: [io.input || io.prefix ? 'pipe' : 'ignore', 'pipe', 'pipe'] });
    const result: Run = { code: null, stdout: '', stderr: '' };
    child.stdout!.on('data', (chunk) => (result.stdout += chunk));
    child.stderr!.on('data', (chunk) => (result.stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ ...result, code }));
    if (child.stdin) {
      child.stdin.on('error', () => {}); // it stopped reading: its exit code says why
      if (io.prefix) child.stdin.write(io.prefix);
      if (io.input) io.input.pipe(child.stdin);
      else child.stdin.end();
    }
  });
}

const major = (versionText: string) => Number(/(\d+)(?:\.\d+)?/.exec(versionText)?.[1] ?? Number.NaN);

async function clientMajor(file: string): Promise<number> {
  return major((await run(file, ['--version'], process.env)).stdout);
}

async function serverFacts(conn: Connection, psql: string): Promise<{ major: number; tables: number; sessions: number }> {
  const query = [
    "current_setting('server_version_num')::int / 10000",
    "(select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg_toast%')",
    '(select count(*) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid())',
  ].join(', ');
  const result = await run(psql, ['-X', '-A', '-t', '-F', ' ', '-d', conn.url, '-c', `select ${query}`], conn.env);
  if (result.code !== 0) throw new BackupError(`Could not connect to the database: ${result.stderr.trim()}`);
  const [server, tables, sessions] = result.stdout.trim().split(' ').map(Number);
  return { major: server, tables, sessions };
}

async function checkVersion(tool: string, conn: Connection, psql: string): Promise<void> {
  const [client, { major: server }] = await Promise.all([clientMajor(tool), serverFacts(conn, psql)]);
  if (client < server) {
    throw new BackupError(
      `${path.basename(tool)} is version ${client} and the server PostgreSQL ${server}: install the client programs of version ${server} or later and put them first on PATH.`,
    );
  }
}

/** Writes the pg_dump archive of DATABASE_URL's database into `file`. */
export async function backupPostgres(databaseUrl: string, file: string): Promise<void> {
  const conn = connection(databaseUrl);
  const [pgDump, psql] = [program('pg_dump'), program('psql')];
  await checkVersion(pgDump, conn, psql);
  const result = await run(pgDump, ['--format=custom', '--file', file, '--dbname', conn.url], conn.env);
  if (result.code !== 0) throw new BackupError(`pg_dump failed: ${result.stderr.trim()}`);
}

export interface PostgresRestore {
  replaced: boolean;
}

/** Replaces DATABASE_URL's database with the archive in `file` (in one transaction). */
export async function restorePostgres(databaseUrl: string, file: string, force: boolean): Promise<PostgresRestore> {
  const conn = connection(databaseUrl);
  const [pgRestore, psql] = [program('pg_restore'), program('psql')];
  await checkVersion(pgRestore, conn, psql);
  // read the archive's table of contents first: an archive pg_restore cannot read changes nothing
  const contents = await run(pgRestore, ['--list', file], conn.env);
  if (contents.code !== 0) throw new BackupError(`pg_restore cannot read ${file}: ${contents.stderr.trim()}`);
  let facts = await serverFacts(conn, psql);
  // a server just stopped may still be leaving: a few seconds' grace
  for (let wait = 0; facts.sessions > 0 && wait < 20; wait++) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    facts = await serverFacts(conn, psql);
  }
  if (facts.sessions > 0) {
    throw new BackupError(
      `${facts.sessions} other session(s) are connected to this database (a server, worker or psql?): stop them before restoring ` +
        '(a backup can be taken while they run, a restore cannot).',
    );
  }
  const replaced = facts.tables > 0;
  if (replaced && !force) {
    throw new BackupError(
      `The database is not empty (${facts.tables} tables): restoring replaces all of it ` +
        '(schema and data, the job queue too). Add --force to do so.',
    );
  }
  const archived = [...contents.stdout.matchAll(/^\d+; \d+ \d+ SCHEMA - (\S+)/gm)].map((match) => match[1]);
  const schemas = [...new Set([...APP_SCHEMAS, ...archived])];
  const prefix = `${schemas.map((schema) => `DROP SCHEMA IF EXISTS "${schema.replace(/"/g, '""')}" CASCADE;`).join('\n')}\nCREATE SCHEMA public;\n`;
  const script = spawn(pgRestore, ['--no-owner', '--no-privileges', '--file', '-', file], {
    env: conn.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let scriptErrors = '';
  script.stderr.on('data', (chunk) => (scriptErrors += chunk));
  const scriptDone = new Promise<number | null>((resolve) => script.on('close', resolve));
  const applied = await run(psql, ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '--single-transaction', '-d', conn.url, '-f', '-'], conn.env, {
    prefix,
    input: script.stdout,
  });
  const scriptCode = await scriptDone;
  if (scriptCode !== 0) throw new BackupError(`pg_restore failed, the database is unchanged: ${scriptErrors.trim()}`);
  if (applied.code !== 0) throw new BackupError(`The restore failed, the database is unchanged: ${applied.stderr.trim()}`);
  return { replaced };
}
