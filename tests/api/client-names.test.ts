// Names a client sends that JavaScript objects already know (`__proto__`, `constructor`,
// `toString`, `hasOwnProperty`) are just unknown names to the API: an unknown ordering field is
// ignored (CONVENTIONS "API" → Lists), never a 500. And an empty body is no body, whatever
// its Content-Type says: react-admin's fetchUtils sends `Content-Type: application/json` on
// every non-GET call, body or not (SPEC §7 sends notifications' send/ "with an empty body").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi, type TestUser } from './harness';
import { expectErrors, expectStatus } from './expect';
import { buildProfileWorld } from './fixtures/profiles';

let api: TestApi;
let staff: TestUser;
let profileId: number;

const OBJECT_NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', '-__proto__', '-constructor'];
const LISTS = [
  '/api/v1/users',
  '/api/v1/organizations',
  '/api/v1/profiles',
  '/api/v1/companies',
  '/api/v1/profile-lists',
  '/api/v1/searches',
];

beforeAll(async () => {
  api = await startTestApi();
  const world = await buildProfileWorld(api);
  staff = world.users.staff;
  profileId = world.profiles.jose;
});
afterAll(async () => api?.close());

describe('ordering by a name every JavaScript object has', () => {
  for (const list of LISTS) {
    it(`${list} ignores it and answers the default order`, async () => {
      const plain = expectStatus(await api.call(staff.token, { method: 'GET', url: list }), 200);
      for (const name of OBJECT_NAMES) {
        const response = await api.call(staff.token, { method: 'GET', url: `${list}?ordering=${encodeURIComponent(name)}` });
        expect(expectStatus(response, 200), `${list}?ordering=${name}`).toEqual(plain);
      }
    });
  }

  it('the connections of a profile too', async () => {
    const url = `/api/v1/profiles/${profileId}/connections/`;
    const plain = expectStatus(await api.call(staff.token, { method: 'GET', url }), 200);
    for (const name of OBJECT_NAMES) {
      expect(expectStatus(await api.call(staff.token, { method: 'GET', url: `${url}?ordering=${name}` }), 200)).toEqual(plain);
    }
  });
});

describe('a body field named like an object property', () => {
  it('is an unknown field, answered 400 about the real problem, not 500', async () => {
    for (const name of ['constructor', 'toString', 'hasOwnProperty']) {
      const response = await api.call(staff.token, { method: 'POST', url: '/api/v1/organizations/', payload: { [name]: 1 } });
      expectErrors(response, 400, ['name']);
    }
  });
});

describe('an empty body with Content-Type: application/json', () => {
  const json = { 'content-type': 'application/json' };

  it('DELETE answers as without a body', async () => {
    const created = expectStatus(
      await api.call(staff.token, { method: 'POST', url: '/api/v1/searches/', payload: { name: 'mine', url: 'search=x' } }),
      201,
    );
    const response = await api.call(staff.token, { method: 'DELETE', url: `/api/v1/searches/${created.id}/`, headers: json, payload: '' });
    expect(response.statusCode, response.body).toBe(204);
    expectErrors(await api.call(staff.token, { method: 'GET', url: `/api/v1/searches/${created.id}/` }), 404);
  });

  it('a POST that needs a body says which fields are missing, not "JSON parse error"', async () => {
    const response = await api.call(staff.token, {
      method: 'POST',
      url: `/api/v1/profiles/${profileId}/comment/`,
      headers: json,
      payload: '',
    });
    const body = expectErrors(response, 400, ['comment']);
    expect(body.errors.join(' ')).not.toMatch(/JSON/);
  });

  it('with a charset, and white space only, too', async () => {
    for (const [contentType, payload] of [
      ['application/json; charset=utf-8', ''],
      ['application/json', '  \n '],
    ]) {
      const response = await api.call(staff.token, {
        method: 'POST',
        url: '/api/v1/organizations/',
        headers: { 'content-type': contentType },
        payload,
      });
      expectErrors(response, 400, ['name']);
    }
  });

  it('a body that is not JSON is still refused as such', async () => {
    const response = await api.call(staff.token, { method: 'POST', url: '/api/v1/organizations/', headers: json, payload: '{"name":' });
    expect(expectErrors(response, 400).errors[0]).toMatch(/JSON parse error/);
  });
});
