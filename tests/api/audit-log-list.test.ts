// The audit log as staff read it (issue 19 item 3): GET /audit-log/ (403 for everyone else),
// its filters by user, entity, action (repeatable), object and date, its search and ordering,
// one entry's detail, the CSV export of the same filtered list; AUDIT_DAYS' retention, run by
// its daily job on backdated rows; many entries written in batches.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { AuditEntry, ListResponse } from '../../types/api';
import { loadConfig } from '../../server/config';
import { insertAuditEntries, type AuditRecord } from '../../server/audit/record';
import { AUDIT_RETENTION_QUEUE } from '../../server/jobs/audit-retention';
import { PASSWORD_CHANGED, auditedAccountWrite, sessionsEnded } from '../../server/audit/account';
import { AUDIT_MASK } from '../../types/api';
import { startTestApi, type TestApi, type TestUser } from './harness';
import { expectErrors, expectStatus } from './expect';

let api: TestApi;
let staff: TestUser;
let scout: TestUser;
const AUDIT_DAYS = 3;

beforeAll(async () => {
  api = await startTestApi({ jobTiming: { ...loadConfig({}).jobTiming, auditDays: AUDIT_DAYS } });
  staff = await api.user({ is_staff: true, email: 'boss@audit.test' });
  scout = await api.user({ email: 'scout@audit.test' });
  // three writes of two users, then a backdated entry past the retention and one just inside it
  await api.call(staff.token, { method: 'POST', url: '/api/v1/organizations/', payload: { name: 'Zeta Org', users: [] } });
  await api.call(scout.token, { method: 'POST', url: '/api/v1/profile-lists/', payload: { name: 'Scout, "list"; one', profiles: [] } });
  await api.call(scout.token, { method: 'PUT', url: '/api/v1/users/me/settings/', payload: { time_zone: 'Europe/Paris', digest_hour: 8 } });
  await insertAuditEntries(api.handle.db, { id: staff.id, email: staff.email }, [
    record('delete', 'organizations', 77, 'Old Org'),
    record('update', 'organizations', 78, 'Recent Org'),
  ]);
  await sql`UPDATE audit_log SET created_at = now() - interval '10 days' WHERE object_id = 77`.execute(api.handle.db);
  await sql`UPDATE audit_log SET created_at = now() - interval '2 days' WHERE object_id = 78`.execute(api.handle.db);
});
afterAll(async () => api?.close());

function record(action: AuditRecord['action'], entity: string, id: number, repr: string): AuditRecord {
  return { action, entity, object_id: id, object_repr: repr, changes: { name: { before: 'a', after: 'b' } } };
}

const list = async (query = '', user = staff) =>
  expectStatus<ListResponse<AuditEntry>>(await api.call(user.token, { method: 'GET', url: `/api/v1/audit-log/${query}` }), 200);
const reprs = (page: ListResponse<AuditEntry>) => page.results.map((entry) => entry.object_repr);

describe('who may read it', () => {
  it('staff only: 403 for a signed-in user on the list, an entry and the export; 401 without a session', async () => {
    for (const url of ['/api/v1/audit-log/', '/api/v1/audit-log/1/', '/api/v1/audit-log/export/']) {
      expectErrors(await api.call(scout.token, { method: 'GET', url }), 403);
      expectErrors(await api.call(undefined, { method: 'GET', url }), 401);
    }
  });

  it('is read-only: no create, update or delete', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      const url = method === 'POST' ? '/api/v1/audit-log/' : '/api/v1/audit-log/1/';
      expect((await api.call(staff.token, { method, url, payload: {} })).statusCode).toBe(404);
    }
  });
});

describe('the list', () => {
  it('newest first, each entry as the wire schema says; one entry by id', async () => {
    const page = await list();
    expect(reprs(page)).toEqual([scout.email, 'Scout, "list"; one', 'Zeta Org', 'Recent Org', 'Old Org']);
    const [settings] = page.results;
    expect(settings).toMatchObject({ user: scout.id, user_email: scout.email, action: 'settings', entity: 'users', object_id: scout.id });
    expect(settings.changes.time_zone).toEqual({ before: null, after: 'Europe/Paris' });
    expect(expectStatus<AuditEntry>(await api.call(staff.token, { method: 'GET', url: `/api/v1/audit-log/${settings.id}/` }), 200)).toEqual(
      settings,
    );
    expectErrors(await api.call(staff.token, { method: 'GET', url: '/api/v1/audit-log/999999/' }), 404);
  });

  it('filters by user, entity, action (repeated), object and date; searches the object and the e-mail; orders', async () => {
    expect(reprs(await list(`?user=${scout.id}`))).toEqual([scout.email, 'Scout, "list"; one']);
    expect(reprs(await list('?entity=organizations&action=create'))).toEqual(['Zeta Org']);
    expect(reprs(await list('?action=delete&action=update'))).toEqual(['Recent Org', 'Old Org']);
    expect(reprs(await list('?object_id=78'))).toEqual(['Recent Org']);
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    expect(reprs(await list(`?created_at__lte=${day(5)}`))).toEqual(['Old Org']);
    expect(reprs(await list(`?created_at__gte=${encodeURIComponent(new Date(Date.now() - 86_400_000).toISOString())}`))).toHaveLength(3);
    expect(reprs(await list('?search=zeta'))).toEqual(['Zeta Org']);
    expect(reprs(await list('?search=scout@audit'))).toHaveLength(2);
    expect(reprs(await list('?ordering=created_at')).at(0)).toBe('Old Org');
    expectErrors(await api.call(staff.token, { method: 'GET', url: '/api/v1/audit-log/?created_at__gte=yesterday' }), 400, [
      'created_at__gte',
    ]);
    for (const far of ['-100000-01-01T00:00:00Z', '+200000-01-01T00:00:00Z', '2026-13-45']) {
      const url = `/api/v1/audit-log/export/?created_at__lte=${encodeURIComponent(far)}`;
      expectErrors(await api.call(staff.token, { method: 'GET', url }), 400, ['created_at__lte']);
    }
    expectErrors(await api.call(staff.token, { method: 'GET', url: '/api/v1/audit-log/?action=launch' }), 400);
  });
});

describe('whether the object is still there', () => {
  it('object_exists: true while it is, false once deleted and for the deletion itself', async () => {
    const made = expectStatus<{ id: number }>(
      await api.call(staff.token, { method: 'POST', url: '/api/v1/organizations/', payload: { name: 'Short-lived Org', users: [] } }),
      201,
    );
    const kept = expectStatus<{ id: number }>(
      await api.call(staff.token, { method: 'POST', url: '/api/v1/organizations/', payload: { name: 'Kept Org', users: [] } }),
      201,
    );
    const exists = async (id: number) =>
      (await list(`?entity=organizations&object_id=${id}`)).results.map((e) => [e.action, e.object_exists]);
    expect(await exists(made.id)).toEqual([['create', true]]);
    expect((await api.call(staff.token, { method: 'DELETE', url: `/api/v1/organizations/${made.id}/` })).statusCode).toBe(204);
    expect(await exists(made.id)).toEqual([
      ['delete', false],
      ['create', false],
    ]);
    expect(await exists(kept.id)).toEqual([['create', true]]);
    // one entry's detail says it too
    const entry = (await list(`?entity=organizations&object_id=${kept.id}`)).results[0];
    expect(
      expectStatus<AuditEntry>(await api.call(staff.token, { method: 'GET', url: `/api/v1/audit-log/${entry.id}/` }), 200).object_exists,
    ).toBe(true);
  });
});

describe('the CSV export', () => {
  it('streams the filtered list: time, user, action, entity, object id, object, changes as field: before → after', async () => {
    const response = await api.call(staff.token, { method: 'GET', url: `/api/v1/audit-log/export/?user=${scout.id}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    expect(response.headers['x-total-count']).toBe('2');
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('time,user email,action,entity,object id,object,changes');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(new RegExp(`^\\d{4}-\\d\\d-\\d\\dT[^,]+Z,${scout.email},settings,users,${scout.id},${scout.email},`));
    expect(lines[1]).toContain('time_zone: — → Europe/Paris');
    expect(lines[2]).toContain(',create,profile-lists,');
    expect(lines[2]).toContain('"Scout, ""list""; one"');
    expect(lines[2]).toMatch(/,"name: — → Scout, ""list""; one; profiles: — → \[\]"$/);
  });
});

describe('retention and volume', () => {
  it('AUDIT_DAYS: 365 by default, whole days of at least one', () => {
    expect(loadConfig({}).jobTiming.auditDays).toBe(365);
    expect(loadConfig({ AUDIT_DAYS: '30' }).jobTiming.auditDays).toBe(30);
    expect(loadConfig({ AUDIT_DAYS: 'forever' }).jobTiming.auditDays).toBe(365);
    expect(loadConfig({ AUDIT_DAYS: '0' }).jobTiming.auditDays).toBe(1);
  });

  it(`the daily job deletes entries older than AUDIT_DAYS (${AUDIT_DAYS} here), keeps the rest`, async () => {
    const count = async () =>
      (await api.handle.db.selectFrom('audit_log').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()).n;
    const before = Number(await count());
    await api.app.jobs.send(AUDIT_RETENTION_QUEUE, { reason: 'test' });
    const deadline = Date.now() + 30_000;
    while (Number(await count()) === before && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(Number(await count())).toBe(before - 1);
    expect(reprs(await list('?object_id=77'))).toEqual([]);
    expect(reprs(await list('?object_id=78'))).toEqual(['Recent Org']);
  });

  it('2,500 entries of one write are written in a few multi-row statements', async () => {
    const records = Array.from({ length: 2_500 }, (_, i) => record('delete', 'notifications', 100_000 + i, `N${i}`));
    let statements = 0;
    const counting = api.handle.db.withPlugin({
      transformQuery: (args) => {
        statements += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    await insertAuditEntries(counting, null, records);
    expect(statements).toBe(3);
    expect((await list('?entity=notifications&page_size=1')).count).toBe(2_500);
  });
});

describe('the account calls’ recorder (for the auth routes)', () => {
  it('records a password change masked and sessions ended, with the write; a write that fails records nothing', async () => {
    const db = api.handle.db;
    const user = { id: scout.id, email: scout.email };
    await auditedAccountWrite(
      db,
      user,
      user,
      'password',
      async (trx) => {
        await trx.updateTable('app_user').set({ first_name: 'Renamed' }).where('id', '=', user.id).execute();
      },
      () => PASSWORD_CHANGED,
    );
    await auditedAccountWrite(db, user, user, 'sessions', async () => 2, sessionsEnded);
    await expect(
      auditedAccountWrite(
        db,
        user,
        user,
        'password',
        async (trx) => {
          await trx.updateTable('app_user').set({ first_name: 'Never' }).where('id', '=', user.id).execute();
          throw new Error('refused');
        },
        () => PASSWORD_CHANGED,
      ),
    ).rejects.toThrow('refused');
    const entries = (await list(`?user=${scout.id}&action=password&action=sessions`)).results;
    expect(entries.map((e) => [e.action, e.changes])).toEqual([
      ['sessions', { sessions_ended: { before: null, after: 2 } }],
      ['password', { password: { before: AUDIT_MASK, after: AUDIT_MASK } }],
    ]);
    const row = await db.selectFrom('app_user').select('first_name').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.first_name).toBe('Renamed');
  });
});
