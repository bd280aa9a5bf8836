// A new embedded installation (server/db/template.ts): a new DATA_DIR starts as a copy of a
// template made once per install, taking its spare copy when there is one; the demo accounts
// it brings get passwords of their own. Embedded only: PostgreSQL has no DATA_DIR.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../../server/db/connect';
import { ensureTemplate, MIGRATED, prepareSpare, templateReady } from '../../server/db/template';
import { pgliteExtensions } from '../../server/db/pglite';
import { DEMO_TEMPLATE } from '../../server/demo/seed';
import { giveWaitingDemoAccountsPasswords } from '../../server/demo/accounts';
import { UNUSABLE_PASSWORD_HASH, verifyPassword } from '../../server/accounts/passwords';
import { findUserByEmail } from '../../server/accounts/users';
import { loadConfig } from '../../server/config';
import { startServer } from '../../server/main';
import { testDb } from './harness';
import { expectStatus } from './expect';
import type { Execution, ListResponse, Notification, PlatformConnection, Rule } from '../../types/api';

const SLOW = 120_000; // the first run of an install makes the templates (seconds each)

describe.runIf(testDb === 'pglite')('a new embedded installation', () => {
  const dirs: string[] = [];
  const handles: DatabaseHandle[] = [];
  const newDataDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'new-install-'));
    dirs.push(dir);
    return dir;
  };
  const open = async (template = DEMO_TEMPLATE) => {
    const handle = await openDatabase({ dataDir: newDataDir(), template });
    handles.push(handle);
    return handle;
  };
  const staffCount = async (handle: DatabaseHandle) =>
    Number((await sql<{ n: number }>`select count(*)::int as n from app_user where is_staff`.execute(handle.db)).rows[0].n);

  beforeAll(async () => {
    const extensions = await pgliteExtensions();
    for (const template of [MIGRATED, DEMO_TEMPLATE]) {
      await ensureTemplate(template, extensions);
      await prepareSpare(template);
    }
  }, SLOW);
  afterEach(async () => {
    for (const handle of handles.splice(0)) await handle.close();
  });
  afterAll(() => {
    dirs.forEach((dir) => {
      fs.rmSync(dir, { recursive: true, force: true });
    });
  });

  it(
    'takes the spare copy, which it makes again; each installation has a database of its own',
    async () => {
      expect(templateReady(DEMO_TEMPLATE)).toBe(true);
      const first = await open();
      expect(first).toMatchObject({ created: true, createdFrom: 'demo' });
      expect(templateReady(DEMO_TEMPLATE), 'the spare was taken').toBe(false);
      await first.restock();
      expect(templateReady(DEMO_TEMPLATE), 'a new spare').toBe(true);

      await sql`update app_user set is_staff = true`.execute(first.db);
      const everyoneStaff = await staffCount(first);
      const second = await open();
      expect(second.createdFrom).toBe('demo');
      expect(await staffCount(second)).toBeLessThan(everyoneStaff);
      expect(await staffCount(second)).toBe(1);
    },
    SLOW,
  );

  it(
    'copies the template itself when the spare is gone, and closing makes the next spare',
    async () => {
      const first = await open(MIGRATED);
      expect(templateReady(MIGRATED)).toBe(false);
      const second = await open(MIGRATED); // no spare: a plain copy
      expect(second).toMatchObject({ created: true, createdFrom: 'migrated' });
      expect(Number((await sql<{ n: number }>`select count(*)::int as n from app_user`.execute(second.db)).rows[0].n)).toBe(0);
      await first.close();
      expect(templateReady(MIGRATED), 'close() made the spare the first one took').toBe(true);
      await second.close();
    },
    SLOW,
  );

  it(
    'gives the demo accounts passwords of their own, once',
    async () => {
      const handle = await open();
      const staff = await findUserByEmail(handle.db, 'staff@demo.test');
      expect(staff?.password_hash).toBe(UNUSABLE_PASSWORD_HASH);

      const given = await giveWaitingDemoAccountsPasswords(handle.db);
      expect(given.map((a) => [a.role, a.email])).toEqual([
        ['staff', 'staff@demo.test'],
        ['normal', 'user@demo.test'],
        ['crowdsourcing', 'scout@demo.test'],
      ]);
      expect(new Set(given.map((a) => a.password)).size).toBe(3);
      for (const account of given) {
        const user = await findUserByEmail(handle.db, account.email);
        expect(await verifyPassword(account.password, user!.password_hash)).toBe(true);
      }
      expect(await giveWaitingDemoAccountsPasswords(handle.db)).toEqual([]);
    },
    SLOW,
  );

  it(
    'as the server starts it: answers, prints the demo accounts, whose passwords sign in; a restart keeps them',
    async () => {
      const dataDir = newDataDir();
      const config = {
        ...loadConfig({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent' }),
        staticDir: path.join(os.tmpdir(), 'no-built-app'),
      };
      const printed: string[] = [];
      const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
        printed.push(String(chunk));
        return true;
      });
      let password: string;
      try {
        const app = await startServer(config);
        expect((await app.inject({ method: 'GET', url: '/api/v1/users/me' })).statusCode).toBe(401);
        password = /staff@demo\.test\s+(\S+)/.exec(printed.join(''))?.[1] ?? '';
        expect(password).toMatch(/^demo-/);
        const { token } = expectStatus<{ token: string }>(
          await app.inject({ method: 'POST', url: '/api/v1/auth/sign-in/', payload: { email: 'staff@demo.test', password } }),
          200,
        );
        // the data operations' demo: a history of executions, a failure among them; platform
        // connections sealed with this installation's own key, answered masked
        const asStaff = (url: string) => app.inject({ method: 'GET', url, headers: { authorization: `Token ${token}` } });
        const executions = expectStatus<ListResponse<Execution>>(await asStaff('/api/v1/executions?page_size=100'), 200);
        expect(executions.count).toBeGreaterThanOrEqual(6);
        expect(executions.results.some((e) => e.status === 'FAILURE' && e.result?.exc_type)).toBe(true);
        expect(executions.results.some((e) => e.status === 'SUCCESS' && e.attempts > 1)).toBe(true);
        const connections = expectStatus<ListResponse<PlatformConnection>>(
          await asStaff('/api/v1/platform-connections?page_size=100'),
          200,
        );
        expect(connections.results.map((c) => c.category_type).sort()).toEqual([
          'http_header',
          'openai_compatible',
          'people_data_labs',
          'slack_webhook',
          'slack_webhook',
        ]);
        expect(JSON.stringify(connections.results)).not.toContain('demo-pdl-key-not-real');
        expect(JSON.stringify(connections.results)).not.toContain('hooks.slack.invalid');
        // the signals' demo: rules of each model and priority, notifications in each status
        const rules = expectStatus<ListResponse<Rule>>(await asStaff('/api/v1/rules?page_size=100'), 200);
        expect(new Set(rules.results.map((r) => r.model_name))).toEqual(new Set(['Profile', 'Job']));
        expect(new Set(rules.results.map((r) => r.priority))).toEqual(new Set(['High', 'Medium', 'Low']));
        const notifications = expectStatus<ListResponse<Notification>>(await asStaff('/api/v1/notifications?page_size=100'), 200);
        expect(new Set(notifications.results.map((n) => n.notification_status))).toEqual(new Set(['PENDING', 'SENT', 'FAILED']));
        expect(notifications.results.find((n) => n.notification_status === 'FAILED')?.failure_reason).toMatch(/Slack/);
        // made in the template, their links put on this installation's APP_URL at its first start
        const details = await app.handle.db.selectFrom('notification').select('details').execute();
        for (const { details: d } of details)
          expect((d as { links: { person: string } }).links.person.startsWith(`${config.appUrl}/profiles/`)).toBe(true);
        expect(connections.results.find((c) => c.category_type === 'people_data_labs')!.connection_parameters.api_key).toBe('••••••••1234');
        const stored = await app.handle.db.selectFrom('platform_connection').select('connection_parameters').execute();
        expect(JSON.stringify(stored)).not.toContain('demo-pdl-key-not-real');
        await app.close();

        printed.length = 0;
        const restarted = await startServer(config);
        expect(printed.join('')).not.toContain('Demo accounts');
        expectStatus(
          await restarted.inject({ method: 'POST', url: '/api/v1/auth/sign-in/', payload: { email: 'staff@demo.test', password } }),
          200,
        );
        await restarted.close();
      } finally {
        write.mockRestore();
      }
    },
    SLOW,
  );
});
