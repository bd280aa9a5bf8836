// Data sources (SPEC §7 Data sources): type definitions, create/update with the type's fields
// and a cron schedule, who reads and who changes, visibility, delete keeping profiles.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApi, type TestApi, type TestUser } from './harness';
import { expectErrors, expectStatus } from './expect';
import type { DataSource, DataSourceDimensions, ListResponse, PlatformConnectionDimensions } from '../../types/api';

let api: TestApi;
let staff: TestUser;
let owner: TestUser;
let colleague: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  api = await startTestApi();
  staff = await api.user({ is_staff: true });
  owner = await api.user({ email: 'owner@sources.test' });
  colleague = await api.user({ email: 'colleague@sources.test' });
  stranger = await api.user({ email: 'stranger@sources.test' });
  expectStatus(
    await api.call(staff.token, {
      method: 'POST',
      url: '/api/v1/organizations/',
      payload: { name: 'Scouts', users: [owner.id, colleague.id] },
    }),
    201,
  );
});
afterAll(async () => api?.close());

const call = (user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  api.call(user.token, { method, url, ...(payload ? { payload } : {}) });
const synthetic = (people = '20', extra: Record<string, unknown> = {}) => ({
  name: 'Synthetic scouts',
  source_type: 'synthetic',
  additional_data: { people, seed: '77', user_agent: 'Mozilla/5.0 (test)', ...extra },
  schedule: '0 6 * * 1',
});
const create = async (user: TestUser, body: object = synthetic()) =>
  expectStatus<DataSource>(await call(user, 'POST', '/api/v1/data-sources/', body), 201);

describe('type definitions', () => {
  it('list every source type with its fields and schedule options, manual first', async () => {
    const dimensions = expectStatus<DataSourceDimensions>(await call(owner, 'GET', '/api/v1/data-sources/dimensions/'), 200);
    const type = dimensions.synthetic;
    expect(type.internal_name).toBe('synthetic');
    expect(type.label).toMatch(/Synthetic/);
    expect(type.additional_data.people).toMatchObject({ type: 'text', required: true, hidden: false });
    expect(type.additional_data.countries).toMatchObject({ type: 'list', required: false });
    expect(type.schedule_options[0]).toEqual({ value: '', label: 'Manual' });
    expect(type.schedule_options.slice(1).every((option) => option.value.split(' ').length === 5)).toBe(true);
  });

  it('type the fields that name a platform connection, with the category they take', async () => {
    const dimensions = expectStatus<DataSourceDimensions>(await call(owner, 'GET', '/api/v1/data-sources/dimensions/'), 200);
    const categories = Object.keys(
      expectStatus<PlatformConnectionDimensions>(await call(owner, 'GET', '/api/v1/platform-connections/dimensions/'), 200),
    );
    expect(dimensions.people_data_labs.additional_data.connection).toMatchObject({
      type: 'connection',
      category: 'people_data_labs',
      required: true,
    });
    expect(dimensions.profile_feed.additional_data.auth_connection).toMatchObject({ type: 'connection', category: 'http_header' });
    for (const type of Object.values(dimensions)) {
      expect(type.additional_data.annotation_connection).toMatchObject({ type: 'connection', category: 'openai_compatible' });
      for (const field of Object.values(type.additional_data))
        if (field.type === 'connection') expect(categories).toContain(field.category);
        else expect(field.category).toBeUndefined();
    }
  });

  it('answer 401 without a token', async () => {
    expect((await api.call(undefined, { method: 'GET', url: '/api/v1/data-sources/dimensions/' })).statusCode).toBe(401);
  });
});

describe('create and update', () => {
  it('keep the fields of the type, the user agent and the schedule; the owner is who created it', async () => {
    const source = await create(owner);
    expect(source).toMatchObject({
      name: 'Synthetic scouts',
      source_type: 'synthetic',
      is_public: false,
      cron_schedule: '0 6 * * 1',
      created_by: owner.email,
      executions: [],
    });
    expect(source.additional_data).toEqual({ people: '20', seed: '77', user_agent: 'Mozilla/5.0 (test)' });
    const updated = expectStatus<DataSource>(
      await call(owner, 'PUT', `/api/v1/data-sources/${source.id}/`, {
        ...synthetic('30', { countries: ['de', 'FR'] }),
        name: 'Renamed',
        schedule: null,
      }),
      200,
    );
    expect(updated).toMatchObject({ name: 'Renamed', cron_schedule: null });
    expect(updated.additional_data.countries).toEqual(['de', 'FR']);
    const patched = expectStatus<DataSource>(
      await call(owner, 'PATCH', `/api/v1/data-sources/${source.id}/`, { schedule: '*/5 * * * *' }),
      200,
    );
    expect(patched).toMatchObject({ name: 'Renamed', cron_schedule: '*/5 * * * *', additional_data: updated.additional_data });
  });

  it('refuse what the type does not take, each problem named', async () => {
    expectErrors(await call(owner, 'POST', '/api/v1/data-sources/', { ...synthetic(), source_type: 'nope' }), 400, ['source_type']);
    expectErrors(await call(owner, 'POST', '/api/v1/data-sources/', { ...synthetic(), additional_data: {} }), 400, [
      'additional_data.people',
    ]);
    expectErrors(await call(owner, 'POST', '/api/v1/data-sources/', synthetic('0')), 400, ['additional_data.people']);
    expectErrors(await call(owner, 'POST', '/api/v1/data-sources/', synthetic('5', { bogus: 'x' })), 400, ['additional_data.bogus']);
    expectErrors(await call(owner, 'POST', '/api/v1/data-sources/', synthetic('5', { countries: ['XX'] })), 400, [
      'additional_data.countries',
    ]);
    expectErrors(await call(owner, 'POST', '/api/v1/data-sources/', synthetic('5', { people: ['1', '2'] })), 400, [
      'additional_data.people',
    ]);
    for (const schedule of [
      '* * *',
      '61 * * * *',
      '0 24 * * *',
      '0 0 0 * *',
      '0 0 * 13 *',
      '0 0 * * 7',
      '0 0 * * MON',
      '5-1 * * * *',
      '*/0 * * * *',
    ]) {
      expectErrors(await call(owner, 'POST', '/api/v1/data-sources/', { ...synthetic(), schedule }), 400, ['schedule']);
    }
    expectErrors(await call(owner, 'POST', '/api/v1/data-sources/', { ...synthetic(), name: '  ' }), 400, ['name']);
    expectErrors(await call(owner, 'POST', '/api/v1/data-sources/', { source_type: 'synthetic' }), 400, ['name']);
  });

  it('take "" as manual', async () => {
    expect((await create(owner, { ...synthetic(), schedule: '' })).cron_schedule).toBeNull();
  });
});

describe('who reads and who changes', () => {
  let privateSource: DataSource;
  let publicSource: DataSource;
  beforeAll(async () => {
    privateSource = await create(owner, { ...synthetic(), name: 'Private one' });
    publicSource = await create(owner, { ...synthetic(), name: 'Public one' });
    expectStatus(await call(owner, 'POST', `/api/v1/data-sources/${publicSource.id}/set-public/`, { is_public: true }), 200);
  });
  const names = async (user: TestUser) =>
    expectStatus<ListResponse<DataSource>>(await call(user, 'GET', '/api/v1/data-sources?page_size=100'), 200).results.map((s) => s.name);

  it('private: the owner and colleagues read it, a stranger gets 404; public: everyone reads it', async () => {
    expect(await names(owner)).toContain('Private one');
    expect(await names(colleague)).toContain('Private one');
    expect(await names(stranger)).not.toContain('Private one');
    expect(await names(stranger)).toContain('Public one');
    expect((await call(stranger, 'GET', `/api/v1/data-sources/${privateSource.id}`)).statusCode).toBe(404);
    expect((await call(stranger, 'GET', `/api/v1/data-sources/${publicSource.id}`)).statusCode).toBe(200);
  });

  it('only the owner or staff change, retrieve, delete or flip it: readers get 403, others 404', async () => {
    for (const [user, status] of [
      [colleague, 403],
      [stranger, 404],
    ] as const) {
      expect((await call(user, 'PATCH', `/api/v1/data-sources/${privateSource.id}/`, { name: 'x' })).statusCode).toBe(status);
      expect((await call(user, 'POST', `/api/v1/data-sources/${privateSource.id}/set-public/`, { is_public: true })).statusCode).toBe(
        status,
      );
      expect((await call(user, 'POST', `/api/v1/data-sources/${privateSource.id}/retrieval/`)).statusCode).toBe(status);
      expect((await call(user, 'DELETE', `/api/v1/data-sources/${privateSource.id}/`)).statusCode).toBe(status);
    }
    expect((await call(stranger, 'PATCH', `/api/v1/data-sources/${publicSource.id}/`, { name: 'x' })).statusCode).toBe(403);
    expect(
      expectStatus<DataSource>(await call(staff, 'PATCH', `/api/v1/data-sources/${privateSource.id}/`, { name: 'Private one' }), 200).name,
    ).toBe('Private one');
  });

  it('set-public sets what it is told; bad input is a 400', async () => {
    expect(
      expectStatus<DataSource>(await call(owner, 'POST', `/api/v1/data-sources/${privateSource.id}/set-public/`, { is_public: true }), 200)
        .is_public,
    ).toBe(true);
    expect(await names(stranger)).toContain('Private one');
    expect(
      expectStatus<DataSource>(await call(owner, 'POST', `/api/v1/data-sources/${privateSource.id}/set-public/`, { is_public: false }), 200)
        .is_public,
    ).toBe(false);
    expect(await names(stranger)).not.toContain('Private one');
    expectErrors(await call(owner, 'POST', `/api/v1/data-sources/${privateSource.id}/set-public/`, { is_public: 'yes' }), 400);
  });

  it('sort by name and search by name', async () => {
    const list = expectStatus<ListResponse<DataSource>>(
      await call(owner, 'GET', '/api/v1/data-sources?ordering=name&search=one&page_size=100'),
      200,
    );
    expect(list.results.map((s) => s.name)).toEqual(['Private one', 'Public one']);
  });
});

describe('delete', () => {
  it('keeps the profiles: another source still holds them, or staff still see them', async () => {
    const first = await create(owner, { ...synthetic(), name: 'First' });
    const second = await create(owner, { ...synthetic(), name: 'Second' });
    const { db } = api.handle;
    const inserted = await db
      .insertInto('profile')
      .values([
        { external_id: 'del-both', first_name: 'Both', last_name: 'Held', data_source_ids: [first.id, second.id] },
        { external_id: 'del-only', first_name: 'Only', last_name: 'Held', data_source_ids: [first.id] },
      ])
      .returning(['id', 'external_id'])
      .execute();
    expect((await call(owner, 'DELETE', `/api/v1/data-sources/${first.id}/`)).statusCode).toBe(204);
    const rows = await db
      .selectFrom('profile')
      .select(['external_id', 'data_source_ids'])
      .where(
        'id',
        'in',
        inserted.map((r) => r.id),
      )
      .orderBy('external_id')
      .execute();
    expect(rows).toEqual([
      { external_id: 'del-both', data_source_ids: [second.id] },
      { external_id: 'del-only', data_source_ids: [] },
    ]);
    expect((await call(staff, 'GET', `/api/v1/profiles/${inserted[1].id}`)).statusCode).toBe(200);
    expect((await call(owner, 'GET', `/api/v1/profiles/${inserted[0].id}`)).statusCode).toBe(200);
    expect((await call(owner, 'GET', `/api/v1/profiles/${inserted[1].id}`)).statusCode).toBe(404);
    expect(
      Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM data_source WHERE id = ${first.id}`.execute(db)).rows[0].n),
    ).toBe(0);
  });
});
