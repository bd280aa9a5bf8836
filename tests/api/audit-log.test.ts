// The audit trail (issue 19 item 3): every kind of write through the API leaves one entry with
// who, what, which object and the fields it changed, before → after; a refused write (400, 409)
// leaves none (same transaction); secrets never reach it; a signed link's action is its user's;
// a scheduled retrieval is the system's (user null).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { AuditEntry, DataSource, Execution, Organization, ProfileList, Rule } from '../../types/api';
import { AUDIT_MASK } from '../../types/api';
import { signAlertToken } from '../../server/signals/alert-tokens';
import { executionForJob } from '../../server/data-operations/executions';
import { startTestApi, type TestApi } from './harness';
import { expectErrors, expectStatus } from './expect';
import { buildProfileWorld, PROFILES, type ProfileWorld, type UserKey } from './fixtures/profiles';

let api: TestApi;
let world: ProfileWorld;

beforeAll(async () => {
  api = await startTestApi({ workers: false });
  world = await buildProfileWorld(api);
});
afterAll(async () => api?.close());

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (user: UserKey, method: Method, url: string, payload?: object) =>
  api.call(world.users[user].token, { method, url, ...(payload ? { payload } : {}) });

const lastId = async () =>
  Number((await sql<{ n: number }>`select coalesce(max(id), 0) as n from audit_log`.execute(api.handle.db)).rows[0].n);

/** The entries a write added (read under the API, oldest first). */
async function entriesOf(write: () => Promise<unknown>): Promise<AuditEntry[]> {
  const before = await lastId();
  await write();
  const rows = await api.handle.db.selectFrom('audit_log').selectAll().where('id', '>', before).orderBy('id').execute();
  return rows.map((r) => ({ ...r, user: r.user_id, created_at: r.created_at.toISOString() }) as unknown as AuditEntry);
}

/** The one entry a write added. */
async function entryOf(write: () => Promise<unknown>): Promise<AuditEntry> {
  const entries = await entriesOf(write);
  expect(entries).toHaveLength(1);
  return entries[0];
}

/** a DELETE answered 204, no body */
const deleted = (response: { statusCode: number; body: string }) => expect(response.statusCode, response.body).toBe(204);
const by = (user: UserKey) => ({ user: world.users[user].id, user_email: world.users[user].email });

describe('the generic create, update and delete of every entity', () => {
  it('an organization: every field on create, only what changed on update, every field on delete', async () => {
    let created!: Organization;
    const create = await entryOf(async () => {
      created = expectStatus<Organization>(
        await call('staff', 'POST', '/api/v1/organizations/', { name: 'Acme', users: [world.users.alice.id] }),
        201,
      );
    });
    expect(create).toMatchObject({ ...by('staff'), action: 'create', entity: 'organizations', object_id: created.id, object_repr: 'Acme' });
    expect(create.changes).toEqual({ name: { before: null, after: 'Acme' }, users: { before: null, after: [world.users.alice.id] } });

    const update = await entryOf(async () =>
      expectStatus(await call('staff', 'PATCH', `/api/v1/organizations/${created.id}/`, { name: 'Acme Inc' }), 200),
    );
    expect(update).toMatchObject({ action: 'update', object_repr: 'Acme Inc', changes: { name: { before: 'Acme', after: 'Acme Inc' } } });
    expect(Object.keys(update.changes)).toEqual(['name']);

    const removal = await entryOf(async () => deleted(await call('staff', 'DELETE', `/api/v1/organizations/${created.id}/`)));
    expect(removal).toMatchObject({ action: 'delete', object_id: created.id, object_repr: 'Acme Inc' });
    expect(removal.changes.name).toEqual({ before: 'Acme Inc', after: null });
  });

  it('a refused write leaves no entry: a 400 on create and on update, a 404', async () => {
    const entries = await entriesOf(async () => {
      expectErrors(await call('staff', 'POST', '/api/v1/organizations/', { name: ' ', users: [] }), 400);
      expectErrors(await call('staff', 'POST', '/api/v1/organizations/', { name: 'Ghosts', users: [999999] }), 400);
      expectErrors(await call('alice', 'PATCH', `/api/v1/profile-lists/999999/`, { name: 'x' }), 404);
      const list = expectStatus<ProfileList>(await call('alice', 'POST', '/api/v1/profile-lists/', { name: 'L', profiles: [] }), 201);
      expectErrors(await call('alice', 'PATCH', `/api/v1/profile-lists/${list.id}/`, { profiles: [999999] }), 400);
    });
    expect(entries.map((e) => `${e.action} ${e.entity}`)).toEqual(['create profile-lists']);
  });

  it('a profile list of 10,000 people is one entry naming them by id', async () => {
    const db = api.handle.db;
    const source = world.sources.public.id;
    await sql`INSERT INTO profile (external_id, first_name, last_name, data_source_ids)
      SELECT 'https://example.test/bulk/' || g, 'Bulk', 'Person ' || g, ARRAY[${source}::int] FROM generate_series(1, 10000) g`.execute(db);
    const { rows } = await sql<{
      id: number;
    }>`select id from profile where external_id like 'https://example.test/bulk/%' order by id`.execute(db);
    const ids = rows.map((r) => Number(r.id));
    const started = Date.now();
    const entry = await entryOf(async () => {
      const list = expectStatus<ProfileList>(await call('staff', 'POST', '/api/v1/profile-lists/', { name: 'Big', profiles: ids }), 201);
      expect(list.profiles).toHaveLength(10_000);
    });
    expect(entry.changes.profiles).toEqual({ before: null, after: ids });
    // members as ids: the entry stays small (about 6 bytes a person)
    expect(JSON.stringify(entry.changes).length).toBeLessThan(100_000);
    expect(Date.now() - started).toBeLessThan(60_000);
  });

  it('a platform connection’s secret is masked on create and on update, and never stored in the log', async () => {
    const secret = 'sk-live-secret-QQZZ';
    let id = 0;
    const create = await entryOf(async () => {
      const body = { category_type: 'http_header', connection_parameters: { header_name: 'X-Api-Key', header_value: secret } };
      id = expectStatus<{ id: number }>(await call('alice', 'POST', '/api/v1/platform-connections/', body), 201).id;
    });
    expect(create.changes.connection_parameters.after).toEqual({ header_name: 'X-Api-Key', header_value: AUDIT_MASK });
    const update = await entryOf(async () => {
      const body = { connection_parameters: { header_name: 'X-Api-Key', header_value: 'another-one-XYWV' } };
      expectStatus(await call('alice', 'PATCH', `/api/v1/platform-connections/${id}/`, body), 200);
    });
    expect(update.changes.connection_parameters).toEqual({
      before: { header_name: 'X-Api-Key', header_value: AUDIT_MASK },
      after: { header_name: 'X-Api-Key', header_value: AUDIT_MASK },
    });
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from audit_log where changes::text like ${'%QQZZ%'} or changes::text like ${'%XYWV%'}`.execute(
      api.handle.db,
    );
    expect(Number(rows[0].n)).toBe(0);
  });
});

describe('the calls of their own', () => {
  const profile = () => world.profiles.jose;

  it('ratings and comments on a profile', async () => {
    const app = await entryOf(async () =>
      expectStatus(await call('staff', 'POST', `/api/v1/profiles/${profile()}/app-rating/`, { app_rating: 4.5 }), 200),
    );
    expect(app).toMatchObject({
      ...by('staff'),
      action: 'rating',
      entity: 'profiles',
      object_id: profile(),
      object_repr: `${PROFILES.jose.first_name} ${PROFILES.jose.last_name}`,
    });
    expect(app.changes.app_rating.after).toBe(4.5);
    const own = await entryOf(async () =>
      expectStatus(await call('alice', 'POST', `/api/v1/profiles/${profile()}/user-rating/`, { profile_rating: 3 }), 200),
    );
    expect(own).toMatchObject({ ...by('alice'), action: 'rating', changes: { profile_rating: { before: null, after: 3 } } });
    const comment = await entryOf(async () =>
      expectStatus(await call('alice', 'POST', `/api/v1/profiles/${profile()}/comment/`, { comment: 'Strong' }), 200),
    );
    expect(comment).toMatchObject({ action: 'comment', entity: 'profiles' });
    expect(JSON.stringify(comment.changes.comments.after)).toContain('Strong');
    // refused: no entry
    expect(
      await entriesOf(async () =>
        expectErrors(await call('alice', 'POST', `/api/v1/profiles/${profile()}/comment/`, { comment: ' ' }), 400),
      ),
    ).toEqual([]);
  });

  it('a staff correction of an annotation, a snooze and its end', async () => {
    const corrected = await entryOf(async () =>
      expectStatus(await call('staff', 'PATCH', `/api/v1/profiles/${profile()}/annotation/`, { gender_value: 'female' }), 200),
    );
    expect(corrected).toMatchObject({ action: 'update', entity: 'profiles', changes: { gender_value: { after: 'female' } } });
    const snoozed = await entryOf(async () =>
      expectStatus(await call('alice', 'PUT', `/api/v1/profiles/${profile()}/snooze/`, { days: 7 }), 200),
    );
    expect(snoozed).toMatchObject({ ...by('alice'), action: 'snooze', object_id: profile(), changes: { snoozed_until: { before: null } } });
    const woken = await entryOf(async () => expectStatus(await call('alice', 'DELETE', `/api/v1/profiles/${profile()}/snooze/`), 200));
    expect(woken.changes.snoozed_until.after).toBeNull();
  });

  it('a user’s activation, crowdsourcing and digest settings', async () => {
    const loner = world.users.loner.id;
    const off = await entryOf(async () => expectStatus(await call('staff', 'POST', '/api/v1/users/de-activate/', { user_id: loner }), 200));
    expect(off).toMatchObject({ action: 'activation', entity: 'users', object_id: loner, object_repr: world.users.loner.email });
    expect(off.changes).toEqual({ is_active: { before: true, after: false } });
    await entryOf(async () => expectStatus(await call('staff', 'POST', '/api/v1/users/activate/', { user_id: loner }), 200));
    const crowd = await entryOf(async () =>
      expectStatus(await call('staff', 'POST', '/api/v1/users/crowdsourcing/', { user_id: loner, is_crowdsourcing: true }), 200),
    );
    expect(crowd).toMatchObject({ action: 'crowdsourcing', changes: { is_crowdsourcing: { before: false, after: true } } });
    const entities = await entryOf(async () =>
      expectStatus(await call('staff', 'POST', '/api/v1/users/crowdsourcing/entities/', { user_id: loner }), 202),
    );
    expect(entities).toMatchObject({
      ...by('staff'),
      action: 'crowdsourcing',
      object_id: loner,
      changes: { default_entities: { after: 'requested' } },
    });
    const settings = await entryOf(async () =>
      expectStatus(await call('alice', 'PUT', '/api/v1/users/me/settings/', { time_zone: 'Europe/Berlin', digest_hour: 9 }), 200),
    );
    expect(settings).toMatchObject({ ...by('alice'), action: 'settings', object_id: world.users.alice.id });
    expect(settings.changes.time_zone.after).toBe('Europe/Berlin');
    expect(JSON.stringify(settings.changes)).not.toMatch(/password/);
  });

  it('a data source: create, set-public, retrieval, cancel (a second cancel, 409, leaves none), delete', async () => {
    let source!: DataSource;
    await entryOf(async () => {
      const body = { name: 'Audited', source_type: 'synthetic', additional_data: { people: '5', seed: '1' }, schedule: null };
      source = expectStatus<DataSource>(await call('alice', 'POST', '/api/v1/data-sources/', body), 201);
    });
    const visibility = await entryOf(async () =>
      expectStatus(await call('alice', 'POST', `/api/v1/data-sources/${source.id}/set-public/`, { is_public: true }), 200),
    );
    expect(visibility).toMatchObject({
      action: 'set-public',
      entity: 'data-sources',
      object_repr: 'Audited',
      changes: { is_public: { before: false, after: true } },
    });
    let execution!: Execution;
    const retrieval = await entryOf(async () => {
      execution = expectStatus<Execution>(await call('alice', 'POST', `/api/v1/data-sources/${source.id}/retrieval/`), 202);
    });
    expect(retrieval).toMatchObject({ ...by('alice'), action: 'retrieval', entity: 'data-sources', object_id: source.id });
    expect(retrieval.changes.execution).toEqual({ before: null, after: execution.id });
    const cancel = await entryOf(async () => expectStatus(await call('alice', 'POST', `/api/v1/executions/${execution.id}/cancel/`), 200));
    expect(cancel).toMatchObject({
      action: 'cancel',
      entity: 'executions',
      object_id: execution.id,
      changes: { status: { before: 'PENDING', after: 'REVOKED' } },
    });
    expect(
      await entriesOf(async () => expectErrors(await call('alice', 'POST', `/api/v1/executions/${execution.id}/cancel/`), 409)),
    ).toEqual([]);
    const removal = await entryOf(async () => deleted(await call('alice', 'DELETE', `/api/v1/data-sources/${source.id}/`)));
    expect(removal).toMatchObject({ action: 'delete', object_repr: 'Audited' });
    expect(removal.changes.executions).toBeUndefined();
  });

  it('a scheduled retrieval is recorded at its start, by no user', async () => {
    const entry = await entryOf(() => executionForJob(api.handle.db, { data_source_id: world.sources.public.id }, 'job-audit-1'));
    expect(entry).toMatchObject({ user: null, user_email: null, action: 'retrieval', object_id: world.sources.public.id });
    expect(entry.changes.trigger.after).toBe('schedule');
  });

  it('a rule muted from the app and from a signed link (the link’s user), a notification resent and marked', async () => {
    const rule = expectStatus<Rule>(
      await call('alice', 'POST', '/api/v1/rules/', {
        name: 'Movers',
        model_name: 'Profile',
        attribute: 'location',
        operator: 'changed',
        value: '*',
      }),
      201,
    );
    const muted = await entryOf(async () =>
      expectStatus(await call('alice', 'POST', `/api/v1/rules/${rule.id}/mute/`, { muted: true }), 200),
    );
    expect(muted).toMatchObject({
      ...by('alice'),
      action: 'mute',
      entity: 'rules',
      object_repr: 'Movers',
      changes: { muted: { before: false, after: true } },
    });
    await call('alice', 'POST', `/api/v1/rules/${rule.id}/mute/`, { muted: false });

    const token = signAlertToken(api.app.secrets, { action: 'mute-rule', id: rule.id, userId: world.users.alice.id });
    const link = await entryOf(async () =>
      expectStatus(await api.call(undefined, { method: 'POST', url: `/api/v1/alert-actions/?token=${token}` }), 200),
    );
    expect(link).toMatchObject({ ...by('alice'), action: 'mute', entity: 'rules', object_id: rule.id });
    // clicked again: nothing changes, nothing is recorded
    expect(
      await entriesOf(async () =>
        expectStatus(await api.call(undefined, { method: 'POST', url: `/api/v1/alert-actions/?token=${token}` }), 200),
      ),
    ).toEqual([]);

    const notification = (
      await api.handle.db
        .insertInto('notification')
        .values({
          subject: 'Moved',
          details: '{}',
          body: 'Someone moved',
          notification_type: 'Email',
          recipient: world.users.alice.email,
          recipient_id: world.users.alice.id,
          rule_id: rule.id,
          rule_owner_id: world.users.alice.id,
          notification_status: 'FAILED',
          priority: 'High',
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const relevance = await entryOf(async () =>
      expectStatus(await call('alice', 'POST', `/api/v1/notifications/${notification}/relevance/`, { not_relevant: true }), 200),
    );
    expect(relevance).toMatchObject({
      action: 'relevance',
      entity: 'notifications',
      changes: { not_relevant: { before: false, after: true } },
    });
    const send = await entryOf(async () => expectStatus(await call('alice', 'POST', `/api/v1/notifications/${notification}/send/`), 200));
    expect(send).toMatchObject({
      action: 'send',
      entity: 'notifications',
      changes: { notification_status: { before: 'FAILED', after: 'PENDING' } },
    });
  });
});
