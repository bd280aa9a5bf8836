// What every call shares (CONVENTIONS "API", "Who sees what"): who may call what,
// trailing slashes, the error shape for what a client can get wrong, the OpenAPI
// document, security headers, and the built app served next to the API.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { startTestApi, countRows, type TestApi, type TestUser } from './harness';
import { expectErrors, expectStatus } from './expect';
import { issueCode } from '../../server/accounts/codes';

let api: TestApi;
let staff: TestUser;
let normal: TestUser;
let appDir: string;

beforeAll(async () => {
  appDir = fs.mkdtempSync(path.join(os.tmpdir(), 'built-app-'));
  fs.mkdirSync(path.join(appDir, 'assets'));
  fs.writeFileSync(path.join(appDir, 'index.html'), '<!doctype html><title>Talent Back-office</title><div id="root"></div>');
  fs.writeFileSync(path.join(appDir, 'assets', 'index-4f2a.js'), 'console.log("app")');
  api = await startTestApi({ staticDir: appDir });
  staff = await api.user({ is_staff: true });
  normal = await api.user();
});
afterAll(async () => {
  await api?.close();
  if (appDir) fs.rmSync(appDir, { recursive: true, force: true });
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const request = (token: string | undefined, method: Method, url: string, payload?: object) =>
  api.call(token, { method, url, ...(payload ? { payload } : {}) });

/** Fresh things for calls that use them up. */
const fresh = {
  organization: async () =>
    expectStatus(await request(staff.token, 'POST', '/api/v1/organizations/', { name: 'Fresh', users: [] }), 201).id as number,
  user: (options = {}) => api.user(options),
};

describe('who may call what', () => {
  /** Every staff-only call (CONVENTIONS "Who sees what"), with a body that would be valid. */
  const staffCalls: { method: Method; path: string; url?: () => Promise<string>; payload?: () => object }[] = [
    { method: 'GET', path: '/api/v1/users' },
    { method: 'GET', path: '/api/v1/users/{id}', url: async () => `/api/v1/users/${normal.id}` },
    { method: 'POST', path: '/api/v1/users/crowdsourcing/', payload: () => ({ user_id: normal.id, is_crowdsourcing: true }) },
    { method: 'POST', path: '/api/v1/users/crowdsourcing/entities/', payload: () => ({ user_id: normal.id }) },
    { method: 'POST', path: '/api/v1/users/activate/', payload: () => ({ user_id: normal.id }) },
    { method: 'POST', path: '/api/v1/users/de-activate/', payload: () => ({ user_id: staff.id }) },
    { method: 'GET', path: '/api/v1/organizations/' },
    { method: 'POST', path: '/api/v1/organizations/', payload: () => ({ name: 'Intruders', users: [] }) },
    { method: 'GET', path: '/api/v1/organizations/{id}', url: async () => `/api/v1/organizations/${await fresh.organization()}` },
    {
      method: 'PUT',
      path: '/api/v1/organizations/{id}/',
      url: async () => `/api/v1/organizations/${await fresh.organization()}/`,
      payload: () => ({ name: 'Taken over', users: [] }),
    },
    {
      method: 'PATCH',
      path: '/api/v1/organizations/{id}/',
      url: async () => `/api/v1/organizations/${await fresh.organization()}/`,
      payload: () => ({ name: 'Taken over' }),
    },
    { method: 'DELETE', path: '/api/v1/organizations/{id}/', url: async () => `/api/v1/organizations/${await fresh.organization()}/` },
  ];

  it.each(staffCalls.map((c) => [c.method, c.path, c] as const))(
    '%s %s: 401 without or with a bad token, 403 to a normal user, even with a bad body',
    async (_method, _path, call) => {
      const url = call.url ? await call.url() : call.path;
      const payload = call.payload?.();
      const organizations = await countRows(api.handle, 'organization');
      const dataOf = async () => JSON.stringify(await api.handle.db.selectFrom('app_user').selectAll().orderBy('id').execute());
      const users = await dataOf();
      expectErrors(await request(undefined, call.method, url, payload), 401);
      expectErrors(await request('a-token-nobody-has', call.method, url, payload), 401);
      expectErrors(await request(normal.token, call.method, url, payload), 403);
      if (call.method !== 'GET' && call.method !== 'DELETE') {
        expectErrors(await request(normal.token, call.method, url, { user_id: 'not an id', name: '' }), 403);
      }
      expect(await countRows(api.handle, 'organization')).toBe(organizations);
      expect(await dataOf()).toBe(users);
    },
  );

  it('the signed-in calls answer 401 without a token', async () => {
    expectErrors(await request(undefined, 'GET', '/api/v1/users/me'), 401);
    expectErrors(await request(undefined, 'POST', '/api/v1/auth/sign-out/', {}), 401);
    expectErrors(await request(undefined, 'POST', '/api/v1/passwords/change/', { old_password: 'a', new_password: 'b' }), 401);
  });
});

describe('every path answers with and without its trailing slash', () => {
  /** one call per endpoint of SPEC §7 "Authentication and users" and "Organizations": path, body, expected status */
  const endpoints: {
    method: Method;
    path: (p: Prepared) => string;
    body?: (p: Prepared) => object;
    status: number;
    prepare?: () => Promise<Partial<Prepared>>;
  }[] = [
    { method: 'POST', path: () => '/api/v1/auth/sign-in', body: (p) => ({ email: p.user.email, password: p.user.password }), status: 200 },
    {
      method: 'POST',
      path: () => '/api/v1/auth/registration',
      body: (p) => ({ first_name: 'S', last_name: 'L', email: `slash-${p.n}@example.test`, password: 'long enough' }),
      status: 201,
    },
    {
      method: 'POST',
      path: () => '/api/v1/auth/activation',
      body: (p) => ({ email: p.inactive.email, code: p.activationCode }),
      status: 200,
    },
    { method: 'POST', path: () => '/api/v1/auth/sign-out', body: () => ({}), status: 200 },
    { method: 'GET', path: () => '/api/v1/users/me', status: 200 },
    { method: 'GET', path: () => '/api/v1/users', status: 200 },
    { method: 'GET', path: (p) => `/api/v1/users/${p.user.id}`, status: 200 },
    {
      method: 'POST',
      path: () => '/api/v1/users/crowdsourcing',
      body: (p) => ({ user_id: p.user.id, is_crowdsourcing: true }),
      status: 200,
    },
    { method: 'POST', path: () => '/api/v1/users/crowdsourcing/entities', body: (p) => ({ user_id: p.crowd.id }), status: 202 },
    { method: 'POST', path: () => '/api/v1/users/activate', body: (p) => ({ user_id: p.inactive.id }), status: 200 },
    { method: 'POST', path: () => '/api/v1/users/de-activate', body: (p) => ({ user_id: p.user.id }), status: 200 },
    { method: 'POST', path: () => '/api/v1/passwords/request-reset', body: (p) => ({ email: p.user.email }), status: 200 },
    {
      method: 'POST',
      path: () => '/api/v1/passwords/reset',
      body: (p) => ({ email: p.user.email, code: p.resetCode, new_password: 'long enough' }),
      status: 200,
    },
    {
      method: 'POST',
      path: () => '/api/v1/passwords/change',
      body: (p) => ({ old_password: p.user.password, new_password: 'long enough' }),
      status: 200,
    },
    { method: 'GET', path: () => '/api/v1/organizations', status: 200 },
    { method: 'POST', path: () => '/api/v1/organizations', body: () => ({ name: 'Slash', users: [] }), status: 201 },
    { method: 'GET', path: (p) => `/api/v1/organizations/${p.organization}`, status: 200 },
    {
      method: 'PUT',
      path: (p) => `/api/v1/organizations/${p.organization}`,
      body: (p) => ({ name: 'Slash', users: [p.user.id] }),
      status: 200,
    },
    { method: 'PATCH', path: (p) => `/api/v1/organizations/${p.organization}`, body: () => ({ name: 'Slash' }), status: 200 },
    { method: 'DELETE', path: (p) => `/api/v1/organizations/${p.organization}`, status: 204 },
  ];

  interface Prepared {
    n: number;
    user: TestUser;
    crowd: TestUser;
    inactive: TestUser;
    activationCode: string;
    resetCode: string;
    organization: number;
  }

  let counter = 0;
  async function prepare(): Promise<Prepared> {
    const user = await fresh.user();
    const crowd = await fresh.user({ is_crowdsourcing: true });
    const inactive = await fresh.user({ is_active: false });
    return {
      n: ++counter,
      user,
      crowd,
      inactive,
      activationCode: await issueCode(api.handle.db, inactive.id, 'activation'),
      resetCode: await issueCode(api.handle.db, user.id, 'reset'),
      organization: await fresh.organization(),
    };
  }

  it.each(endpoints.map((e) => [e.method, e.path({ user: { id: '{id}' }, organization: '{id}' } as never), e]))(
    '%s %s',
    async (_m, _p, endpoint) => {
      for (const slash of ['', '/']) {
        const prepared = await prepare();
        const token =
          endpoint.path(prepared).startsWith('/api/v1/users/me') || /sign-out|change/.test(endpoint.path(prepared))
            ? prepared.user.token
            : staff.token;
        const response = await request(token, endpoint.method, endpoint.path(prepared) + slash, endpoint.body?.(prepared));
        expect(response.statusCode, `${endpoint.method} ${endpoint.path(prepared)}${slash}: ${response.body}`).toBe(endpoint.status);
      }
    },
  );
});

describe('errors a client can cause answer {errors}, never a 500', () => {
  const raw = (options: InjectOptions) => api.call(staff.token, options);

  it('malformed JSON → 400', async () => {
    for (const url of ['/api/v1/auth/sign-in/', '/api/v1/organizations/']) {
      const body = expectErrors(
        await raw({ method: 'POST', url, payload: '{"name": "unterminated', headers: { 'content-type': 'application/json' } }),
        400,
      );
      expect(body.errors.join(' ')).toMatch(/JSON/);
    }
  });

  it('a body that is not an object → 400', async () => {
    expectErrors(
      await raw({ method: 'POST', url: '/api/v1/organizations/', payload: '[1, 2]', headers: { 'content-type': 'application/json' } }),
      400,
    );
  });

  it('a body too large → 413', async () => {
    const name = 'x'.repeat(2 * 1024 * 1024);
    expectErrors(
      await raw({
        method: 'POST',
        url: '/api/v1/auth/registration/',
        payload: { first_name: name, last_name: 'a', email: 'big@example.test', password: 'long enough' },
      }),
      413,
    );
  });

  it('an unsupported media type → 415', async () => {
    expectErrors(
      await raw({ method: 'POST', url: '/api/v1/organizations/', payload: '<name/>', headers: { 'content-type': 'application/xml' } }),
      415,
    );
  });

  it('no such route → 404, with or without a token', async () => {
    for (const token of [staff.token, undefined]) {
      const body = expectErrors(await api.call(token, { method: 'GET', url: '/api/v1/no-such-thing/' }), 404);
      expect(body.errors[0]).toContain('/api/v1/no-such-thing/');
      expectErrors(await api.call(token, { method: 'DELETE', url: '/api/v1/users/me' }), 404);
    }
  });

  it('null characters, which the database cannot store, → 400 naming the field', async () => {
    expectErrors(
      await api.call(undefined, {
        method: 'POST',
        url: '/api/v1/auth/sign-in/',
        payload: { email: 'a\u0000b@example.test', password: 'x' },
      }),
      400,
      ['email'],
    );
    expectErrors(
      await api.call(undefined, { method: 'POST', url: '/api/v1/passwords/request-reset/', payload: { email: 'a\u0000b@example.test' } }),
      400,
      ['email'],
    );
    expectErrors(await raw({ method: 'POST', url: '/api/v1/organizations/', payload: { name: 'a\u0000b', users: [] } }), 400, ['name']);
    expectErrors(await raw({ method: 'GET', url: '/api/v1/users?search=a%00b' }), 400, ['search']);
  });
});

describe('platform connections list filters', () => {
  it('category_type keeps the connections of that category (the choices of a data-source field naming one)', async () => {
    const owner = await api.user();
    const create = async (category_type: string, connection_parameters: Record<string, string>) =>
      expectStatus<{ id: number }>(
        await request(owner.token, 'POST', '/api/v1/platform-connections/', { category_type, connection_parameters }),
        201,
      ).id;
    const llm = await create('openai_compatible', { base_url: 'http://llm.test/v1', model: 'tiny' });
    const pdl = await create('people_data_labs', { api_key: 'pdl-key-1234' });
    const list = async (query: string) => {
      const page = expectStatus<{ count: number; results: { id: number; category_type: string }[] }>(
        await request(owner.token, 'GET', `/api/v1/platform-connections?${query}`),
        200,
      );
      return { count: page.count, ids: page.results.map((connection) => connection.id) };
    };
    expect(await list('category_type=openai_compatible')).toEqual({ count: 1, ids: [llm] });
    expect(await list('category_type=people_data_labs&page_size=100')).toEqual({ count: 1, ids: [pdl] });
    expect((await list('page_size=100')).ids.sort()).toEqual([llm, pdl].sort());
    expect(await list('category_type=no_such_category')).toEqual({ count: 0, ids: [] });
    // someone else's connections stay out, filtered or not
    expect(
      expectStatus(await request(normal.token, 'GET', '/api/v1/platform-connections?category_type=openai_compatible'), 200).results,
    ).not.toContainEqual(expect.objectContaining({ id: llm }));
    expectErrors(await request(owner.token, 'GET', `/api/v1/platform-connections?category_type=${'x'.repeat(101)}`), 400);
  });
});

describe('OpenAPI description', () => {
  it('GET /api/docs/json is an OpenAPI 3 document listing every path', async () => {
    const document = expectStatus(await api.call(undefined, { method: 'GET', url: '/api/docs/json' }), 200);
    expect(document.openapi).toMatch(/^3\./);
    // a route registered with its trailing slash is listed with it: merge both spellings
    const paths = new Map<string, Record<string, unknown>>();
    for (const [route, operations] of Object.entries(document.paths as Record<string, Record<string, unknown>>)) {
      const key = route.replace(/\/$/, '');
      paths.set(key, { ...paths.get(key), ...operations });
    }
    const expected: [string, string][] = [
      ['post', '/api/v1/auth/sign-in'],
      ['post', '/api/v1/auth/registration'],
      ['post', '/api/v1/auth/activation'],
      ['get', '/api/v1/users/me'],
      ['get', '/api/v1/users'],
      ['get', '/api/v1/users/{id}'],
      ['post', '/api/v1/users/crowdsourcing'],
      ['post', '/api/v1/users/crowdsourcing/entities'],
      ['post', '/api/v1/users/activate'],
      ['post', '/api/v1/users/de-activate'],
      ['post', '/api/v1/passwords/request-reset'],
      ['post', '/api/v1/passwords/reset'],
      ['post', '/api/v1/passwords/change'],
      ['get', '/api/v1/organizations'],
      ['post', '/api/v1/organizations'],
      ['get', '/api/v1/organizations/{id}'],
      ['put', '/api/v1/organizations/{id}'],
      ['patch', '/api/v1/organizations/{id}'],
      ['delete', '/api/v1/organizations/{id}'],
    ];
    for (const [method, route] of expected) expect(paths.get(route), `${method} ${route}`).toHaveProperty(method);
  });

  it('GET /api/docs serves the viewer, which also works over plain http', async () => {
    const page = await api.call(undefined, { method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    // upgrade-insecure-requests would send the viewer's own scripts to https:// on a plain-http host
    expect(page.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });
});

describe('security headers', () => {
  function expectSecurityHeaders(response: LightMyRequestResponse, framing = "frame-ancestors 'none'"): void {
    expect(response.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(response.headers['content-security-policy']).toContain(framing);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  }

  it('are on API answers, errors, the docs and the app', async () => {
    expectSecurityHeaders(await api.call(normal.token, { method: 'GET', url: '/api/v1/users/me' }));
    expectSecurityHeaders(await api.call(undefined, { method: 'GET', url: '/api/v1/users/me' }));
    expectSecurityHeaders(await api.call(undefined, { method: 'GET', url: '/api/v1/no-such-thing' }));
    expectSecurityHeaders(await api.call(undefined, { method: 'GET', url: '/' }));
    expectSecurityHeaders(await api.call(undefined, { method: 'GET', url: '/profiles/12' }));
    expectSecurityHeaders(await api.call(undefined, { method: 'GET', url: '/assets/index-4f2a.js' }));
    // the viewer brings its own policy (swagger-ui's), still same-origin only
    expectSecurityHeaders(await api.call(undefined, { method: 'GET', url: '/api/docs/json' }), "object-src 'none'");
  });
});

describe('the built app, served next to the API', () => {
  const get = (url: string) => api.call(undefined, { method: 'GET', url });

  it('serves index.html at / and for every client route (history fallback), never cached', async () => {
    for (const url of [
      '/',
      '/login',
      '/profiles/12',
      '/activate-account?email=a%2Bb%40example.test&code=x',
      '/users?page=1&search=john.doe',
      '/reset-password?code=abc&email=ann%40example.com',
    ]) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toMatch(/text\/html/);
      expect(page.body, url).toContain('<div id="root">');
      expect(page.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('serves hashed assets as immutable, and a missing file as a 404', async () => {
    const asset = await get('/assets/index-4f2a.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("app")');
    expect(asset.headers['cache-control']).toContain('immutable');
    expectErrors(await get('/assets/missing-0000.js'), 404);
  });

  it('keeps API 404s as JSON and other methods out of the fallback', async () => {
    expectErrors(await api.call(staff.token, { method: 'GET', url: '/api/v1/no-such-thing' }), 404);
    expectErrors(await api.call(staff.token, { method: 'POST', url: '/profiles', payload: {} }), 404);
  });
});
