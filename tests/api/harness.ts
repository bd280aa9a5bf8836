import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { startSmtpCapture, type SmtpCapture } from '../support/smtp';
import { sql } from 'kysely';
import { loadConfig, type Config } from '../../server/config';
import { openDatabase, type DatabaseHandle } from '../../server/db/connect';
import { buildApp } from '../../server/app';
import { hashPassword } from '../../server/accounts/passwords';
import { insertUser } from '../../server/accounts/users';
import { issueToken } from '../../server/accounts/tokens';
import { emptyPostgres } from '../../server/db/empty-postgres';
import { claimTestDatabase } from './test-database';

/**
 * The API under test: `TEST_DB=pglite` (default) opens a fresh in-memory
 * PGlite; `TEST_DB=postgres` empties the file's own PostgreSQL database first.
 * The same suites run on both.
 */
export const testDb = (process.env.TEST_DB ?? 'pglite') as 'pglite' | 'postgres';

/**
 * TEST_DATABASE_URL as given: the server, and the database whose name the files' own are named
 * after. Every test file importing this module gets a database of its own beside it
 * (tests/api/test-database.ts), and TEST_DATABASE_URL names that one from here on, for this
 * file's code and the processes it starts: another run emptying its database, or what an
 * earlier file left connected, can no longer drop this file's tables mid-run.
 */
export const baseTestDatabaseUrl = testDb === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
if (testDb === 'postgres') {
  if (!baseTestDatabaseUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  process.env.TEST_DATABASE_URL = (await claimTestDatabase(baseTestDatabaseUrl)).url;
}

export interface TestApi {
  app: FastifyInstance;
  handle: DatabaseHandle;
  config: Config;
  /** a user with a known password; an active one comes with a session token (inactive: '') */
  user(options?: Partial<UserOptions>): Promise<TestUser>;
  /** fastify.inject with a token */
  call(token: string | undefined, options: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface UserOptions {
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  is_staff: boolean;
  is_active: boolean;
  is_crowdsourcing: boolean;
}

export interface TestUser {
  id: number;
  email: string;
  password: string;
  token: string;
}

let sequence = 0;
const PASSWORD = 'correct horse battery';
let passwordHash: Promise<string> | undefined;

export async function startTestApi(
  overrides: Partial<Config> = {},
  env: NodeJS.ProcessEnv = {},
  options: Pick<Parameters<typeof buildApp>[0], 'extraApiModules'> = {},
): Promise<TestApi> {
  let databaseUrl: string | undefined;
  if (testDb === 'postgres') {
    databaseUrl = process.env.TEST_DATABASE_URL;
    if (!databaseUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    await emptyPostgres(databaseUrl);
  }
  const config: Config = {
    ...loadConfig({ ...env, APP_URL: 'http://app.test' }),
    databaseUrl,
    // the API alone unless a test serves a built app of its own (./dist may or may not exist)
    staticDir: path.join(os.tmpdir(), 'no-built-app'),
    // secrets sealed with a key of the tests' own, not one generated into ./data
    secretKey: 'test secret key',
    // generous: suites sign in many times from one address; throttling tests pass their own limits
    throttle: { perIpPerMinute: 10_000, perAccountPer15Minutes: 10_000 },
    ...overrides,
  };
  const handle = await openDatabase({ databaseUrl, poolSize: 4 });
  const app = await buildApp({ config, handle, logger: false, ...options });
  await app.ready();

  const call: TestApi['call'] = (token, options) =>
    app.inject({ ...options, headers: { ...(token ? { authorization: `Token ${token}` } : {}), ...options.headers } });

  return {
    app,
    handle,
    config,
    call,
    async user(options = {}) {
      sequence += 1;
      const email = options.email ?? `user${sequence}@example.test`;
      const password = options.password ?? PASSWORD;
      let hash: string;
      if (options.password) hash = await hashPassword(password);
      else {
        passwordHash ??= hashPassword(PASSWORD);
        hash = await passwordHash;
      }
      const row = await insertUser(handle.db, {
        email,
        password_hash: hash,
        first_name: options.first_name ?? `First${sequence}`,
        last_name: options.last_name ?? `Last${sequence}`,
        is_staff: options.is_staff ?? false,
        is_active: options.is_active ?? true,
        is_crowdsourcing: options.is_crowdsourcing ?? false,
      });
      // a session as sign-in makes it, without spending the sign-in throttle or a password check
      const token = row.is_active ? await issueToken(handle.db, row.id) : '';
      return { id: row.id, email, password, token };
    },
    async close() {
      await app.close();
      await handle.close();
    },
  };
}

/** Rows in a table, for checks that look under the API. */
export async function countRows(handle: DatabaseHandle, table: string): Promise<number> {
  const result = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(handle.db);
  return Number(result.rows[0].n);
}

/**
 * One API whose mail goes through a real local SMTP server (as SMTP_URL sends it in
 * production), started before the file's tests and closed after them.
 */
export function mailingTestApi() {
  let api: TestApi | undefined;
  let smtp: SmtpCapture | undefined;
  beforeAll(async () => {
    smtp = await startSmtpCapture();
    api = await startTestApi({ smtpUrl: smtp.url });
  });
  afterAll(async () => {
    await api?.close();
    await smtp?.close();
  });
  return {
    get api(): TestApi {
      if (!api) throw new Error('the API starts in beforeAll');
      return api;
    },
    get smtp(): SmtpCapture {
      if (!smtp) throw new Error('the SMTP capture starts in beforeAll');
      return smtp;
    },
    post(url: string, payload: object, token?: string) {
      return this.api.call(token, { method: 'POST', url, payload });
    },
  };
}
