// The audit trail through the built server as `npm start` runs it (issue 19 item 3): a staff
// write recorded, read back in the list and the CSV export, a non-staff user refused. On the
// embedded database in a fresh DATA_DIR (TEST_DB=postgres: the test database).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyPostgres } from '../../server/db/empty-postgres';
import { builtServerEnv, startBuiltServer, type RunningProcess } from '../support/processes';
import { testDb } from './harness';
import type { AuditEntry, ListResponse } from '../../types/api';

const ADMIN = { email: 'auditor@example.test', password: 'auditor password 1' };
let server: RunningProcess | undefined;
let url = '';
let dataDir = '';
let token = '';

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'audit-built-'));
  const env = await builtServerEnv(dataDir, { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, AUDIT_DAYS: '30' });
  const port = Number(env.PORT);
  if (testDb === 'postgres') {
    const databaseUrl = process.env.TEST_DATABASE_URL!;
    await emptyPostgres(databaseUrl);
    env.DATABASE_URL = databaseUrl;
  }
  server = await startBuiltServer(env);
  url = `http://127.0.0.1:${port}/api/v1`;
  await server.waitForLog((line) => /^ready on /.test(line.msg));
  token = (await call('POST', '/auth/sign-in/', ADMIN, '')).body.token;
}, 300_000);
afterAll(async () => {
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function call(method: string, pathname: string, body?: object, auth = token) {
  const response = await fetch(`${url}${pathname}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(auth ? { authorization: `Token ${auth}` } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, text, body: /json/.test(response.headers.get('content-type') ?? '') ? JSON.parse(text) : undefined };
}

describe('the audit log of the built server', () => {
  it('records a staff write, lists it, exports it as CSV', async () => {
    const created = await call('POST', '/organizations/', { name: 'Built Org', users: [] });
    expect(created.status, created.text).toBe(201);
    const list = await call('GET', '/audit-log/?entity=organizations&action=create');
    expect(list.status, list.text).toBe(200);
    const page = list.body as ListResponse<AuditEntry>;
    expect(page.count).toBe(1);
    expect(page.results[0]).toMatchObject({
      user_email: ADMIN.email,
      action: 'create',
      entity: 'organizations',
      object_id: created.body.id,
      object_repr: 'Built Org',
      changes: { name: { before: null, after: 'Built Org' } },
    });
    const csv = await call('GET', '/audit-log/export/?entity=organizations');
    expect(csv.status).toBe(200);
    expect(csv.text.split('\r\n')[1]).toContain(`${ADMIN.email},create,organizations,${created.body.id},Built Org,name: — → Built Org`);
  });

  it('answers 401 without a session (403 for a non-staff user: tests/api/audit-log-list.test.ts)', async () => {
    expect((await call('GET', '/audit-log/', undefined, '')).status).toBe(401);
  });
});
