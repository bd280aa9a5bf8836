// The entity machinery itself (server/http/crud.ts + server/db/entity.ts), through an entity this
// test declares over the saved searches' table: the five routes, the entity's own filter, who may
// read (404), who may write (403), the write checks, PUT against PATCH, and the OpenAPI description.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { Type } from 'typebox';
import { DateTime, RequiredText } from '../../types/schema';
import { defineEntity, entityRoutes } from '../../server/http/crud';
import { fieldError } from '../../server/errors';
import { ownedByColleagues } from '../../server/db/visibility';
import { createOrganization } from '../../server/entities/organizations/repository';
import { startTestApi, type TestApi, type TestUser } from './harness';
import { expectErrors, expectStatus } from './expect';

const NoteSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  url: Type.String(),
  owner_id: Type.Integer(),
  updated_at: DateTime,
});
const NoteWriteSchema = Type.Object({ name: RequiredText(50), url: Type.String({ maxLength: 100 }) });

/** Notes: the owner's organization reads them, only the owner (or staff) changes them. */
const notes = defineEntity({
  path: 'test-notes',
  table: 'saved_search',
  item: NoteSchema,
  list: { ordering: { name: 'lower(name)' }, defaultOrdering: ['name'], search: ['name'] },
  filters: { url: Type.Optional(Type.String({ maxLength: 20 })) },
  rows: (db, viewer) => ownedByColleagues(db.selectFrom('saved_search').selectAll(), viewer),
  filter: (query, { url }) => (url ? query.where('url', '=', url) : query),
  toItems: async (_db, _viewer, rows) =>
    rows.map((row) => ({ id: row.id, name: row.name, url: row.url, owner_id: row.owner_id, updated_at: row.updated_at.toISOString() })),
  mayWrite: (viewer, row) => row.owner_id === viewer.id,
  writes: {
    body: NoteWriteSchema,
    async check(_db, _viewer, body) {
      if (body.name === 'forbidden') throw fieldError('name', 'This name is not allowed.');
    },
    async create(db, viewer, body) {
      const row = await db
        .insertInto('saved_search')
        .values({ ...body, entity: 'Profile', owner_id: viewer.id })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async update(db, _viewer, id, body) {
      await db
        .updateTable('saved_search')
        .set({ ...body, updated_at: sql`now()` })
        .where('id', '=', id)
        .execute();
    },
  },
  deletable: true,
});

let api: TestApi;
let owner: TestUser;
let colleague: TestUser;
let stranger: TestUser;
let staff: TestUser;

beforeAll(async () => {
  api = await startTestApi({}, {}, { extraApiModules: [entityRoutes(notes)] });
  [owner, colleague, stranger, staff] = [await api.user(), await api.user(), await api.user(), await api.user({ is_staff: true })];
  await createOrganization(api.handle.db, { name: 'Team', users: [owner.id, colleague.id] });
});
afterAll(async () => api?.close());

const call = (user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  api.call(user.token, { method, url: `/api/v1/test-notes${url}`, ...(payload ? { payload } : {}) });
const create = async (user: TestUser, name: string, url = 'a=1') => expectStatus(await call(user, 'POST', '/', { name, url }), 201);

describe('an entity from its declaration', () => {
  it('creates (201, the item re-read), lists with search, filter and ordering, and details', async () => {
    const bravo = await create(owner, 'Bravo', 'x=1');
    expect(bravo).toEqual({ id: expect.any(Number), name: 'Bravo', url: 'x=1', owner_id: owner.id, updated_at: expect.any(String) });
    await create(owner, 'alpha', 'x=1');
    await create(owner, 'Charlie', 'y=2');
    const all = expectStatus(await call(colleague, 'GET', ''), 200);
    expect(all.results.map((n: { name: string }) => n.name)).toEqual(['alpha', 'Bravo', 'Charlie']);
    const filtered = expectStatus(await call(colleague, 'GET', '?url=x%3D1&ordering=-name'), 200);
    expect(filtered).toMatchObject({ count: 2, results: [{ name: 'Bravo' }, { name: 'alpha' }] });
    expect(expectStatus(await call(owner, 'GET', '?search=char'), 200).count).toBe(1);
    expect(expectStatus(await call(colleague, 'GET', `/${bravo.id}/`), 200)).toEqual(bravo);
  });

  it('hides what a viewer may not read (404, left out of lists), and refuses writes to those who only read it (403)', async () => {
    const note = await create(owner, 'Private-ish');
    expectErrors(await call(stranger, 'GET', `/${note.id}`), 404);
    expect(expectStatus(await call(stranger, 'GET', '?search=Private'), 200).count).toBe(0);
    expectErrors(await call(stranger, 'PATCH', `/${note.id}/`, { name: 'x' }), 404);
    expectErrors(await call(colleague, 'PATCH', `/${note.id}/`, { name: 'x' }), 403);
    expectErrors(await call(colleague, 'DELETE', `/${note.id}/`), 403);
    expect(expectStatus(await call(owner, 'GET', `/${note.id}`), 200).name).toBe('Private-ish');
    // staff change anything
    expect(expectStatus(await call(staff, 'PATCH', `/${note.id}/`, { name: 'By staff' }), 200).name).toBe('By staff');
  });

  it('PUT takes the whole body, PATCH any part of it; both validate and run the checks first', async () => {
    const note = await create(owner, 'Whole', 'w=1');
    expectErrors(await call(owner, 'PUT', `/${note.id}/`, { name: 'Only a name' }), 400, ['url']);
    expect(expectStatus(await call(owner, 'PATCH', `/${note.id}/`, { url: 'w=2' }), 200)).toMatchObject({ name: 'Whole', url: 'w=2' });
    expect(expectStatus(await call(owner, 'PUT', `/${note.id}/`, { name: 'Renamed', url: 'w=3' }), 200)).toMatchObject({
      name: 'Renamed',
      url: 'w=3',
    });
    expectErrors(await call(owner, 'PATCH', `/${note.id}/`, { name: 'forbidden' }), 400, ['name']);
    expectErrors(await call(owner, 'PATCH', `/${note.id}/`, { name: ' ' }), 400, ['name']);
    expect(expectStatus(await call(owner, 'GET', `/${note.id}`), 200).name).toBe('Renamed');
    const before = expectStatus(await call(owner, 'GET', ''), 200).count;
    expectErrors(await call(owner, 'POST', '/', { name: 'forbidden', url: '' }), 400, ['name']);
    expect(expectStatus(await call(owner, 'GET', ''), 200).count).toBe(before);
  });

  it('deletes (204), after which the item is gone', async () => {
    const note = await create(owner, 'Short-lived');
    const response = await call(owner, 'DELETE', `/${note.id}/`);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expectErrors(await call(owner, 'GET', `/${note.id}`), 404);
    expectErrors(await call(owner, 'DELETE', `/${note.id}/`), 404);
  });

  it('is described in the OpenAPI document: five paths, its filter, its body, its answers', async () => {
    const document = expectStatus(await api.call(undefined, { method: 'GET', url: '/api/docs/json' }), 200);
    const collection = document.paths['/api/v1/test-notes'];
    const item = document.paths['/api/v1/test-notes/{id}'];
    expect(Object.keys(collection).sort()).toEqual(['get']);
    expect(Object.keys(document.paths['/api/v1/test-notes/']).sort()).toEqual(['post']);
    expect(Object.keys(item).sort()).toEqual(['delete', 'get', 'patch', 'put']);
    expect(collection.get.tags).toEqual(['test-notes']);
    expect(collection.get.parameters.map((p: { name: string }) => p.name).sort()).toEqual([
      'ordering',
      'page',
      'page_size',
      'search',
      'url',
    ]);
    expect(Object.keys(item.patch.responses).sort()).toEqual(['200', '400', '401', '404']);
    expect(item.put.requestBody.content['application/json'].schema.required).toEqual(['name', 'url']);
    expect(item.patch.requestBody.content['application/json'].schema.required).toBeUndefined();
  });
});
