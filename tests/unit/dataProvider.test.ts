import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from 'react-admin';
import { buildQueryString, createDataProvider, errorMessage, listQueryParams } from '../../dataProvider';
import { installFakeFetch } from './support/fakeFetch';

const listBody = { count: 42, results: [{ id: 1, name: 'Acme' }] };

beforeEach(() => Cookies.remove('fs_token', { path: '/' }));
afterEach(() => vi.unstubAllGlobals());

describe('buildQueryString', () => {
  it('sorts the keys, repeats array values and drops empty values', () => {
    expect(
      buildQueryString({ search: 'ada lovelace', page: 2, gender: ['male', 'female'], empty: '', none: undefined, nil: null, arr: [] }),
    ).toBe('gender=male&gender=female&page=2&search=ada+lovelace');
  });
});

describe('listQueryParams', () => {
  it('turns DESC into a leading minus and ASC into the bare field', () => {
    expect(listQueryParams({ sort: { field: 'created_at', order: 'DESC' } }).ordering).toBe('-created_at');
    expect(listQueryParams({ sort: { field: 'created_at', order: 'ASC' } }).ordering).toBe('created_at');
  });
  it('leaves ordering out without a sort field, and a caller ordering filter wins', () => {
    expect(buildQueryString(listQueryParams({ sort: { field: '', order: 'ASC' } }))).toBe('');
    expect(listQueryParams({ sort: { field: 'name', order: 'ASC' }, filter: { ordering: '-updated_at' } }).ordering).toBe('-updated_at');
  });
});

describe('createDataProvider', () => {
  it('getList sends page, page_size, ordering and filters with sorted keys and maps count/results', async () => {
    const { calls } = installFakeFetch({ 'GET /api/v1/rules': { body: listBody } });
    const provider = createDataProvider({ resourcePaths: { 'rule-sets': '/api/v1/rules' } });
    const result = await provider.getList('rule-sets', {
      pagination: { page: 3, perPage: 10 },
      sort: { field: 'priority', order: 'DESC' },
      filter: { search: 'x', gender: ['b', 'a'], blank: '' },
    });
    expect(calls[0].url).toBe('/api/v1/rules?gender=b&gender=a&ordering=-priority&page=3&page_size=10&search=x');
    expect(result).toEqual({ data: listBody.results, total: 42 });
  });

  it('uses /api/v1/{name} by default and prefixes apiUrl', async () => {
    const { calls } = installFakeFetch({ 'GET /api/v1/companies/5': { body: { id: 5 } } });
    const provider = createDataProvider({ apiUrl: 'http://api.test' });
    await expect(provider.getOne('companies', { id: 5 })).resolves.toEqual({ data: { id: 5 } });
    expect(calls[0].url).toBe('http://api.test/api/v1/companies/5');
  });

  it('getMany fetches each id, getManyReference filters on the target', async () => {
    const { calls } = installFakeFetch({
      'GET /api/v1/users/1': { body: { id: 1 } },
      'GET /api/v1/users/2': { body: { id: 2 } },
      'GET /api/v1/executions': { body: listBody },
    });
    const provider = createDataProvider();
    await expect(provider.getMany('users', { ids: [1, 2] })).resolves.toEqual({ data: [{ id: 1 }, { id: 2 }] });
    await provider.getManyReference('executions', {
      target: 'data_source',
      id: 7,
      pagination: { page: 1, perPage: 10 },
      sort: { field: 'date_done', order: 'ASC' },
      filter: {},
    });
    expect(calls.map((call) => call.url)).toEqual([
      '/api/v1/users/1',
      '/api/v1/users/2',
      '/api/v1/executions?data_source=7&ordering=date_done&page=1&page_size=10',
    ]);
  });

  it('create POSTs to the collection with a slash, update PUTs and delete DELETEs the item with a slash', async () => {
    const { calls } = installFakeFetch({
      'POST /api/v1/organizations/': { status: 201, body: { id: 9, name: 'A' } },
      'PUT /api/v1/organizations/9/': { body: { id: 9, name: 'B' } },
      'DELETE /api/v1/organizations/9/': { status: 204 },
      'DELETE /api/v1/organizations/10/': { status: 204 },
    });
    const provider = createDataProvider();
    await expect(provider.create('organizations', { data: { name: 'A', users: [] } })).resolves.toEqual({ data: { id: 9, name: 'A' } });
    await expect(provider.update('organizations', { id: 9, data: { name: 'B' }, previousData: { id: 9 } })).resolves.toEqual({
      data: { id: 9, name: 'B' },
    });
    await expect(provider.delete('organizations', { id: 9, previousData: { id: 9, name: 'B' } })).resolves.toEqual({
      data: { id: 9, name: 'B' },
    });
    await expect(provider.deleteMany('organizations', { ids: [9, 10] })).resolves.toEqual({ data: [9, 10] });
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'POST /api/v1/organizations/',
      'PUT /api/v1/organizations/9/',
      'DELETE /api/v1/organizations/9/',
      'DELETE /api/v1/organizations/9/',
      'DELETE /api/v1/organizations/10/',
    ]);
    expect(calls[0].body).toEqual({ name: 'A', users: [] });
    expect(calls[0].headers.get('Content-Type')).toBe('application/json');
  });

  it('updateMany PUTs each id with a slash; delete without previousData answers the id', async () => {
    const { calls } = installFakeFetch({
      'PUT /api/v1/rules/1/': { body: { id: 1, name: 'x' } },
      'PUT /api/v1/rules/2/': { body: { id: 2, name: 'x' } },
      'DELETE /api/v1/rules/3/': { status: 204 },
    });
    const provider = createDataProvider({ apiUrl: 'http://api.test' });
    await expect(provider.updateMany('rules', { ids: [1, 2], data: { name: 'x' } })).resolves.toEqual({ data: [1, 2] });
    await expect(provider.delete('rules', { id: 3 })).resolves.toEqual({ data: { id: 3 } });
    expect(calls.map((call) => `${call.method} ${call.url}`)).toEqual([
      'PUT http://api.test/api/v1/rules/1/',
      'PUT http://api.test/api/v1/rules/2/',
      'DELETE http://api.test/api/v1/rules/3/',
    ]);
    expect(calls[0].body).toEqual({ name: 'x' });
  });

  it('getList and getOne read nested resource paths, and getOne escapes the id', async () => {
    const { calls } = installFakeFetch({
      'GET /api/v1/profiles/5/connections': { body: listBody },
      'GET /api/v1/searches/a%2Fb': { body: { id: 'a/b' } },
    });
    const provider = createDataProvider();
    await expect(
      provider.getList('profiles/5/connections', { pagination: { page: 1, perPage: 10 }, sort: { field: '', order: 'ASC' }, filter: {} }),
    ).resolves.toEqual({
      data: listBody.results,
      total: 42,
    });
    await provider.getOne('searches', { id: 'a/b' });
    expect(calls.map((call) => call.url)).toEqual(['/api/v1/profiles/5/connections?page=1&page_size=10', '/api/v1/searches/a%2Fb']);
    expect(calls.map((call) => call.method)).toEqual(['GET', 'GET']);
  });

  it('request() calls a path relative to /api/v1 with a JSON body', async () => {
    const { calls } = installFakeFetch({ 'POST /api/v1/users/activate/': { body: { detail: 'ok' } } });
    await expect(createDataProvider().request('POST', '/users/activate/', { user_id: 3 })).resolves.toEqual({ detail: 'ok' });
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/v1/users/activate/', body: { user_id: 3 } });
    expect(calls[0].headers.get('Content-Type')).toBe('application/json');
  });

  it('request() without a body sends none', async () => {
    const { calls, fetchMock } = installFakeFetch({ 'POST /api/v1/notifications/4/send/': { body: { detail: 'ok' } } });
    await expect(createDataProvider().request('POST', '/notifications/4/send/')).resolves.toEqual({ detail: 'ok' });
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/api/v1/notifications/4/send/', body: undefined });
    expect((fetchMock.mock.calls[0][1] as RequestInit).body).toBeUndefined();
  });

  it('sends Authorization: Token {cookie} only when the cookie exists', async () => {
    const { calls } = installFakeFetch({ 'GET /api/v1/companies/1': { body: { id: 1 } } });
    const provider = createDataProvider();
    await provider.getOne('companies', { id: 1 });
    Cookies.set('fs_token', 'abc123', { path: '/' });
    await provider.getOne('companies', { id: 1 });
    expect(calls[0].headers.get('Authorization')).toBeNull();
    expect(calls[1].headers.get('Authorization')).toBe('Token abc123');
  });
});

describe('error mapping', () => {
  it("joins the body's errors with ', ' into an HttpError carrying the status", async () => {
    installFakeFetch({ 'POST /api/v1/rules/': { status: 400, body: { errors: ['name: This field is required.', 'value: Bad.'] } } });
    const error = await createDataProvider()
      .create('rules', { data: {} })
      .catch((e) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error.message).toBe('name: This field is required., value: Bad.');
    expect(error.status).toBe(400);
  });

  it("falls back to 'An error occurred' for any other body", async () => {
    installFakeFetch({
      'GET /api/v1/rules/1': { status: 500, body: '<html>oops</html>' },
      'GET /api/v1/rules/2': { status: 404, body: { detail: 'Not found' } },
      'GET /api/v1/rules/3': { status: 400, body: { errors: [] } },
    });
    const provider = createDataProvider();
    for (const id of [1, 2, 3]) {
      const error = await provider.getOne('rules', { id }).catch((e) => e);
      expect(error.message).toBe('An error occurred');
    }
  });

  it('clears the fs_token cookie on any 401, and only on 401', async () => {
    installFakeFetch({
      'GET /api/v1/users/1': { status: 403, body: { errors: ['Forbidden'] } },
      'POST /api/v1/passwords/change/': { status: 401, body: { errors: ['Invalid token.'] } },
    });
    Cookies.set('fs_token', 'stale', { path: '/' });
    const provider = createDataProvider();
    await expect(provider.getOne('users', { id: 1 })).rejects.toThrow('Forbidden');
    expect(Cookies.get('fs_token')).toBe('stale');
    await expect(provider.request('POST', '/passwords/change/', {})).rejects.toMatchObject({ status: 401, message: 'Invalid token.' });
    expect(Cookies.get('fs_token')).toBeUndefined();
  });

  it('clears the cookie on a 401 whatever its body, with the generic message', async () => {
    installFakeFetch({ 'GET /api/v1/users/me': { status: 401, body: '<html>Unauthorized</html>' } });
    Cookies.set('fs_token', 'stale', { path: '/' });
    await expect(createDataProvider().request('GET', '/users/me')).rejects.toMatchObject({ status: 401, message: 'An error occurred' });
    expect(Cookies.get('fs_token')).toBeUndefined();
  });

  it('lets a failure without an answer (network, abort) through as it is, keeping the cookie', async () => {
    const offline = new TypeError('Failed to fetch');
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(offline)),
    );
    Cookies.set('fs_token', 'tok', { path: '/' });
    await expect(createDataProvider().getOne('companies', { id: 1 })).rejects.toBe(offline);
    expect(Cookies.get('fs_token')).toBe('tok');
  });

  it('errorMessage shows an Error message, else the fallback', () => {
    expect(errorMessage(new Error('boom'), 'fallback')).toBe('boom');
    expect(errorMessage('boom', 'fallback')).toBe('fallback');
  });
});
