// The staff's user administration (SPEC §7 "Authentication and users", CONVENTIONS
// "API" → Lists): list with search, ordering and paging, detail, crowdsourcing,
// default entities in the background, activation and de-activation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApi, type TestApi, type TestUser } from './harness';
import { expectErrors, expectStatus, isoUtc } from './expect';
import { registerDefaultEntity } from '../../server/accounts/default-entities';
import { insertUser } from '../../server/accounts/users';
import type { ListResponse, User } from '../../types/api';

/** users the default-entities job ran for: proves the job's work happened, not only its queueing */
const defaultEntitiesFor: number[] = [];
registerDefaultEntity('users.test recorder', async (_db, user) => {
  defaultEntitiesFor.push(user.id);
});

let api: TestApi;
let staff: TestUser;
let normal: TestUser;

/** Four users to sort, inserted in this order (ids ascending), all with e-mails @roster.test. */
const ROSTER = [
  {
    first_name: 'adam',
    last_name: 'Young',
    email: 'Adam.Young@roster.test',
    date_joined: '2026-01-05T10:00:00Z',
    is_crowdsourcing: true,
    is_active: true,
  },
  {
    first_name: 'Bea',
    last_name: 'xu',
    email: 'bea@roster.test',
    date_joined: '2026-01-02T10:00:00Z',
    is_crowdsourcing: false,
    is_active: false,
  },
  {
    first_name: 'Cyril',
    last_name: 'Wong',
    email: 'c.wong@roster.test',
    date_joined: '2026-01-04T10:00:00Z',
    is_crowdsourcing: true,
    is_active: false,
  },
  {
    first_name: 'zed',
    last_name: 'Abbott',
    email: 'ZED@roster.test',
    date_joined: '2026-01-01T10:00:00Z',
    is_crowdsourcing: false,
    is_active: true,
  },
];
const BULK = 105;

beforeAll(async () => {
  api = await startTestApi();
  staff = await api.user({ is_staff: true });
  normal = await api.user();
  for (const { date_joined, ...fields } of ROSTER) {
    const row = await insertUser(api.handle.db, { ...fields, password_hash: 'unusable' });
    await api.handle.db
      .updateTable('app_user')
      .set({ date_joined: new Date(date_joined) } as never)
      .where('id', '=', row.id)
      .execute();
  }
  await api.handle.db
    .insertInto('app_user')
    .values(
      Array.from({ length: BULK }, (_, i) => ({
        email: `bulk-${String(i).padStart(3, '0')}@bulk.test`,
        password_hash: 'unusable',
        first_name: 'Bulk',
        last_name: `${i}`,
      })),
    )
    .execute();
});
afterAll(async () => api?.close());

const get = (url: string, token = staff.token) => api.call(token, { method: 'GET', url });
const post = (url: string, payload: object, token = staff.token) => api.call(token, { method: 'POST', url, payload });
const list = async (query: string): Promise<ListResponse<User>> => expectStatus(await get(`/api/v1/users?${query}`), 200);
const rosterNames = async (ordering: string) => (await list(`search=roster.test&ordering=${ordering}`)).results.map((u) => u.first_name);

describe('GET /users', () => {
  it('answers {count, results} of users, 10 to a page, newest first by default', async () => {
    const page = await list('');
    expect(page.count).toBe(2 + ROSTER.length + BULK);
    expect(page.results).toHaveLength(10);
    const first = page.results[0];
    expect(Object.keys(first).sort()).toEqual([
      'date_joined',
      'digest_hour',
      'email',
      'first_name',
      'id',
      'is_active',
      'is_crowdsourcing',
      'is_staff',
      'is_superuser',
      'last_name',
      'time_zone',
    ]);
    expect(first.date_joined).toMatch(isoUtc);
    const joined = page.results.map((u) => u.date_joined);
    expect([...joined].sort().reverse()).toEqual(joined);
  });

  it('searches first name, last name, full name and e-mail, case-insensitively; every word must match', async () => {
    const names = async (search: string) => (await list(`search=${encodeURIComponent(search)}`)).results.map((u) => u.first_name).sort();
    expect(await names('roster.test')).toEqual(['Bea', 'Cyril', 'adam', 'zed']);
    expect(await names('ADAM')).toEqual(['adam']);
    expect(await names('xu')).toEqual(['Bea']);
    expect(await names('c.wong@')).toEqual(['Cyril']);
    expect(await names('Cyril Wong')).toEqual(['Cyril']);
    expect(await names('Cyril Young')).toEqual([]);
    // LIKE's wildcards are searched as themselves
    expect(await names('%')).toEqual([]);
    expect(await names('_')).toEqual([]);
  });

  it.each([
    ['first_name', ['adam', 'Bea', 'Cyril', 'zed']],
    ['last_name', ['zed', 'Cyril', 'Bea', 'adam']], // Abbott, Wong, xu, Young: case does not matter
    ['email', ['adam', 'Bea', 'Cyril', 'zed']],
    ['date_joined', ['zed', 'Bea', 'Cyril', 'adam']],
    ['is_crowdsourcing', ['Bea', 'zed', 'adam', 'Cyril']], // false first; ties by id
    ['is_active', ['Bea', 'Cyril', 'adam', 'zed']],
  ])('orders by %s, ascending and with a leading minus descending', async (field, ascending) => {
    expect(await rosterNames(field)).toEqual(ascending);
    expect(await rosterNames(`-${field}`)).toEqual([...ascending].reverse());
  });

  it('orders by several fields, and ignores unknown ones', async () => {
    expect(await rosterNames('is_active,-first_name')).toEqual(['Cyril', 'Bea', 'zed', 'adam']);
    expect(await rosterNames('password_hash')).toEqual(await rosterNames('-date_joined'));
    expect(await rosterNames('nonsense,first_name')).toEqual(['adam', 'Bea', 'Cyril', 'zed']);
  });

  it('pages without overlap, and past the end answers no results with the true count', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 2; page++) {
      const body = await list(`search=roster.test&ordering=is_active&page_size=2&page=${page}`);
      expect(body.count).toBe(4);
      seen.push(...body.results.map((u) => u.first_name));
    }
    expect(seen).toEqual(['Bea', 'Cyril', 'adam', 'zed']);
    expect(await list('search=roster.test&page=3&page_size=2')).toEqual({ count: 4, results: [] });
    expect(await list('search=bulk.test&page=3&page_size=50')).toMatchObject({ count: BULK });
    expect((await list('search=bulk.test&page=3&page_size=50')).results).toHaveLength(BULK - 100);
  });

  it('clamps page_size to 100', async () => {
    const body = await list('page_size=1000');
    expect(body.count).toBe(2 + ROSTER.length + BULK);
    expect(body.results).toHaveLength(100);
  });

  it('answers 400 naming the parameter for a bad page or page_size', async () => {
    expectErrors(await get('/api/v1/users?page=0'), 400, ['page']);
    expectErrors(await get('/api/v1/users?page=abc'), 400, ['page']);
    expectErrors(await get('/api/v1/users?page=1.5'), 400, ['page']);
    expectErrors(await get('/api/v1/users?page_size=0'), 400, ['page_size']);
    expectErrors(await get('/api/v1/users?page_size=-3'), 400, ['page_size']);
  });

  it('answers a page number too large for the database with a 400, not a 500', async () => {
    expectErrors(await get('/api/v1/users?page=100000000000000000000'), 400, ['page']);
  });
});

describe('GET /users/{id}', () => {
  it('answers the user', async () => {
    const body = expectStatus<User>(await get(`/api/v1/users/${normal.id}`), 200);
    expect(body).toMatchObject({
      id: normal.id,
      email: normal.email,
      is_staff: false,
      is_superuser: false,
      is_active: true,
      is_crowdsourcing: false,
    });
    expect(body).not.toHaveProperty('password_hash');
  });

  it('answers 404 for an unknown id, 400 for one that is not an id', async () => {
    expectErrors(await get('/api/v1/users/999999'), 404);
    expectErrors(await get('/api/v1/users/abc'), 400, ['id']);
    expectErrors(await get('/api/v1/users/99999999999'), 400, ['id']);
  });
});

describe('POST /users/crowdsourcing/', () => {
  it('sets and unsets the crowdsourcing status', async () => {
    const user = await api.user();
    const set = expectStatus<User>(await post('/api/v1/users/crowdsourcing/', { user_id: user.id, is_crowdsourcing: true }), 200);
    expect(set).toMatchObject({ id: user.id, is_crowdsourcing: true });
    expect(expectStatus<User>(await get(`/api/v1/users/${user.id}`), 200).is_crowdsourcing).toBe(true);
    expect(expectStatus<User>(await get('/api/v1/users/me', user.token), 200).is_crowdsourcing).toBe(true);
    const unset = expectStatus<User>(await post('/api/v1/users/crowdsourcing/', { user_id: user.id, is_crowdsourcing: false }), 200);
    expect(unset.is_crowdsourcing).toBe(false);
    expect(expectStatus<User>(await get(`/api/v1/users/${user.id}`), 200).is_crowdsourcing).toBe(false);
  });

  it('names missing fields and unknown users', async () => {
    expectErrors(await post('/api/v1/users/crowdsourcing/', {}), 400, ['user_id', 'is_crowdsourcing']);
    expectErrors(await post('/api/v1/users/crowdsourcing/', { user_id: 999999, is_crowdsourcing: true }), 400, ['user_id']);
    expectErrors(await post('/api/v1/users/crowdsourcing/', { user_id: 99999999999, is_crowdsourcing: true }), 400, ['user_id']);
  });
});

describe('POST /users/crowdsourcing/entities/', () => {
  it('answers 202 and creates the default entities in the background', async () => {
    const user = await api.user({ is_crowdsourcing: true });
    const body = expectStatus(await post('/api/v1/users/crowdsourcing/entities/', { user_id: user.id }), 202);
    expect(typeof body.detail).toBe('string');

    let state: string | undefined;
    for (let waited = 0; waited < 30_000 && state !== 'completed'; waited += 250) {
      const found = await sql<{ state: string }>`
        select state::text as state from pgboss.job
        where name = 'create-default-entities' and data->>'user_id' = ${String(user.id)}`.execute(api.handle.db);
      state = found.rows[0]?.state;
      if (state === 'failed') break;
      if (state !== 'completed') await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(state).toBe('completed');
    expect(defaultEntitiesFor).toContain(user.id);
    // their own list, and a rule over it: someone in it changes job or location → e-mail, at once
    const rules = await api.handle.db
      .selectFrom('rule')
      .innerJoin('rule_profile_list', 'rule_profile_list.rule_id', 'rule.id')
      .innerJoin('profile_list', 'profile_list.id', 'rule_profile_list.profile_list_id')
      .select(['rule.model_name', 'rule.attribute', 'rule.operator', 'rule.value', 'rule.notification_type', 'rule.priority'])
      .select('profile_list.owner_id')
      .where('rule.owner_id', '=', user.id)
      .execute();
    expect(rules).toEqual([
      {
        model_name: 'Profile',
        attribute: 'job_or_location',
        operator: 'changed',
        value: '*',
        notification_type: 'Email',
        priority: 'High',
        owner_id: user.id,
      },
    ]);
  });

  it('answers 400 for a user who is not crowdsourcing, and for an unknown user', async () => {
    const user = await api.user();
    expectErrors(await post('/api/v1/users/crowdsourcing/entities/', { user_id: user.id }), 400, ['user_id']);
    expectErrors(await post('/api/v1/users/crowdsourcing/entities/', { user_id: 999999 }), 400, ['user_id']);
    expectErrors(await post('/api/v1/users/crowdsourcing/entities/', {}), 400, ['user_id']);
    const queued = await sql<{ n: number }>`
      select count(*)::int as n from pgboss.job where data->>'user_id' = ${String(user.id)}`.execute(api.handle.db);
    expect(Number(queued.rows[0].n)).toBe(0);
  });
});

describe('POST /users/activate/ and /users/de-activate/', () => {
  it('activates an inactive user, who can then sign in', async () => {
    const user = await api.user({ is_active: false });
    expectErrors(await post('/api/v1/auth/sign-in/', { email: user.email, password: user.password }, ''), 400);
    expect(expectStatus<User>(await post('/api/v1/users/activate/', { user_id: user.id }), 200)).toMatchObject({
      id: user.id,
      is_active: true,
    });
    expectStatus(await post('/api/v1/auth/sign-in/', { email: user.email, password: user.password }, ''), 200);
  });

  it('de-activates a user: their token stops working at once, and stays dead after re-activation', async () => {
    const user = await api.user();
    expectStatus(await get('/api/v1/users/me', user.token), 200);
    expect(expectStatus<User>(await post('/api/v1/users/de-activate/', { user_id: user.id }), 200)).toMatchObject({
      id: user.id,
      is_active: false,
    });
    expectErrors(await get('/api/v1/users/me', user.token), 401);
    expectErrors(await post('/api/v1/auth/sign-in/', { email: user.email, password: user.password }, ''), 400);

    expectStatus(await post('/api/v1/users/activate/', { user_id: user.id }), 200);
    expectErrors(await get('/api/v1/users/me', user.token), 401);
    const { token } = expectStatus(await post('/api/v1/auth/sign-in/', { email: user.email, password: user.password }, ''), 200);
    expectStatus(await get('/api/v1/users/me', token), 200);
  });

  it('refuses to de-activate oneself', async () => {
    expectErrors(await post('/api/v1/users/de-activate/', { user_id: staff.id }), 400, ['user_id']);
    expect(expectStatus<User>(await get('/api/v1/users/me'), 200).is_active).toBe(true);
  });

  it('names unknown users and missing ids', async () => {
    for (const url of ['/api/v1/users/activate/', '/api/v1/users/de-activate/']) {
      expectErrors(await post(url, { user_id: 999999 }), 400, ['user_id']);
      expectErrors(await post(url, {}), 400, ['user_id']);
      expectErrors(await post(url, { user_id: 'x' }), 400, ['user_id']);
    }
  });
});

describe('unknown paths', () => {
  it('answer 404 {errors} whoever asks, even without a token', async () => {
    for (const token of [staff.token, undefined]) {
      expectErrors(await api.call(token, { method: 'GET', url: '/api/v1/users/me/settings' }), 404);
      expectErrors(await api.call(token, { method: 'PATCH', url: `/api/v1/users/${normal.id}` }), 404);
    }
  });
});
