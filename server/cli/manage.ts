// `npm run manage -- <command> [options]`: administration commands in the spirit of
// Django's manage.py. They open the same database as the server (DATABASE_URL, or the
// embedded one in DATA_DIR, which the server's lock keeps to one process at a time).
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { sql, type Kysely } from 'kysely';
import { loadConfig, type Config } from '../config';
import { openDatabase, type DatabaseHandle } from '../db/connect';
import type { Database } from '../db/schema';
import { isUniqueViolation } from '../db/errors';
import { hashPassword, passwordProblems } from '../accounts/passwords';
import { revokeTokens } from '../accounts/tokens';
import { findUserByEmail, insertUser, updateUser } from '../accounts/users';
import { runSeed, SEED_HELP } from '../demo/seed-command';
import { promptHidden, PromptInterrupted } from './prompt';
import { BackupError, backupDatabase, describeBackupKind, restoreDatabase } from '../db/backup';
import { checkSecretKey } from './backup-secrets';

/** Exit codes: 0 done, 1 the command failed, 2 it was called wrongly, 130 interrupted. */
class CommandError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}
const usageError = (message: string) => new CommandError(message, 2);

type Options = NonNullable<ParseArgsConfig['options']>;
type Values = Record<string, string | boolean | undefined>;

interface Command {
  usage: string;
  summary: string;
  options: Options;
  /** the positional arguments it takes, by name (none when absent) */
  positionals?: string[];
  /** checks the arguments before the database is opened; answers what `run` needs */
  prepare?(values: Values): Promise<unknown>;
  run?(
    db: Kysely<Database>,
    input: { values: Values; argv: string[]; prepared: unknown; config: Config; openedAt: string; created: boolean },
  ): Promise<void>;
  /** instead of `run`: a command that opens the database its own way (never migrating it) */
  alone?(input: { values: Values; positionals: string[]; config: Config }): Promise<void>;
}

const commands: Record<string, Command> = {
  createuser: {
    usage: 'createuser --email E [--password P] [--first-name F] [--last-name L] [--staff] [--superuser] [--crowdsourcing] [--inactive]',
    summary: 'create an account (active unless --inactive; --superuser implies --staff); asks for the password on a terminal',
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      staff: { type: 'boolean' },
      superuser: { type: 'boolean' },
      crowdsourcing: { type: 'boolean' },
      inactive: { type: 'boolean' },
    },
    async prepare(values) {
      return { email: requireEmail(values), password: await newPassword(values) };
    },
    async run(db, { values, prepared }) {
      const { email, password } = prepared as { email: string; password: string };
      if (await findUserByEmail(db, email)) {
        throw new CommandError(`A user with the e-mail ${email} already exists (changepassword sets its password).`);
      }
      const superuser = values.superuser === true;
      const user = await insertUser(db, {
        email,
        password_hash: await hashPassword(password),
        first_name: String(values['first-name'] ?? '').trim(),
        last_name: String(values['last-name'] ?? '').trim(),
        is_active: values.inactive !== true,
        is_staff: superuser || values.staff === true,
        is_superuser: superuser,
        is_crowdsourcing: values.crowdsourcing === true,
      }).catch((error) => {
        throw isUniqueViolation(error) ? new CommandError(`A user with the e-mail ${email} already exists.`) : error;
      });
      const kind = [
        user.is_active ? 'active' : 'inactive',
        user.is_superuser ? 'superuser' : user.is_staff ? 'staff' : '',
        user.is_crowdsourcing ? 'crowdsourcing' : '',
      ]
        .filter(Boolean)
        .join(' ');
      console.log(`Created ${kind} account ${user.email} (id ${user.id}).`);
    },
  },

  changepassword: {
    usage: 'changepassword --email E [--password P]',
    summary: "set a user's password and sign out their sessions; asks for it on a terminal",
    options: { email: { type: 'string' }, password: { type: 'string' } },
    async prepare(values) {
      return { email: requireEmail(values), password: await newPassword(values) };
    },
    async run(db, { prepared }) {
      const { email, password } = prepared as { email: string; password: string };
      const user = await findUserByEmail(db, email);
      if (!user) throw new CommandError(`No user has the e-mail ${email}.`);
      await updateUser(db, user.id, { password_hash: await hashPassword(password) });
      await revokeTokens(db, user.id);
      console.log(`Password changed for ${user.email}; their sessions were signed out.`);
    },
  },

  migrate: {
    usage: 'migrate',
    summary: 'bring the database schema up to date (the server also does it at start)',
    options: {},
    async run(db, { openedAt, created, config }) {
      if (created) console.log(`Created a new embedded database in ${config.dataDir}.`);
      await reportMigrations(db, openedAt, created);
    },
  },

  backup: {
    usage: 'backup FILE',
    summary: "write a consistent snapshot of the whole database into FILE, while the server runs or not (pg_dump's archive on PostgreSQL)",
    options: {},
    positionals: ['FILE'],
    async alone({ positionals: [file], config }) {
      const started = Date.now();
      const outcome = await backupDatabase(config, file).catch(explainBackupError);
      const via = outcome.server ? ` (a snapshot made by the running server, pid ${outcome.server})` : '';
      console.log(
        `Backed up to ${file}: ${describeBackupKind(outcome.kind)}, ${formatBytes(outcome.bytes)} in ${((Date.now() - started) / 1000).toFixed(1)} s${via}.`,
      );
    },
  },

  restore: {
    usage: 'restore FILE [--force]',
    summary: 'replace the database with the backup in FILE (the server stopped); --force: even when the database is not empty',
    options: { force: { type: 'boolean' } },
    positionals: ['FILE'],
    async alone({ positionals: [file], values, config }) {
      const outcome = await restoreDatabase(config, file, { force: values.force === true }).catch(explainBackupError);
      console.log(
        `Restored ${file}, ${describeBackupKind(outcome.kind)}${outcome.replaced ? ', replacing the database that was there' : ''}.`,
      );
      // opened as the server opens it: a backup of an older version is migrated now
      const openedAt = new Date().toISOString();
      const handle = await openForCommand(config);
      try {
        await reportMigrations(handle.db, openedAt);
        const warning = await checkSecretKey(handle.db, config);
        if (warning) console.error(warning);
      } finally {
        await handle.close();
      }
    },
  },

  seed: {
    usage: 'seed [--profiles N [--companies M] [--seed S] [--batch B]]',
    summary: 'load the demo dataset, or add N generated profiles (see below)',
    options: {},
    async run(db, { argv, config }) {
      try {
        await runSeed(db, argv, config.appUrl);
      } catch (error) {
        // its own options are parsed there: a wrong one is still wrong usage
        if (String((error as { code?: unknown }).code).startsWith('ERR_PARSE_ARGS')) throw usageError((error as Error).message);
        throw error;
      }
    },
  },
};

/** The seed command parses its own options (they belong to server/demo). */
const passesOptionsThrough = new Set(['seed']);

function help(): string {
  const width = Math.max(...Object.keys(commands).map((name) => name.length));
  return [
    'Usage: npm run manage -- <command> [options]',
    '',
    'Commands:',
    ...Object.entries(commands).map(
      ([name, command]) => `  ${name.padEnd(width)}  ${command.summary}\n  ${' '.repeat(width)}  usage: ${command.usage}`,
    ),
    `  ${'help'.padEnd(width)}  this text`,
    '',
    'seed:',
    ...SEED_HELP.split('\n').map((line) => `  ${line}`),
    '',
    "The database is the server's: DATABASE_URL (PostgreSQL) when set, else the embedded one in DATA_DIR (default ./data).",
    'Exit codes: 0 done, 1 the command failed, 2 wrong usage.',
  ].join('\n');
}

/** What opening the database has just migrated: what it applied is stamped since `openedAt`. */
async function reportMigrations(db: Kysely<Database>, openedAt: string, created = false): Promise<void> {
  // (a new embedded database starts from an already migrated template)
  const { rows } = await sql<{ name: string; timestamp: string }>`select name, timestamp from kysely_migration order by name`.execute(db);
  const applied = rows.filter((row) => row.timestamp >= openedAt);
  if (!created && !applied.length) console.log('No migrations to apply.');
  for (const row of applied) console.log(`Applied ${row.name}`);
  console.log(`The database is up to date: ${rows.length} migrations, the latest ${rows.at(-1)?.name}.`);
}

/** The server's database, opened (and migrated) as the server opens it. */
async function openForCommand(config: Config): Promise<DatabaseHandle> {
  try {
    return await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : config.dataDir, poolSize: 2 });
  } catch (error) {
    throw new CommandError(`Could not open the database: ${(error as Error).message}`);
  }
}

const explainBackupError = (error: unknown): never => {
  throw error instanceof BackupError ? new CommandError(error.message) : error;
};

function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function requireEmail(values: Values): string {
  const email = typeof values.email === 'string' ? values.email.trim() : '';
  if (!email) throw usageError('--email is required.');
  if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw usageError(`--email: "${email}" is not an e-mail address.`);
  return email;
}

/** --password, or asked twice on a terminal; the API's password rules apply. */
async function newPassword(values: Values): Promise<string> {
  let password = values.password;
  if (typeof password !== 'string') {
    if (!process.stdin.isTTY) throw usageError('--password is required when stdin is not a terminal.');
    password = await promptHidden('Password: ');
    if ((await promptHidden('Password (again): ')) !== password) throw new CommandError('The two passwords do not match.');
  }
  const problems = passwordProblems(password);
  if (problems.length) throw new CommandError(`Password refused: ${problems.join(' ')}`);
  return password;
}

function describeDatabase(config: Config): string {
  if (!config.databaseUrl) return `embedded database in ${config.dataDir}`;
  try {
    const url = new URL(config.databaseUrl);
    return `PostgreSQL ${url.hostname ? `at ${decodeURIComponent(url.hostname)}` : ''}${url.pathname}`; // never the password
  } catch {
    return 'PostgreSQL (DATABASE_URL)';
  }
}

async function main(argv: string[]): Promise<void> {
  const [name, ...rest] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    if (!name) throw usageError(`No command given.\n\n${help()}`);
    console.log(help());
    return;
  }
  const command = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!command) throw usageError(`Unknown command "${name}".\n\n${help()}`);
  if (rest.includes('--help') || rest.includes('-h')) {
    console.log(`Usage: npm run manage -- ${command.usage}\n\n${command.summary}`);
    return;
  }
  let values: Values = {};
  let positionals: string[] = [];
  if (!passesOptionsThrough.has(name)) {
    const expected = command.positionals ?? [];
    try {
      ({ values, positionals } = parseArgs({
        args: rest,
        options: command.options,
        strict: true,
        allowPositionals: expected.length > 0,
      }) as {
        values: Values;
        positionals: string[];
      });
      if (positionals.length !== expected.length) throw new Error(`${expected.join(' ')} expected, got ${positionals.length} argument(s)`);
    } catch (error) {
      throw usageError(`${(error as Error).message}\nusage: npm run manage -- ${command.usage}`);
    }
  }
  const prepared = await command.prepare?.(values);

  const config = loadConfig();
  console.error(`Using the ${describeDatabase(config)}.`);
  if (command.alone) return command.alone({ values, positionals, config });
  if (!command.run) throw new Error(`the command ${name} has nothing to run`);
  const openedAt = new Date().toISOString();
  const handle = await openForCommand(config);
  try {
    await command.run(handle.db, { values, argv: rest, prepared, config, openedAt, created: handle.created });
  } finally {
    await handle.close();
  }
}

main(process.argv.slice(2)).then(
  () => process.exit(0),
  (error) => {
    if (error instanceof PromptInterrupted) process.exit(130);
    if (error instanceof CommandError) {
      console.error(error.message);
      process.exit(error.exitCode);
    }
    console.error(`Failed: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  },
);
