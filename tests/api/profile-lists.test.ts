// Profile lists (SPEC §2 Profile lists, §5 name required, §7 Profile lists;
// CONVENTIONS "Who sees what": the owner and the owner's organization
// colleagues), and the private list create-default-entities gives a
// crowdsourcing user (POST /api/v1/users/crowdsourcing/entities/).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { ListResponse, ProfileList } from '../../types/api';
import { startTestApi, countRows, type TestApi } from './harness';
import { expectErrors, expectStatus, isoUtc } from './expect';
import { buildProfileWorld, insertDataSource, insertProfiles, type ProfileKey, type ProfileWorld, type UserKey } from './fixtures/profiles';
import { createOrganization } from '../../server/entities/organizations/repository';

let api: TestApi;
let world: ProfileWorld;

beforeAll(async () => {
  api = await startTestApi();
  world = await buildProfileWorld(api);
});
afterAll(async () => api?.close());

type Caller = UserKey | { token: string };
const tokenOf = (user: Caller) => (typeof user === 'string' ? world.users[user].token : user.token);
const call = (user: Caller, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  api.call(tokenOf(user), { method, url, ...(payload ? { payload } : {}) });
const ids = (...keys: ProfileKey[]) => keys.map((k) => world.profiles[k]);
const memberKeys = (list: ProfileList) => list.profiles.map((p) => world.keyOf(p.id));

async function create(user: Caller, name: string, profiles: ProfileKey[] = []): Promise<ProfileList> {
  return expectStatus<ProfileList>(await call(user, 'POST', '/api/v1/profile-lists/', { name, profiles: ids(...profiles) }), 201);
}
const show = async (user: Caller, id: number) => expectStatus<ProfileList>(await call(user, 'GET', `/api/v1/profile-lists/${id}/`), 200);
async function listAll(user: Caller, query = ''): Promise<ListResponse<ProfileList>> {
  return expectStatus(await call(user, 'GET', `/api/v1/profile-lists/?page_size=100${query}`), 200);
}

describe('create and read', () => {
  it('creates a list with its profiles, as the app sends it (name and ids)', async () => {
    const list = await create('alice', '  Seed shortlist  ', ['jose', 'ana']);
    expect(list.name).toBe('Seed shortlist');
    expect(list.created_at).toMatch(isoUtc);
    expect(list.updated_at).toMatch(isoUtc);
    expect(memberKeys(list).sort()).toEqual(['ana', 'jose']);
    const ana = list.profiles.find((p) => p.id === world.profiles.ana);
    expect(ana).toEqual({ id: world.profiles.ana, external_id: 'https://www.linkedin.com/in/ana', first_name: 'Ana', last_name: 'Silva' });
    expect(await show('alice', list.id)).toEqual(list);
  });

  it('creates an empty list from a name alone', async () => {
    const list = await create('alice', 'Empty for now');
    expect(list.profiles).toEqual([]);
  });

  it.each([[{}], [{ name: '' }], [{ name: '   ' }], [{ profiles: [] }]])('refuses %j: name is required', async (payload) => {
    const before = await countRows(api.handle, 'profile_list');
    const body = expectErrors(await call('alice', 'POST', '/api/v1/profile-lists/', payload), 400, ['name']);
    expect(body.fields!.name.length).toBeGreaterThan(0);
    expect(await countRows(api.handle, 'profile_list')).toBe(before);
  });

  it('refuses unknown profile ids and profiles the user may not see, naming profiles', async () => {
    const before = await countRows(api.handle, 'profile_list');
    expectErrors(await call('alice', 'POST', '/api/v1/profile-lists/', { name: 'Ghosts', profiles: [999999] }), 400, ['profiles']);
    expectErrors(await call('alice', 'POST', '/api/v1/profile-lists/', { name: 'Peeking', profiles: ids('ana', 'dmitri') }), 400, [
      'profiles',
    ]);
    expectErrors(await call('loner', 'POST', '/api/v1/profile-lists/', { name: 'Peeking', profiles: ids('ana') }), 400, ['profiles']);
    expect(await countRows(api.handle, 'profile_list')).toBe(before);
    // staff see every profile
    expect(memberKeys(await create('staff', 'Staff picks', ['dmitri']))).toEqual(['dmitri']);
  });

  it('answers 404 for an unknown list and 401 without a token', async () => {
    expectErrors(await call('alice', 'GET', '/api/v1/profile-lists/999999/'), 404);
    expectErrors(await api.call(undefined, { method: 'GET', url: '/api/v1/profile-lists/' }), 401);
  });
});

describe('update and delete', () => {
  it('PUT replaces the name and the profiles', async () => {
    const list = await create('alice', 'To replace', ['jose', 'ana']);
    const updated = expectStatus<ProfileList>(
      await call('alice', 'PUT', `/api/v1/profile-lists/${list.id}/`, { name: 'Replaced', profiles: ids('bruno') }),
      200,
    );
    expect(updated.name).toBe('Replaced');
    expect(memberKeys(updated)).toEqual(['bruno']);
    expect(memberKeys(await show('alice', list.id))).toEqual(['bruno']);
    expect(Date.parse(updated.updated_at)).toBeGreaterThanOrEqual(Date.parse(list.updated_at));
    expect(updated.created_at).toBe(list.created_at);
  });

  it('PUT needs the name; PATCH changes only what it names', async () => {
    const list = await create('alice', 'Patchable', ['kasia', 'mia']);
    expectErrors(await call('alice', 'PUT', `/api/v1/profile-lists/${list.id}/`, { profiles: [] }), 400, ['name']);
    const renamed = expectStatus<ProfileList>(await call('alice', 'PATCH', `/api/v1/profile-lists/${list.id}/`, { name: 'Patched' }), 200);
    expect(renamed.name).toBe('Patched');
    expect(memberKeys(renamed).sort()).toEqual(['kasia', 'mia']);
    const emptied = expectStatus<ProfileList>(await call('alice', 'PATCH', `/api/v1/profile-lists/${list.id}`, { profiles: [] }), 200);
    expect(emptied).toMatchObject({ name: 'Patched', profiles: [] });
    expectErrors(await call('alice', 'PATCH', `/api/v1/profile-lists/${list.id}/`, { name: ' ' }), 400, ['name']);
  });

  it('refuses an update with a profile the user may not see, and keeps the list', async () => {
    const list = await create('alice', 'Guarded', ['ana']);
    expectErrors(await call('alice', 'PUT', `/api/v1/profile-lists/${list.id}/`, { name: 'Guarded', profiles: ids('greta') }), 400, [
      'profiles',
    ]);
    expectErrors(await call('alice', 'PATCH', `/api/v1/profile-lists/${list.id}/`, { profiles: [999999] }), 400, ['profiles']);
    expect(memberKeys(await show('alice', list.id))).toEqual(['ana']);
  });

  it('DELETE answers 204, then the list is gone (404)', async () => {
    const list = await create('alice', 'Short-lived', ['ana']);
    const response = await call('alice', 'DELETE', `/api/v1/profile-lists/${list.id}/`);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expectErrors(await call('alice', 'GET', `/api/v1/profile-lists/${list.id}/`), 404);
    expectErrors(await call('alice', 'DELETE', `/api/v1/profile-lists/${list.id}/`), 404);
    // the profiles themselves stay
    expectStatus(await call('alice', 'GET', `/api/v1/profiles/${world.profiles.ana}/`), 200);
  });
});

describe('who sees and edits which lists', () => {
  it("the owner's organization colleagues see and edit a list; others get 404; staff see all", async () => {
    const list = await create('alice', 'Shared with the team', ['ana', 'bruno']);
    const url = `/api/v1/profile-lists/${list.id}/`;

    expect(memberKeys(await show('colleague', list.id)).sort()).toEqual(['ana', 'bruno']);
    expect((await listAll('colleague')).results.map((l) => l.id)).toContain(list.id);
    expect(expectStatus<ProfileList>(await call('colleague', 'PATCH', url, { name: 'Edited by a colleague' }), 200).name).toBe(
      'Edited by a colleague',
    );

    for (const user of ['stranger', 'loner'] as const) {
      expectErrors(await call(user, 'GET', url), 404);
      expectErrors(await call(user, 'PUT', url, { name: 'Hijacked', profiles: [] }), 404);
      expectErrors(await call(user, 'PATCH', url, { name: 'Hijacked' }), 404);
      expectErrors(await call(user, 'DELETE', url), 404);
      expect((await listAll(user)).results.map((l) => l.id)).not.toContain(list.id);
    }
    expect(await show('alice', list.id)).toMatchObject({ name: 'Edited by a colleague' });
    expect(memberKeys(await show('alice', list.id)).sort()).toEqual(['ana', 'bruno']);

    expect((await show('staff', list.id)).name).toBe('Edited by a colleague');
    expect((await listAll('staff')).results.map((l) => l.id)).toContain(list.id);
    expect((await call('colleague', 'DELETE', url)).statusCode).toBe(204);
    expectErrors(await call('alice', 'GET', url), 404);
  });

  it("lists count and page the viewer's lists only", async () => {
    const stranger = await api.user({ email: 'another-stranger@profiles.test' });
    const names = ['Gamma', 'Alpha', 'Beta'];
    const made = [];
    for (const name of names) made.push(await create(stranger, name));
    const mine = await listAll(stranger);
    expect(mine.count).toBe(3);
    expect(mine.results.map((l) => l.name).sort()).toEqual(['Alpha', 'Beta', 'Gamma']);
    expect((await listAll(stranger, '&ordering=created_at')).results.map((l) => l.name)).toEqual(names);
    expect((await listAll(stranger, '&ordering=-created_at')).results.map((l) => l.name)).toEqual([...names].reverse());
    expectStatus(await call(stranger, 'PATCH', `/api/v1/profile-lists/${made[0].id}/`, { name: 'Gamma' }), 200);
    expect((await listAll(stranger, '&ordering=-updated_at')).results.map((l) => l.name)).toEqual(['Gamma', 'Beta', 'Alpha']);
    expect((await listAll(stranger, '&ordering=updated_at')).results.map((l) => l.name)).toEqual(['Alpha', 'Beta', 'Gamma']);
    const paged = expectStatus<ListResponse<ProfileList>>(
      await call(stranger, 'GET', '/api/v1/profile-lists/?page=2&page_size=2&ordering=created_at'),
      200,
    );
    expect(paged.count).toBe(3);
    expect(paged.results.map((l) => l.name)).toEqual(['Beta']);
  });

  it('never shows a member the viewer may not see, and an update keeps the members it cannot see', async () => {
    // the colleague also works with a newcomer, whose private source alice may not read
    const newcomer = await api.user({ email: 'newcomer@profiles.test' });
    await createOrganization(api.handle.db, { name: 'Side project', users: [newcomer.id, world.users.colleague.id] });
    const source = await insertDataSource(api.handle.db, 'Newcomer Finds', newcomer.id, false);
    const [xavier] = await insertProfiles(api.handle.db, [
      { external_id: 'https://www.linkedin.com/in/xavier', first_name: 'Xavier', last_name: 'Hidden', data_source_ids: [source] },
    ]);

    const list = expectStatus<ProfileList>(
      await call('colleague', 'POST', '/api/v1/profile-lists/', { name: 'Mixed', profiles: [xavier, ...ids('bruno')] }),
      201,
    );
    expect(list.profiles.map((p) => p.id).sort()).toEqual([xavier, world.profiles.bruno].sort());

    const seenByAlice = await show('alice', list.id);
    expect(memberKeys(seenByAlice)).toEqual(['bruno']);
    expect(JSON.stringify(await listAll('alice'))).not.toContain('Xavier');

    // alice adds Ana the way the app does: the ids she sees, plus hers
    const updated = expectStatus<ProfileList>(
      await call('alice', 'PUT', `/api/v1/profile-lists/${list.id}/`, { name: 'Mixed', profiles: ids('bruno', 'ana') }),
      200,
    );
    expect(memberKeys(updated).sort()).toEqual(['ana', 'bruno']);
    expect((await show('colleague', list.id)).profiles.map((p) => p.id).sort()).toEqual([xavier, ...ids('ana', 'bruno')].sort());
  });
});

describe('create-default-entities', () => {
  const pendingJobs = async () => {
    const result = await sql<{
      n: number;
    }>`select count(*)::int as n from pgboss.job where name = 'create-default-entities' and state in ('created', 'retry', 'active')`.execute(
      api.handle.db,
    );
    return Number(result.rows[0].n);
  };
  async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await probe();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  const start = (userId: number) => call('staff', 'POST', '/api/v1/users/crowdsourcing/entities/', { user_id: userId });

  it('gives a crowdsourcing user a private profile list, once however often it runs', async () => {
    const crowd = await api.user({ is_crowdsourcing: true, email: 'crowd@profiles.test' });
    expect((await listAll(crowd)).count).toBe(0);

    expect(expectStatus<{ detail: string }>(await start(crowd.id), 202).detail).toEqual(expect.any(String));
    const lists = await until('the default list', async () => {
      const body = await listAll(crowd);
      return body.count > 0 ? body : undefined;
    });
    expect(lists.count).toBe(1);
    expect(lists.results[0].profiles).toEqual([]);
    expect(lists.results[0].name).toContain('crowd@profiles.test');

    expect((await start(crowd.id)).statusCode).toBe(202);
    await until('the second job to finish', async () => ((await pendingJobs()) === 0 ? true : undefined));
    expect((await listAll(crowd)).count).toBe(1);

    // private: nobody else (but staff) sees it
    expectErrors(await call('alice', 'GET', `/api/v1/profile-lists/${lists.results[0].id}/`), 404);
    expect((await show('staff', lists.results[0].id)).id).toBe(lists.results[0].id);
  });

  it('is staff only, and only for crowdsourcing users', async () => {
    const crowd = await api.user({ is_crowdsourcing: true });
    expectErrors(await call('alice', 'POST', '/api/v1/users/crowdsourcing/entities/', { user_id: crowd.id }), 403);
    expectErrors(await start(world.users.alice.id), 400, ['user_id']);
    await until('queued jobs to finish', async () => ((await pendingJobs()) === 0 ? true : undefined));
    expect((await listAll(crowd)).count).toBe(0);
    expect((await listAll('alice')).results.map((l) => l.name).some((n) => n.includes('alice@profiles.test'))).toBe(false);
  });
});
