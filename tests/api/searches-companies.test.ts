// Saved searches (SPEC §2 Saved searches, §3 Saved search, §7 Saved searches;
// shared like profile lists) and companies (SPEC §2 Companies, §3 Company, §7
// Companies; visible through their data sources like profiles).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Company, ListResponse, SavedSearch } from '../../types/api';
import { startTestApi, countRows, type TestApi } from './harness';
import { expectErrors, expectStatus, isoUtc } from './expect';
import { COMPANIES, COMPANY_URL_PREFIX, buildProfileWorld, type CompanyKey, type ProfileWorld, type UserKey } from './fixtures/profiles';

let api: TestApi;
let world: ProfileWorld;

beforeAll(async () => {
  api = await startTestApi();
  world = await buildProfileWorld(api);
});
afterAll(async () => api?.close());

type Caller = UserKey | { token: string };
const call = (user: Caller, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  api.call(typeof user === 'string' ? world.users[user].token : user.token, { method, url, ...(payload ? { payload } : {}) });

describe('saved searches', () => {
  const save = async (user: Caller, payload: object) =>
    expectStatus<SavedSearch>(await call(user, 'POST', '/api/v1/searches/', payload), 201);
  const searches = async (user: Caller, query = '') =>
    expectStatus<ListResponse<SavedSearch>>(await call(user, 'GET', `/api/v1/searches/?page_size=100${query}`), 200);

  it('saves name, query and entity, the query without its leading "?"', async () => {
    const saved = await save('alice', { name: 'Women in Portugal', url: '?gender=female&nationalities=PT', entity: 'Profile' });
    expect(saved).toEqual({
      id: expect.any(Number),
      name: 'Women in Portugal',
      url: 'gender=female&nationalities=PT',
      entity: 'Profile',
      created_at: expect.stringMatching(isoUtc),
      updated_at: expect.stringMatching(isoUtc),
      // saved-search alerts (issue 18): not watched until switched on
      watched: false,
      notification_type: 'Email',
      priority: 'High',
      watched_at: null,
      baseline_at: null,
      muted: false,
      muted_at: null,
    });
    expect(expectStatus<SavedSearch>(await call('alice', 'GET', `/api/v1/searches/${saved.id}/`), 200)).toEqual(saved);
    expect((await searches('alice')).results).toContainEqual(saved);
  });

  it.each([
    ['tech_rating__gte=7&tech_rating__lte=10', 'tech_rating__gte=7&tech_rating__lte=10'],
    ['?page=2&search=jos%C3%A9', 'page=2&search=jos%C3%A9'],
    ['?search=who?&page=1', 'search=who?&page=1'],
    ['search=why?', 'search=why?'],
    ['/profiles?gender=male', 'gender=male'],
    ['http://app.test/profiles?gender=male&search=who?', 'gender=male&search=who?'],
    ['', ''],
  ])('stores %j as %j', async (url, stored) => {
    expect((await save('alice', { name: 'A query', url, entity: 'Profile' })).url).toBe(stored);
  });

  it('takes Profile as the entity when none is given, and no other', async () => {
    expect((await save('alice', { name: 'No entity', url: 'gender=male' })).entity).toBe('Profile');
    expectErrors(await call('alice', 'POST', '/api/v1/searches/', { name: 'Companies', url: 'x=1', entity: 'Company' }), 400, ['entity']);
  });

  it.each([
    [{ url: 'gender=male', entity: 'Profile' }, 'name'],
    [{ name: '', url: 'gender=male' }, 'name'],
    [{ name: '   ', url: 'gender=male' }, 'name'],
    [{ name: 'No query' }, 'url'],
  ])('refuses %j naming %s', async (payload, field) => {
    const before = await countRows(api.handle, 'saved_search');
    expectErrors(await call('alice', 'POST', '/api/v1/searches/', payload), 400, [field]);
    expect(await countRows(api.handle, 'saved_search')).toBe(before);
  });

  it("are shared with the owner's organization colleagues, and 404 to anyone else", async () => {
    const saved = await save('colleague', { name: 'Founders', url: 'search=founder', entity: 'Profile' });
    const url = `/api/v1/searches/${saved.id}/`;
    expect(expectStatus<SavedSearch>(await call('alice', 'GET', url), 200).name).toBe('Founders');
    expect((await searches('alice')).results.map((s) => s.id)).toContain(saved.id);
    expect((await searches('staff')).results.map((s) => s.id)).toContain(saved.id);
    for (const user of ['stranger', 'loner'] as const) {
      expectErrors(await call(user, 'GET', url), 404);
      expectErrors(await call(user, 'DELETE', url), 404);
      expect((await searches(user)).results.map((s) => s.id)).not.toContain(saved.id);
    }
    expectStatus(await call('colleague', 'GET', url), 200);
  });

  it('only the owner (or staff) watches a shared search: a colleague may rename it, not switch its alerts on', async () => {
    const saved = await save('colleague', { name: 'Shared', url: 'search=founder', entity: 'Profile' });
    const url = `/api/v1/searches/${saved.id}/`;
    expectErrors(await call('alice', 'PATCH', url, { watched: true }), 400, ['watched']);
    expectErrors(await call('alice', 'PUT', url, { name: 'Shared', url: 'search=founder', priority: 'Low' }), 400, ['watched']);
    expect(expectStatus<SavedSearch>(await call('alice', 'PATCH', url, { name: 'Shared by two', watched: false }), 200)).toMatchObject({
      name: 'Shared by two',
      watched: false,
    });
    expect(expectStatus<SavedSearch>(await call('staff', 'PATCH', url, { watched: true }), 200).watched).toBe(true);
  });

  it('are watched with a priority and a delivery (PUT or PATCH); a new query or switching on again takes a new baseline', async () => {
    const saved = await save('alice', { name: 'Watch me', url: 'gender=female', entity: 'Profile' });
    const url = `/api/v1/searches/${saved.id}/`;
    const put = expectStatus<SavedSearch>(
      await call('alice', 'PUT', url, {
        name: 'Watch me',
        url: 'gender=female',
        watched: true,
        priority: 'Low',
        notification_type: 'Slack',
      }),
      200,
    );
    expect(put).toMatchObject({ watched: true, priority: 'Low', notification_type: 'Slack', baseline_at: null, url: 'gender=female' });
    expect(put.watched_at).toMatch(isoUtc);
    const baseline = async () => {
      await api.handle.db.updateTable('saved_search').set({ baseline_at: new Date() }).where('id', '=', saved.id).execute();
      expect(expectStatus<SavedSearch>(await call('alice', 'GET', url), 200).baseline_at).toMatch(isoUtc);
    };
    await baseline();
    // the same query (as the app's PUT sends the whole record) keeps the baseline; another one does not
    expect(expectStatus<SavedSearch>(await call('alice', 'PATCH', url, { url: '?gender=female', priority: 'High' }), 200)).toMatchObject({
      priority: 'High',
      baseline_at: expect.stringMatching(isoUtc),
    });
    expect(expectStatus<SavedSearch>(await call('alice', 'PATCH', url, { url: 'gender=male' }), 200).baseline_at).toBeNull();
    await baseline();
    expect(expectStatus<SavedSearch>(await call('alice', 'PATCH', url, { watched: false }), 200)).toMatchObject({
      watched: false,
      watched_at: null,
      baseline_at: null,
    });
    expectErrors(await call('alice', 'PATCH', url, { priority: 'Urgent' }), 400, ['priority']);
    expectErrors(await call('alice', 'PATCH', url, { watched: 'yes please' }), 400, ['watched']);
    expectErrors(await call('stranger', 'PATCH', url, { watched: true }), 404);
  });

  it('are deleted (204), then 404', async () => {
    const saved = await save('alice', { name: 'Temporary', url: 'gender=female', entity: 'Profile' });
    const url = `/api/v1/searches/${saved.id}/`;
    const response = await call('colleague', 'DELETE', url);
    expect(response.statusCode).toBe(204);
    expectErrors(await call('alice', 'GET', url), 404);
    expectErrors(await call('alice', 'DELETE', url), 404);
  });

  it('are counted, ordered and paged per viewer', async () => {
    const owner = await api.user({ email: 'searcher@profiles.test' });
    for (const name of ['First', 'Second', 'Third']) await save(owner, { name, url: `n=${name}`, entity: 'Profile' });
    const all = await searches(owner, '&ordering=created_at');
    expect(all.count).toBe(3);
    expect(all.results.map((s) => s.name)).toEqual(['First', 'Second', 'Third']);
    expect((await searches(owner, '&ordering=-created_at')).results.map((s) => s.name)).toEqual(['Third', 'Second', 'First']);
    expect((await searches(owner, '&ordering=-updated_at')).results.map((s) => s.name)).toEqual(['Third', 'Second', 'First']);
    const page = expectStatus<ListResponse<SavedSearch>>(
      await call(owner, 'GET', '/api/v1/searches/?page=2&page_size=2&ordering=created_at'),
      200,
    );
    expect(page).toMatchObject({ count: 3, results: [{ name: 'Third' }] });
    expectErrors(await api.call(undefined, { method: 'GET', url: '/api/v1/searches/' }), 401);
  });
});

describe('companies', () => {
  const companies = async (user: UserKey, query = '') =>
    expectStatus<ListResponse<Company>>(await call(user, 'GET', `/api/v1/companies?page_size=100${query}`), 200);
  const keysOf = (body: ListResponse<Company>) => {
    const byId = new Map(Object.entries(world.companies).map(([key, id]) => [id, key]));
    return body.results.map((c) => byId.get(c.id) ?? String(c.id));
  };
  const sorted = (keys: string[]) => [...keys].sort();

  it.each([
    ['staff', ['zeta', 'orbit', 'kiwi', 'quasar', 'shadow']],
    ['alice', ['zeta', 'orbit', 'kiwi', 'quasar']],
    ['colleague', ['zeta', 'orbit', 'kiwi', 'quasar']],
    ['stranger', ['zeta', 'quasar', 'shadow']],
    ['loner', ['zeta', 'quasar']],
  ] as [UserKey, CompanyKey[]][])('%s sees the companies of the data sources they may read', async (user, expected) => {
    const body = await companies(user);
    expect(sorted(keysOf(body))).toEqual(sorted(expected));
    expect(body.count).toBe(expected.length);
  });

  it.each([
    ['alice', 'zurich', ['zeta']],
    ['alice', 'ZÜRICH', ['zeta']],
    ['alice', 'robotics', ['zeta']],
    ['staff', 'robotics', ['zeta', 'shadow']],
    ['staff', 'robotics berlin', ['shadow']],
    ['alice', 'food', ['kiwi']],
    ['alice', 'quasar', ['quasar']],
    ['alice', 'nothing-like-this', []],
  ] as [UserKey, string, CompanyKey[]][])('%s searching %j', async (user, search, expected) => {
    const body = await companies(user, `&search=${encodeURIComponent(search)}`);
    expect(sorted(keysOf(body))).toEqual(sorted(expected));
    expect(body.count).toBe(expected.length);
  });

  it('order by created_at and updated_at, both ways; other fields are ignored', async () => {
    expect(keysOf(await companies('staff', '&ordering=created_at'))).toEqual(['orbit', 'quasar', 'zeta', 'shadow', 'kiwi']);
    expect(keysOf(await companies('staff', '&ordering=-created_at'))).toEqual(['kiwi', 'shadow', 'zeta', 'quasar', 'orbit']);
    expect(keysOf(await companies('staff', '&ordering=updated_at'))).toEqual(['zeta', 'kiwi', 'shadow', 'orbit', 'quasar']);
    expect(keysOf(await companies('alice', '&ordering=-updated_at'))).toEqual(['quasar', 'orbit', 'kiwi', 'zeta']);
    const plain = keysOf(await companies('staff'));
    expect(keysOf(await companies('staff', '&ordering=name'))).toEqual(plain);
    expect(keysOf(await companies('staff', '&ordering=-year_founded'))).toEqual(plain);
  });

  it('page, with an empty page past the end', async () => {
    const page = (n: number) => call('alice', 'GET', `/api/v1/companies?page=${n}&page_size=3&ordering=created_at`);
    expect(keysOf(expectStatus(await page(1), 200))).toEqual(['orbit', 'quasar', 'zeta']);
    expect(expectStatus<ListResponse<Company>>(await page(2), 200)).toMatchObject({ count: 4, results: [{ id: world.companies.kiwi }] });
    expect(expectStatus(await page(3), 200)).toEqual({ count: 4, results: [] });
    expectErrors(await call('alice', 'GET', '/api/v1/companies?page=abc'), 400, ['page']);
  });

  it('detail: every field, and the names of the data sources the viewer may read', async () => {
    const quasar = expectStatus<Company>(await call('alice', 'GET', `/api/v1/companies/${world.companies.quasar}/`), 200);
    const { sources, ...fields } = COMPANIES.quasar;
    expect(quasar).toEqual({
      ...fields,
      id: world.companies.quasar,
      external_id: `${COMPANY_URL_PREFIX}quasar/`,
      description: 'Quasar Bank description',
      company_size: '11-50',
      created_at: '2026-02-02T00:00:00.000Z',
      updated_at: '2026-04-05T00:00:00.000Z',
      data_sources: [{ id: world.sources.public.id, name: 'Public Founders' }],
    });
    expect(sources).toEqual(['public', 'stranger']);
    const asStaff = expectStatus<Company>(await call('staff', 'GET', `/api/v1/companies/${world.companies.quasar}`), 200);
    expect(asStaff.data_sources.map((d) => d.name)).toEqual(['Public Founders', 'Stranger Secrets']);
    const orbit = expectStatus<Company>(await call('colleague', 'GET', `/api/v1/companies/${world.companies.orbit}/`), 200);
    expect(orbit).toMatchObject({
      location: null,
      year_founded: null,
      data_sources: [{ id: world.sources.alice.id, name: "Alice's Watchlist" }],
    });
  });

  it('detail answers 404 for what the viewer may not see or what does not exist', async () => {
    expectErrors(await call('alice', 'GET', `/api/v1/companies/${world.companies.shadow}/`), 404);
    expectErrors(await call('loner', 'GET', `/api/v1/companies/${world.companies.kiwi}/`), 404);
    expectStatus(await call('stranger', 'GET', `/api/v1/companies/${world.companies.shadow}/`), 200);
    expectErrors(await call('staff', 'GET', '/api/v1/companies/999999/'), 404);
    expectErrors(await call('staff', 'GET', '/api/v1/companies/abc/'), 400, ['id']);
    expectErrors(await api.call(undefined, { method: 'GET', url: '/api/v1/companies' }), 401);
  });
});
