// Organizations, staff only (SPEC §7 "Organizations"): create, list, detail,
// PUT and PATCH with the full list of member ids, delete.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, countRows, type TestApi, type TestUser } from './harness';
import { expectErrors, expectStatus, isoUtc } from './expect';
import type { ListResponse, Organization } from '../../types/api';

let api: TestApi;
let staff: TestUser;
let members: TestUser[];

beforeAll(async () => {
  api = await startTestApi();
  staff = await api.user({ is_staff: true });
  members = [
    await api.user({ first_name: 'Ann', last_name: 'Byrd' }),
    await api.user({ first_name: 'Carl', last_name: 'Anders' }),
    await api.user({ first_name: 'Dee', last_name: 'Cole' }),
  ];
});
afterAll(async () => api?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  api.call(staff.token, { method, url, ...(payload ? { payload } : {}) });
const create = async (name: string, users: number[] = []) =>
  expectStatus<Organization>(await call('POST', '/api/v1/organizations/', { name, users }), 201);
const fetchOne = async (id: number) => expectStatus<Organization>(await call('GET', `/api/v1/organizations/${id}`), 200);
const memberIds = (organization: Organization) => organization.users.map((u) => u.id).sort((a, b) => a - b);
const ids = (list: TestUser[]) => list.map((u) => u.id).sort((a, b) => a - b);
const pause = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('POST /organizations/', () => {
  it('creates an organization with a name and members', async () => {
    const created = await create('Acme', [members[0].id, members[1].id]);
    expect(created.name).toBe('Acme');
    expect(created.created_at).toMatch(isoUtc);
    expect(created.updated_at).toMatch(isoUtc);
    expect(memberIds(created)).toEqual(ids(members.slice(0, 2)));
    const ann = created.users.find((u) => u.id === members[0].id)!;
    expect(ann).toEqual({
      id: members[0].id,
      external_id: null,
      first_name: 'Ann',
      last_name: 'Byrd',
      email: members[0].email,
      date_joined: expect.stringMatching(isoUtc),
    });
    expect(await fetchOne(created.id)).toEqual(created);
  });

  it('creates one with an empty users list, as the app sends it', async () => {
    expect((await create('Empty')).users).toEqual([]);
  });

  it('counts a member named twice once', async () => {
    expect(memberIds(await create('Twice', [members[2].id, members[2].id]))).toEqual([members[2].id]);
  });

  it('requires a name that is not blank', async () => {
    const before = await countRows(api.handle, 'organization');
    const missing = expectErrors(await call('POST', '/api/v1/organizations/', { users: [] }), 400, ['name']);
    expect(missing.errors).toContain('name: This field is required.');
    expect(missing.fields).toEqual({ name: ['This field is required.'] });
    expectErrors(await call('POST', '/api/v1/organizations/', { name: '', users: [] }), 400, ['name']);
    expectErrors(await call('POST', '/api/v1/organizations/', { name: '   ', users: [] }), 400, ['name']);
    expect(await countRows(api.handle, 'organization')).toBe(before);
  });

  it('refuses unknown user ids by name, and creates nothing', async () => {
    const before = await countRows(api.handle, 'organization');
    const body = expectErrors(await call('POST', '/api/v1/organizations/', { name: 'Ghosts', users: [members[0].id, 999999] }), 400, [
      'users',
    ]);
    expect(body.errors.join(' ')).toContain('999999');
    expectErrors(await call('POST', '/api/v1/organizations/', { name: 'Ghosts', users: ['x'] }), 400);
    expectErrors(await call('POST', '/api/v1/organizations/', { name: 'Ghosts', users: [0] }), 400, ['users.0']);
    expect(await countRows(api.handle, 'organization')).toBe(before);
  });

  it('trims the name', async () => {
    expect((await create('  Padded  ')).name).toBe('Padded');
  });
});

describe('GET /organizations/', () => {
  it('lists {count, results} with each organization’s users, so the app can count them', async () => {
    const organization = await create('Listed Org', ids(members));
    const body = expectStatus<ListResponse<Organization>>(await call('GET', '/api/v1/organizations/?search=Listed'), 200);
    expect(body.count).toBe(1);
    expect(body.results[0].id).toBe(organization.id);
    expect(body.results[0].users).toHaveLength(3);
    const all = expectStatus<ListResponse<Organization>>(await call('GET', '/api/v1/organizations?page_size=100'), 200);
    expect(all.count).toBe(await countRows(api.handle, 'organization'));
    expect(all.results.length).toBe(all.count);
  });

  it('orders by created_at and updated_at, both ways', async () => {
    const first = await create('Sort One');
    await pause();
    const second = await create('Sort Two');
    await pause();
    const third = await create('Sort Three');
    await pause();
    expectStatus(await call('PATCH', `/api/v1/organizations/${first.id}/`, { name: 'Sort One' }), 200); // now the last updated
    const order = async (ordering: string) =>
      expectStatus<ListResponse<Organization>>(
        await call('GET', `/api/v1/organizations/?search=Sort&ordering=${ordering}`),
        200,
      ).results.map((o) => o.id);
    expect(await order('created_at')).toEqual([first.id, second.id, third.id]);
    expect(await order('-created_at')).toEqual([third.id, second.id, first.id]);
    expect(await order('updated_at')).toEqual([second.id, third.id, first.id]);
    expect(await order('-updated_at')).toEqual([first.id, third.id, second.id]);
    expect(await order('bogus')).toEqual(await order('-created_at'));
  });

  it('pages: past the end answers no results with the true count', async () => {
    const total = await countRows(api.handle, 'organization');
    expect(expectStatus(await call('GET', '/api/v1/organizations/?page=999'), 200)).toEqual({ count: total, results: [] });
    expectErrors(await call('GET', '/api/v1/organizations/?page=zero'), 400, ['page']);
  });
});

describe('GET /organizations/{id}', () => {
  it('answers 404 for an unknown id and 400 for what is not an id', async () => {
    expectErrors(await call('GET', '/api/v1/organizations/999999'), 404);
    expectErrors(await call('GET', '/api/v1/organizations/abc'), 400, ['id']);
  });
});

describe('PUT and PATCH /organizations/{id}/', () => {
  it('PUT replaces the name and the members', async () => {
    const organization = await create('Before', [members[0].id]);
    await pause();
    const updated = expectStatus<Organization>(
      await call('PUT', `/api/v1/organizations/${organization.id}/`, { name: 'After', users: [members[1].id, members[2].id] }),
      200,
    );
    expect(updated.name).toBe('After');
    expect(memberIds(updated)).toEqual(ids(members.slice(1)));
    expect(updated.created_at).toBe(organization.created_at);
    expect(Date.parse(updated.updated_at)).toBeGreaterThan(Date.parse(organization.updated_at));
    expect(await fetchOne(organization.id)).toEqual(updated);
  });

  it('PUT requires the name', async () => {
    const organization = await create('Needs name');
    expectErrors(await call('PUT', `/api/v1/organizations/${organization.id}/`, { users: [] }), 400, ['name']);
    expect((await fetchOne(organization.id)).name).toBe('Needs name');
  });

  it('PATCH changes only what it is given', async () => {
    const organization = await create('Patched', [members[0].id]);
    const renamed = expectStatus<Organization>(await call('PATCH', `/api/v1/organizations/${organization.id}`, { name: 'Renamed' }), 200);
    expect(renamed.name).toBe('Renamed');
    expect(memberIds(renamed)).toEqual([members[0].id]);
    const emptied = expectStatus<Organization>(await call('PATCH', `/api/v1/organizations/${organization.id}`, { users: [] }), 200);
    expect(emptied.name).toBe('Renamed');
    expect(emptied.users).toEqual([]);
    expectErrors(await call('PATCH', `/api/v1/organizations/${organization.id}`, { name: ' ' }), 400, ['name']);
  });

  it('refuses unknown user ids and changes nothing', async () => {
    const organization = await create('Guarded', [members[0].id]);
    for (const method of ['PUT', 'PATCH'] as const) {
      expectErrors(await call(method, `/api/v1/organizations/${organization.id}/`, { name: 'Changed', users: [999999] }), 400, ['users']);
    }
    const unchanged = await fetchOne(organization.id);
    expect(unchanged.name).toBe('Guarded');
    expect(memberIds(unchanged)).toEqual([members[0].id]);
  });

  it('answers 404 for an unknown organization', async () => {
    expectErrors(await call('PUT', '/api/v1/organizations/999999/', { name: 'X', users: [] }), 404);
    expectErrors(await call('PATCH', '/api/v1/organizations/999999/', { name: 'X' }), 404);
  });
});

describe('DELETE /organizations/{id}/', () => {
  it('answers 204 with no body, then 404; the members stay', async () => {
    const organization = await create('Doomed', [members[0].id]);
    const deleted = await call('DELETE', `/api/v1/organizations/${organization.id}/`);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expectErrors(await call('GET', `/api/v1/organizations/${organization.id}/`), 404);
    expectErrors(await call('DELETE', `/api/v1/organizations/${organization.id}/`), 404);
    expectStatus(await call('GET', `/api/v1/users/${members[0].id}`), 200);
  });
});
