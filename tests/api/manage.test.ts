// The manage-style CLI (server/cli/manage.ts), run as a real process against a
// temporary DATA_DIR; what it did is then checked through the API of a server
// opened on the same directory once the CLI has exited.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../../server/config';
import { openDatabase, type DatabaseHandle } from '../../server/db/connect';
import { buildApp } from '../../server/app';
import { migrations } from '../../server/db/migrations';
import { startTestApi, testDb } from './harness';
import { expectStatus } from './expect';

const root = path.resolve(import.meta.dirname, '../..');
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
const SLOW = 180_000; // each run starts tsx and opens the embedded database from disk

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * `npm run manage -- ...args`. With `answers`, it runs on a pseudo-terminal
 * (util-linux's `script`) and types each answer once the prompt asks for it.
 */
function manage(args: string[], env: NodeJS.ProcessEnv, answers?: string[]): Promise<Run> {
  const fullEnv = { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'warn', ...env };
  const quoted = [tsx, 'server/cli/manage.ts', ...args].map((a) => `'${a.replace(/'/g, `'\\''`)}'`).join(' ');
  const child = answers
    ? spawn('script', ['-qefc', quoted, '/dev/null'], { cwd: root, env: fullEnv })
    : spawn(tsx, ['server/cli/manage.ts', ...args], { cwd: root, env: fullEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  const run: Run = { code: null, stdout: '', stderr: '' };
  let answered = 0;
  child.stdout!.on('data', (chunk) => {
    run.stdout += chunk;
    const prompts = run.stdout.match(/Password[^:\n]*: /g)?.length ?? 0;
    while (answers && answered < Math.min(prompts, answers.length)) child.stdin!.write(`${answers[answered++]}\r`);
  });
  child.stderr!.on('data', (chunk) => (run.stderr += chunk));
  return new Promise((resolve) => child.on('close', (code) => resolve({ ...run, code })));
}

describe('npm run manage, on an embedded DATA_DIR', () => {
  let dataDir: string;
  const env = () => ({ DATA_DIR: dataDir });
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'manage-'));
  });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it(
    'refuses wrong usage (exit code 2) and bad values (1), saying why, before opening the database',
    async () => {
      const [none, unknown, noEmail, noPassword, badOption, weak, help] = await Promise.all([
        manage([], env()),
        manage(['frobnicate'], env()),
        manage(['createuser', '--password', 'long enough pw'], env()),
        manage(['createuser', '--email', 'x@example.test'], env()),
        manage(['createuser', '--email', 'x@example.test', '--password', 'long enough pw', '--admin'], env()),
        manage(['createuser', '--email', 'weak@example.test', '--password', '1234'], env()),
        manage(['help'], env()),
      ]);
      expect(none.code).toBe(2);
      expect(none.stderr).toContain('createuser');
      expect(unknown.code).toBe(2);
      expect(unknown.stderr).toContain('Unknown command "frobnicate"');
      expect(noEmail.code).toBe(2);
      expect(noEmail.stderr).toContain('--email is required');
      expect(noPassword.code).toBe(2);
      expect(noPassword.stderr).toContain('--password is required when stdin is not a terminal');
      expect(badOption.code).toBe(2);
      expect(badOption.stderr).toContain("'--admin'");
      expect(weak.code).toBe(1); // a refused value, not wrong usage
      expect(weak.stderr).toContain('too short');
      expect(help.code).toBe(0);
      for (const command of ['createuser', 'changepassword', 'migrate', 'seed', 'help']) expect(help.stdout).toContain(command);
      expect(fs.readdirSync(dataDir)).toEqual([]);
    },
    SLOW,
  );

  it(
    'migrate creates a new installation, or says there is nothing to apply',
    async () => {
      const names = Object.keys(migrations).sort();
      const upToDate = `The database is up to date: ${names.length} migrations, the latest ${names.at(-1)}.`;
      const first = await manage(['migrate'], env());
      expect(first.code, first.stderr).toBe(0);
      expect(first.stdout).toContain(`Created a new embedded database in ${dataDir}.`);
      expect(first.stdout).toContain(upToDate);
      const again = await manage(['migrate'], env());
      expect(again.code, again.stderr).toBe(0);
      expect(again.stdout).toContain('No migrations to apply.');
      expect(again.stdout).toContain(upToDate);
    },
    SLOW,
  );

  it(
    'createuser and changepassword: with --password, prompted on a terminal, refused when they must be',
    async () => {
      const created = await manage(
        [
          'createuser',
          '--email',
          'Chief@Example.test',
          '--password',
          'first password',
          '--first-name',
          'Chief',
          '--last-name',
          'Admin',
          '--superuser',
        ],
        env(),
      );
      expect(created.code, created.stderr).toBe(0);
      expect(created.stdout).toContain('Chief@Example.test');

      const duplicate = await manage(['createuser', '--email', 'chief@example.test', '--password', 'another password'], env());
      expect(duplicate.code).toBe(1);
      expect(duplicate.stderr).toContain('already exists');

      const prompted = await manage(['createuser', '--email', 'typed@example.test', '--crowdsourcing'], env(), [
        'typed password',
        'typed password',
      ]);
      expect(prompted.code, prompted.stdout).toBe(0);
      expect(prompted.stdout).not.toContain('typed password'); // never echoed

      const mismatch = await manage(['changepassword', '--email', 'typed@example.test'], env(), ['one password', 'another one']);
      expect(mismatch.code).toBe(1);
      expect(mismatch.stdout).toContain('do not match');

      const changed = await manage(['changepassword', '--email', 'chief@example.test', '--password', 'second password'], env());
      expect(changed.code, changed.stderr).toBe(0);
      const unknown = await manage(['changepassword', '--email', 'nobody@example.test', '--password', 'second password'], env());
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain('No user has the e-mail nobody@example.test');
    },
    SLOW * 3,
  );

  let demoStaffPassword = '';
  it(
    'seed loads the demo dataset and prints the demo accounts; a wrong option is wrong usage',
    async () => {
      const seeded = await manage(['seed'], env());
      expect(seeded.code, seeded.stderr).toBe(0);
      demoStaffPassword = /staff\s+staff@demo\.test\s+(\S+)/.exec(seeded.stdout)?.[1] ?? '';
      expect(demoStaffPassword, seeded.stdout).not.toBe('');
      const wrong = await manage(['seed', '--bogus'], env());
      expect(wrong.code).toBe(2);
      expect(wrong.stderr).toContain("'--bogus'");
    },
    SLOW,
  );

  describe('then the server, opened on that DATA_DIR', () => {
    let handle: DatabaseHandle;
    let app: FastifyInstance;
    beforeAll(async () => {
      handle = await openDatabase({ dataDir });
      const config = { ...loadConfig({ DATA_DIR: dataDir }), staticDir: path.join(os.tmpdir(), 'no-built-app') };
      app = await buildApp({ config, handle, logger: false, workers: false });
      await app.ready();
    }, SLOW);
    afterAll(async () => {
      await app?.close();
      await handle?.close();
    });
    const signIn = (email: string, password: string) =>
      app.inject({ method: 'POST', url: '/api/v1/auth/sign-in/', payload: { email, password } });

    it('signs in the accounts the CLI made, with the passwords it set', async () => {
      expect((await signIn('chief@example.test', 'first password')).statusCode).toBe(400);
      const { token } = expectStatus(await signIn('chief@example.test', 'second password'), 200);
      const me = expectStatus(
        await app.inject({ method: 'GET', url: '/api/v1/users/me', headers: { authorization: `Token ${token}` } }),
        200,
      );
      expect(me).toMatchObject({
        email: 'Chief@Example.test',
        first_name: 'Chief',
        last_name: 'Admin',
        is_active: true,
        is_staff: true,
        is_superuser: true,
        is_crowdsourcing: false,
      });

      const typed = expectStatus(await signIn('typed@example.test', 'typed password'), 200);
      const typedMe = expectStatus(
        await app.inject({ method: 'GET', url: '/api/v1/users/me', headers: { authorization: `Token ${typed.token}` } }),
        200,
      );
      expect(typedMe).toMatchObject({ is_staff: false, is_superuser: false, is_crowdsourcing: true });

      expectStatus(await signIn('staff@demo.test', demoStaffPassword), 200);
    });

    it(
      'the CLI refuses, clearly, a DATA_DIR the server has open',
      async () => {
        const refused = await manage(['createuser', '--email', 'late@example.test', '--password', 'long enough pw'], env());
        expect(refused.code).toBe(1);
        expect(refused.stderr).toMatch(/in use by another process \(pid \d+\)/);
        expect((await signIn('late@example.test', 'long enough pw')).statusCode).toBe(400);
      },
      SLOW,
    );
  });
});

describe.runIf(testDb === 'postgres')('npm run manage, on DATABASE_URL', () => {
  it(
    'createuser writes to the PostgreSQL database the server uses',
    async () => {
      const api = await startTestApi();
      try {
        const run = await manage(['createuser', '--email', 'pg@example.test', '--password', 'long enough pw', '--staff', '--inactive'], {
          DATABASE_URL: process.env.TEST_DATABASE_URL,
        });
        expect(run.code, run.stderr).toBe(0);
        expect(run.stderr).not.toContain('@%2F'); // the URL is described, never printed whole
        const signIn = () =>
          api.call(undefined, {
            method: 'POST',
            url: '/api/v1/auth/sign-in/',
            payload: { email: 'pg@example.test', password: 'long enough pw' },
          });
        expect((await signIn()).statusCode).toBe(400); // --inactive
        const staff = await api.user({ is_staff: true });
        const user = await api.handle.db
          .selectFrom('app_user')
          .select('id')
          .where('email', '=', 'pg@example.test')
          .executeTakeFirstOrThrow();
        expectStatus(await api.call(staff.token, { method: 'POST', url: '/api/v1/users/activate/', payload: { user_id: user.id } }), 200);
        expectStatus(await signIn(), 200);
      } finally {
        await api.close();
      }
    },
    SLOW,
  );
});
