// GET /api/v1/profiles/{id}, its connections, and the three writes: FS Rating
// (staff only), the user's own rating and comment (SPEC §2 Profile detail and
// sub-screens, §5 Rating and Comment, §7 Profiles; CONVENTIONS "Who sees what").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Connection, ListResponse, Profile } from '../../types/api';
import { startTestApi, type TestApi } from './harness';
import { expectErrors, expectStatus } from './expect';
import {
  JOSE_CONNECTIONS,
  JOSE_DETAIL,
  PROFILES,
  buildProfileWorld,
  type ProfileKey,
  type ProfileWorld,
  type UserKey,
} from './fixtures/profiles';

let api: TestApi;
let world: ProfileWorld;

beforeAll(async () => {
  api = await startTestApi();
  world = await buildProfileWorld(api);
});
afterAll(async () => api?.close());

const get = (user: UserKey, url: string) => api.call(world.users[user].token, { method: 'GET', url });
const post = (user: UserKey | { token: string }, url: string, payload: object) =>
  api.call(typeof user === 'string' ? world.users[user].token : user.token, { method: 'POST', url, payload });
const detail = async (user: UserKey, key: ProfileKey) =>
  expectStatus<Profile>(await get(user, `/api/v1/profiles/${world.profiles[key]}/`), 200);
const url = (key: ProfileKey, action = '') => `/api/v1/profiles/${world.profiles[key]}/${action}`;
const NESTED_LISTS = [
  'educations',
  'jobs',
  'skills',
  'courses',
  'languages',
  'projects',
  'publications',
  'licenses',
  'recommendations',
  'interests',
] as const;

describe('detail', () => {
  it('answers every field and every nested list', async () => {
    const jose = await detail('alice', 'jose');
    const { sources, ...fields } = PROFILES.jose;
    expect(jose).toMatchObject({
      ...fields,
      id: world.profiles.jose,
      external_id: 'https://www.linkedin.com/in/jose',
      created_at: '2026-01-05T09:00:00.000Z',
      updated_at: '2026-03-20T09:00:00.000Z',
      data_sources: [{ id: world.sources.public.id, name: 'Public Founders' }],
      age_value: null,
      summary: null,
      image_url: null,
      app_rating: null,
      profile_rating: null,
      comments: [],
    });
    expect(sources).toEqual(['public']);
    for (const list of NESTED_LISTS) expect(jose[list], list).toEqual(JOSE_DETAIL[list]);
  });

  it('answers every nested list empty for a profile that has none', async () => {
    const emma = await detail('alice', 'emma');
    for (const list of NESTED_LISTS) expect(emma[list], list).toEqual([]);
    expect(emma.nationalities).toEqual({});
  });

  it('names only the data sources the viewer may read', async () => {
    const { public: pub, alice, stranger } = world.sources;
    expect((await detail('alice', 'farid')).data_sources).toEqual([{ id: pub.id, name: pub.name }]);
    expect((await detail('staff', 'farid')).data_sources).toEqual([
      { id: pub.id, name: pub.name },
      { id: stranger.id, name: stranger.name },
    ]);
    expect((await detail('stranger', 'farid')).data_sources).toEqual([
      { id: pub.id, name: pub.name },
      { id: stranger.id, name: stranger.name },
    ]);
    expect((await detail('alice', 'chloe')).data_sources).toEqual([
      { id: alice.id, name: alice.name },
      { id: pub.id, name: pub.name },
    ]);
    expect((await detail('loner', 'chloe')).data_sources).toEqual([{ id: pub.id, name: pub.name }]);
  });

  it.each([
    ['alice', 'dmitri', 404],
    ['alice', 'greta', 404],
    ['colleague', 'dmitri', 404],
    ['stranger', 'ana', 404],
    ['stranger', 'bruno', 404],
    ['loner', 'kasia', 404],
    ['colleague', 'ana', 200],
    ['alice', 'bruno', 200],
    ['stranger', 'dmitri', 200],
    ['staff', 'dmitri', 200],
    ['staff', 'ana', 200],
  ] as [UserKey, ProfileKey, number][])('%s opening %s → %s', async (user, key, status) => {
    const response = await get(user, url(key));
    if (status === 404) expectErrors(response, 404);
    else expect(expectStatus<Profile>(response, 200).id).toBe(world.profiles[key]);
  });

  it('answers 404 for an unknown id and 400 for one that is not a number', async () => {
    expectErrors(await get('staff', '/api/v1/profiles/999999'), 404);
    expectErrors(await get('staff', '/api/v1/profiles/abc'), 400, ['id']);
  });
});

describe('connections', () => {
  const connections = async (user: UserKey, key: ProfileKey, query = '') =>
    expectStatus<ListResponse<Connection>>(await get(user, `${url(key, 'connections/')}${query}`), 200);

  it('are paged, with their degree, and only those the viewer may see', async () => {
    const first = await connections('alice', 'jose');
    expect(first.count).toBe(11);
    expect(first.results).toHaveLength(10);
    const second = await connections('alice', 'jose', '?page=2');
    expect(second.results).toHaveLength(1);
    expect(await connections('alice', 'jose', '?page=3')).toEqual({ count: 11, results: [] });

    const all = [...first.results, ...second.results];
    const expected = Object.entries(JOSE_CONNECTIONS).filter(([key]) => key !== 'dmitri' && key !== 'greta');
    expect(all.map((c) => world.keyOf(c.id)).sort()).toEqual(expected.map(([key]) => key).sort());
    for (const connection of all) {
      const key = world.keyOf(connection.id) as Exclude<ProfileKey, 'jose'>;
      expect(connection).toEqual({
        id: world.profiles[key],
        external_id: `https://www.linkedin.com/in/${key}`,
        first_name: PROFILES[key].first_name,
        last_name: PROFILES[key].last_name,
        degree: JOSE_CONNECTIONS[key],
      });
    }
  });

  it('are all there for staff, and page_size is honoured', async () => {
    const body = await connections('staff', 'jose', '?page_size=100');
    expect(body.count).toBe(13);
    expect(body.results.map((c) => world.keyOf(c.id)).sort()).toEqual(Object.keys(JOSE_CONNECTIONS).sort());
    expect((await connections('staff', 'jose', '?page_size=4')).results).toHaveLength(4);
  });

  it('hide a connection the viewer may not see, and a hidden profile has none to show', async () => {
    expect(await connections('alice', 'emma')).toEqual({ count: 0, results: [] });
    expect((await connections('staff', 'emma')).results.map((c) => [world.keyOf(c.id), c.degree])).toEqual([['dmitri', 1]]);
    expectErrors(await get('alice', url('dmitri', 'connections/')), 404);
    expectErrors(await get('alice', `${url('jose', 'connections/')}?page=abc`), 400, ['page']);
  });
});

describe('FS Rating (app-rating), staff only', () => {
  it('is set by staff, and everyone reads it on the detail', async () => {
    const body = expectStatus<Profile>(await post('staff', url('igor', 'app-rating/'), { app_rating: 7.25 }), 200);
    expect(body.app_rating).toBe(7.25);
    expect((await detail('alice', 'igor')).app_rating).toBe(7.25);
    expect(expectStatus<Profile>(await post('staff', url('igor', 'app-rating/'), { app_rating: 10 }), 200).app_rating).toBe(10);
    expect(expectStatus<Profile>(await post('staff', url('igor', 'app-rating/'), { app_rating: 0 }), 200).app_rating).toBe(0);
  });

  it('answers 403 to everyone else, and changes nothing', async () => {
    const crowd = await api.user({ is_crowdsourcing: true });
    expectErrors(await post('alice', url('lars', 'app-rating/'), { app_rating: 5 }), 403);
    expectErrors(await post(crowd, url('lars', 'app-rating/'), { app_rating: 5 }), 403);
    expect((await detail('staff', 'lars')).app_rating).toBeNull();
  });

  it.each([
    [{ app_rating: 10.001 }],
    [{ app_rating: 10.01 }],
    [{ app_rating: -1 }],
    [{ app_rating: -0.01 }],
    [{ app_rating: 7.255 }],
    [{ app_rating: 'x' }],
    [{ app_rating: null }],
    [{}],
  ])('refuses %j with 400 naming app_rating', async (payload) => {
    expectErrors(await post('staff', url('noor', 'app-rating/'), payload), 400, ['app_rating']);
    expect((await detail('staff', 'noor')).app_rating).toBeNull();
  });

  it('answers 404 for a profile that does not exist', async () => {
    expectErrors(await post('staff', '/api/v1/profiles/999999/app-rating/', { app_rating: 5 }), 404);
  });
});

describe('User Rating (user-rating), one per user', () => {
  it("keeps each user's rating apart; the detail answers the caller's", async () => {
    expect(expectStatus<Profile>(await post('alice', url('hana', 'user-rating/'), { profile_rating: 6.5 }), 200).profile_rating).toBe(6.5);
    expect(expectStatus<Profile>(await post('colleague', url('hana', 'user-rating/'), { profile_rating: 3 }), 200).profile_rating).toBe(3);
    expect((await detail('alice', 'hana')).profile_rating).toBe(6.5);
    expect((await detail('colleague', 'hana')).profile_rating).toBe(3);
    expect((await detail('staff', 'hana')).profile_rating).toBeNull();

    expect(expectStatus<Profile>(await post('alice', url('hana', 'user-rating/'), { profile_rating: 8.01 }), 200).profile_rating).toBe(
      8.01,
    );
    expect((await detail('colleague', 'hana')).profile_rating).toBe(3);
    const rows = await sql<{
      n: number;
    }>`select count(*)::int as n from profile_user_rating where profile_id = ${world.profiles.hana}`.execute(api.handle.db);
    expect(Number(rows.rows[0].n)).toBe(2);
    // it is not the FS Rating
    expect((await detail('alice', 'hana')).app_rating).toBeNull();
  });

  it.each([
    [{ profile_rating: 10.001 }],
    [{ profile_rating: -1 }],
    [{ profile_rating: 1.234 }],
    [{ profile_rating: 'x' }],
    [{ profile_rating: null }],
    [{}],
  ])('refuses %j with 400 naming profile_rating', async (payload) => {
    expectErrors(await post('alice', url('mia', 'user-rating/'), payload), 400, ['profile_rating']);
    expect((await detail('alice', 'mia')).profile_rating).toBeNull();
  });

  it('accepts the bounds and two decimals', async () => {
    for (const value of [0, 10, 7.25, 0.29, 9.99]) {
      expect(expectStatus<Profile>(await post('loner', url('lars', 'user-rating/'), { profile_rating: value }), 200).profile_rating).toBe(
        value,
      );
    }
  });

  it('answers 404 on a profile the user may not see', async () => {
    expectErrors(await post('alice', url('dmitri', 'user-rating/'), { profile_rating: 5 }), 404);
    expectErrors(await post('loner', url('ana', 'user-rating/'), { profile_rating: 5 }), 404);
  });
});

describe('comments', () => {
  it('one per user: a second comment replaces the first', async () => {
    const first = expectStatus<Profile>(await post('alice', url('kasia', 'comment/'), { comment: 'Strong researcher' }), 200);
    expect(first.comments).toEqual([{ email: 'alice@profiles.test', comment: 'Strong researcher' }]);
    const second = expectStatus<Profile>(await post('alice', url('kasia', 'comment/'), { comment: 'Call her, first thing' }), 200);
    expect(second.comments).toEqual([{ email: 'alice@profiles.test', comment: 'Call her, first thing' }]);
    const rows = await sql<{
      n: number;
    }>`select count(*)::int as n from profile_comment where profile_id = ${world.profiles.kasia}`.execute(api.handle.db);
    expect(Number(rows.rows[0].n)).toBe(1);
  });

  it('staff read every comment with its e-mail; others only their own', async () => {
    expectStatus(await post('alice', url('chloe', 'comment/'), { comment: 'Alice thinks: yes' }), 200);
    expectStatus(await post('loner', url('chloe', 'comment/'), { comment: 'Loner thinks: maybe' }), 200);

    const staffView = (await detail('staff', 'chloe')).comments;
    expect(staffView).toHaveLength(2);
    expect(staffView).toEqual(
      expect.arrayContaining([
        { email: 'alice@profiles.test', comment: 'Alice thinks: yes' },
        { email: 'loner@profiles.test', comment: 'Loner thinks: maybe' },
      ]),
    );
    expect((await detail('alice', 'chloe')).comments).toEqual([{ email: 'alice@profiles.test', comment: 'Alice thinks: yes' }]);
    expect((await detail('loner', 'chloe')).comments).toEqual([{ email: 'loner@profiles.test', comment: 'Loner thinks: maybe' }]);
    // a colleague of alice does not read her comment either
    expect((await detail('colleague', 'chloe')).comments).toEqual([]);

    expectStatus(await post('staff', url('chloe', 'comment/'), { comment: 'Staff note' }), 200);
    expect((await detail('staff', 'chloe')).comments).toHaveLength(3);
    expect((await detail('alice', 'chloe')).comments).toHaveLength(1);
  });

  it.each([[{ comment: '' }], [{ comment: '   ' }], [{ comment: '\n\t' }], [{}], [{ comment: null }]])(
    'refuses %j with 400 naming comment',
    async (payload) => {
      expectErrors(await post('alice', url('mia', 'comment/'), payload), 400, ['comment']);
      expect((await detail('alice', 'mia')).comments).toEqual([]);
    },
  );

  it('answers 404 on a profile the user may not see', async () => {
    expectErrors(await post('alice', url('greta', 'comment/'), { comment: 'Who?' }), 404);
    const rows = await sql<{
      n: number;
    }>`select count(*)::int as n from profile_comment where profile_id = ${world.profiles.greta}`.execute(api.handle.db);
    expect(Number(rows.rows[0].n)).toBe(0);
  });
});
