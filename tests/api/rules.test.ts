// Rules (SPEC §2 Rules, §3 Rule, §5 name and value required, §7 Rules, §9 defaults Email/High;
// CONVENTIONS "Who sees what": the owner and the owner's organization colleagues read, only the
// owner or staff change): CRUD, the vocabulary checks (server/signals/vocabulary.ts), the
// profile lists a rule may watch, GET /rules/details/, ordering, search and permissions.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fc, it as propertyIt } from '@fast-check/vitest';
import type { ListResponse, Rule, RuleDetails } from '../../types/api';
import { MODEL_NAMES, OPERATORS, RULE_MODELS } from '../../server/signals/vocabulary';
import { createOrganization } from '../../server/entities/organizations/repository';
import { startTestApi, countRows, type TestApi } from './harness';
import { expectErrors, expectStatus, isoUtc } from './expect';
import { buildProfileWorld, type ProfileWorld, type UserKey } from './fixtures/profiles';

let api: TestApi;
let world: ProfileWorld;
/** profile lists by key: alice's, her colleague's, the stranger's */
const lists: Record<'alice' | 'aliceB' | 'colleague' | 'stranger', { id: number; name: string }> = {} as never;

beforeAll(async () => {
  api = await startTestApi({ workers: false });
  world = await buildProfileWorld(api);
  const make = async (key: keyof typeof lists, owner: UserKey, name: string) => {
    const row = await api.handle.db
      .insertInto('profile_list')
      .values({ name, owner_id: world.users[owner].id })
      .returning(['id', 'name'])
      .executeTakeFirstOrThrow();
    lists[key] = row;
  };
  await make('alice', 'alice', 'Founders in Berlin');
  await make('aliceB', 'alice', 'alpha watch');
  await make('colleague', 'colleague', 'Colleague picks');
  await make('stranger', 'stranger', 'Stranger secrets');
});
afterAll(async () => api?.close());

type Caller = UserKey | { token: string };
const tokenOf = (user: Caller) => (typeof user === 'string' ? world.users[user].token : user.token);
const call = (user: Caller, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  api.call(tokenOf(user), { method, url, ...(payload ? { payload } : {}) });

const base = { model_name: 'Profile', attribute: 'location', operator: 'changed to', value: 'Berlin' };
async function create(user: Caller, fields: Record<string, unknown>): Promise<Rule> {
  return expectStatus<Rule>(await call(user, 'POST', '/api/v1/rules/', { ...base, ...fields }), 201);
}
const show = async (user: Caller, id: number) => expectStatus<Rule>(await call(user, 'GET', `/api/v1/rules/${id}/`), 200);
const listAll = async (user: Caller, query = ''): Promise<ListResponse<Rule>> =>
  expectStatus(await call(user, 'GET', `/api/v1/rules/?page_size=100${query}`), 200);

describe('create and read', () => {
  it('creates a rule as the app sends it, with the defaults Email and High, its lists by name and its owner', async () => {
    const rule = await create('alice', {
      name: '  Moves to Berlin  ',
      value: ' Berlin ',
      profile_lists: [lists.alice.id, lists.colleague.id],
    });
    expect(rule).toMatchObject({
      name: 'Moves to Berlin',
      notification_type: 'Email',
      priority: 'High',
      model_name: 'Profile',
      attribute: 'location',
      operator: 'changed to',
      value: 'Berlin',
      created_by: 'alice@profiles.test',
    });
    expect(rule.profile_lists).toEqual([lists.colleague, lists.alice]); // by name
    expect(rule.created_at).toMatch(isoUtc);
    expect(rule.updated_at).toMatch(isoUtc);
    expect(await show('alice', rule.id)).toEqual(rule);
  });

  it('keeps the type and priority given, and takes a rule without lists', async () => {
    const rule = await create('alice', {
      name: 'Job moves',
      notification_type: 'Slack',
      priority: 'Low',
      model_name: 'Job',
      attribute: 'company',
    });
    expect(rule).toMatchObject({ notification_type: 'Slack', priority: 'Low', model_name: 'Job', attribute: 'company', profile_lists: [] });
  });

  it("takes the placeholder '*' as the value of an operator that reads none", async () => {
    const rule = await create('alice', { name: 'Any move', operator: 'changed', value: '*' });
    expect(rule).toMatchObject({ operator: 'changed', value: '*' });
  });

  it('answers 404 for an unknown rule and 401 without a token', async () => {
    expectErrors(await call('alice', 'GET', '/api/v1/rules/999999/'), 404);
    expectErrors(await api.call(undefined, { method: 'GET', url: '/api/v1/rules/' }), 401);
    expectErrors(await api.call(undefined, { method: 'GET', url: '/api/v1/rules/details/' }), 401);
  });
});

describe('what a rule must say', () => {
  const refused = async (payload: Record<string, unknown>, fields: string[]) => {
    const before = await countRows(api.handle, 'rule');
    const body = expectErrors(await call('alice', 'POST', '/api/v1/rules/', payload), 400, fields);
    expect(await countRows(api.handle, 'rule')).toBe(before);
    return body;
  };

  it.each([
    [{ name: '' }, 'name'],
    [{ name: '   ' }, 'name'],
    [{ name: undefined }, 'name'],
    [{ value: '' }, 'value'],
    [{ value: '  ' }, 'value'],
    [{ value: undefined }, 'value'],
    [{ operator: 'changed', value: '' }, 'value'],
    [{ model_name: undefined }, 'model_name'],
    [{ notification_type: 'Pigeon' }, 'notification_type'],
    [{ priority: 'Urgent' }, 'priority'],
  ])('refuses %j (%s)', async (fields, field) => {
    await refused({ name: 'A rule', ...base, ...fields }, [field]);
  });

  it('refuses a model, attribute or operator the vocabulary does not know, naming it', async () => {
    const model = await refused({ name: 'R', ...base, model_name: 'Company' }, ['model_name']);
    expect(model.errors).toEqual(['model_name: "Company" is not a model rules can watch. Allowed: Profile, Job.']);
    const attribute = await refused({ name: 'R', ...base, attribute: 'salary' }, ['attribute']);
    expect(attribute.errors).toEqual([
      'attribute: "salary" is not an attribute of Profile. Allowed: location, headline, current_company, job_or_location.',
    ]);
    // an attribute of another model is not one of this model's
    await refused({ name: 'R', ...base, attribute: 'job_title' }, ['attribute']);
    const operator = await refused({ name: 'R', ...base, operator: 'foo' }, ['operator']);
    expect(operator.errors[0]).toMatch(/^operator: "foo" is not an operator of Profile\.location\./);
    expect(operator.fields!.operator[0]).toMatch(/^"foo" is not an operator of Profile\.location\./);
    // own keys only
    await refused({ name: 'R', ...base, model_name: '__proto__' }, ['model_name']);
    await refused({ name: 'R', ...base, attribute: 'constructor' }, ['attribute']);
  });

  it('refuses profile lists the user may not read or that do not exist, as for any id', async () => {
    const body = await refused({ name: 'R', ...base, profile_lists: [lists.alice.id, lists.stranger.id, 999999] }, ['profile_lists']);
    expect(body.fields!.profile_lists).toEqual([
      `Invalid pk "${lists.stranger.id}" - object does not exist.`,
      'Invalid pk "999999" - object does not exist.',
    ]);
    // every problem at once
    await refused({ name: 'R', ...base, operator: 'foo', profile_lists: [lists.stranger.id] }, ['operator', 'profile_lists']);
    // staff read every list
    const rule = await create('staff', { name: 'Staff watch', profile_lists: [lists.stranger.id] });
    expect(rule.profile_lists).toEqual([lists.stranger]);
  });
});

describe('update and delete', () => {
  it('PUT replaces every field and the lists; PATCH changes only what it names', async () => {
    const rule = await create('alice', { name: 'To change', profile_lists: [lists.alice.id] });
    const put = expectStatus<Rule>(
      await call('alice', 'PUT', `/api/v1/rules/${rule.id}/`, {
        name: 'Changed',
        notification_type: 'Slack',
        priority: 'Medium',
        model_name: 'Job',
        attribute: 'job_title',
        operator: 'contains',
        value: 'founder',
        profile_lists: [lists.aliceB.id],
      }),
      200,
    );
    expect(put).toMatchObject({
      id: rule.id,
      name: 'Changed',
      notification_type: 'Slack',
      priority: 'Medium',
      model_name: 'Job',
      attribute: 'job_title',
      operator: 'contains',
      value: 'founder',
      profile_lists: [lists.aliceB],
      created_by: 'alice@profiles.test',
      created_at: rule.created_at,
    });
    expect(Date.parse(put.updated_at)).toBeGreaterThanOrEqual(Date.parse(rule.updated_at));
    expectErrors(await call('alice', 'PUT', `/api/v1/rules/${rule.id}/`, { name: 'Only a name' }), 400, ['model_name', 'value']);

    const patched = expectStatus<Rule>(await call('alice', 'PATCH', `/api/v1/rules/${rule.id}`, { priority: 'Low' }), 200);
    expect(patched).toEqual({ ...put, priority: 'Low', updated_at: patched.updated_at });
    const emptied = expectStatus<Rule>(await call('alice', 'PATCH', `/api/v1/rules/${rule.id}/`, { profile_lists: [] }), 200);
    expect(emptied.profile_lists).toEqual([]);
    expectErrors(await call('alice', 'PATCH', `/api/v1/rules/${rule.id}/`, { name: ' ' }), 400, ['name']);
    expectErrors(await call('alice', 'PATCH', `/api/v1/rules/${rule.id}/`, { value: '' }), 400, ['value']);
    expectErrors(await call('alice', 'PATCH', `/api/v1/rules/${rule.id}/`, { profile_lists: [lists.stranger.id] }), 400, ['profile_lists']);
  });

  it('PATCH checks the rule as it will be: the stored model, attribute and operator must still fit', async () => {
    const rule = await create('alice', { name: 'Merged checks' });
    const url = `/api/v1/rules/${rule.id}/`;
    // Job has no attribute 'location'
    expectErrors(await call('alice', 'PATCH', url, { model_name: 'Job' }), 400, ['attribute']);
    // job_title is Job's, not Profile's
    expectErrors(await call('alice', 'PATCH', url, { attribute: 'job_title' }), 400, ['attribute']);
    expectErrors(await call('alice', 'PATCH', url, { operator: 'bogus' }), 400, ['operator']);
    // an attribute that does not take the stored operator (declared for this test only)
    RULE_MODELS.Profile.test_only = { label: 'Test only', signal: 'headline', operators: [OPERATORS.changed] };
    try {
      const body = expectErrors(await call('alice', 'PATCH', url, { attribute: 'test_only' }), 400, ['operator']);
      expect(body.errors).toEqual([expect.stringMatching(/^operator: "changed to" is not an operator of Profile\.test_only\./)]);
      expect(expectStatus<Rule>(await call('alice', 'PATCH', url, { attribute: 'test_only', operator: 'changed' }), 200)).toMatchObject({
        attribute: 'test_only',
        operator: 'changed',
      });
    } finally {
      delete RULE_MODELS.Profile.test_only;
    }
    const moved = expectStatus<Rule>(
      await call('alice', 'PATCH', url, { model_name: 'Job', attribute: 'company', operator: 'changed to' }),
      200,
    );
    expect(moved).toMatchObject({
      model_name: 'Job',
      attribute: 'company',
      operator: 'changed to',
      value: 'Berlin',
      name: 'Merged checks',
    });
  });

  it('DELETE answers 204, then the rule and its links are gone; the lists stay', async () => {
    const rule = await create('alice', { name: 'Short-lived', profile_lists: [lists.alice.id] });
    const response = await call('alice', 'DELETE', `/api/v1/rules/${rule.id}/`);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expectErrors(await call('alice', 'GET', `/api/v1/rules/${rule.id}/`), 404);
    expectErrors(await call('alice', 'DELETE', `/api/v1/rules/${rule.id}/`), 404);
    const links = await api.handle.db.selectFrom('rule_profile_list').selectAll().where('rule_id', '=', rule.id).execute();
    expect(links).toEqual([]);
    expectStatus(await call('alice', 'GET', `/api/v1/profile-lists/${lists.alice.id}/`), 200);
  });
});

describe('who sees and changes which rules', () => {
  it('colleagues read a rule but may not change it (403); others get 404; staff see and change all', async () => {
    const rule = await create('alice', { name: 'Team rule', profile_lists: [lists.alice.id] });
    const url = `/api/v1/rules/${rule.id}/`;
    const full = { ...base, name: 'Hijacked' };

    expect(await show('colleague', rule.id)).toEqual(rule);
    expect((await listAll('colleague')).results.map((r) => r.id)).toContain(rule.id);
    expectErrors(await call('colleague', 'PUT', url, full), 403);
    expectErrors(await call('colleague', 'PATCH', url, { name: 'Hijacked' }), 403);
    expectErrors(await call('colleague', 'DELETE', url), 403);

    for (const user of ['stranger', 'loner'] as const) {
      expectErrors(await call(user, 'GET', url), 404);
      expectErrors(await call(user, 'PUT', url, full), 404);
      expectErrors(await call(user, 'PATCH', url, { name: 'Hijacked' }), 404);
      expectErrors(await call(user, 'DELETE', url), 404);
      expect((await listAll(user)).results.map((r) => r.id)).not.toContain(rule.id);
    }
    expect((await show('alice', rule.id)).name).toBe('Team rule');

    expect((await listAll('staff')).results.map((r) => r.id)).toContain(rule.id);
    const byStaff = expectStatus<Rule>(await call('staff', 'PATCH', url, { name: 'Renamed by staff' }), 200);
    expect(byStaff).toMatchObject({ name: 'Renamed by staff', created_by: 'alice@profiles.test' });
    expect((await call('staff', 'DELETE', url)).statusCode).toBe(204);
  });

  it('shows only the lists the viewer may read, and an update keeps those they may not', async () => {
    // alice works with a newcomer for a while: a rule of hers watches the newcomer's list
    const newcomer = await api.user({ email: 'newcomer@rules.test' });
    const organization = await createOrganization(api.handle.db, { name: 'Short project', users: [newcomer.id, world.users.alice.id] });
    const theirs = await api.handle.db
      .insertInto('profile_list')
      .values({ name: 'Newcomer list', owner_id: newcomer.id })
      .returning(['id', 'name'])
      .executeTakeFirstOrThrow();
    const rule = await create('alice', { name: 'Across teams', profile_lists: [theirs.id, lists.alice.id] });
    expect(rule.profile_lists).toEqual([lists.alice, theirs]);
    // the project ends: alice no longer reads the newcomer's list
    await api.handle.db.deleteFrom('organization_user').where('organization_id', '=', organization).execute();
    expect((await show('alice', rule.id)).profile_lists).toEqual([lists.alice]);
    const updated = expectStatus<Rule>(
      await call('alice', 'PATCH', `/api/v1/rules/${rule.id}/`, { profile_lists: [lists.alice.id, lists.aliceB.id] }),
      200,
    );
    expect(updated.profile_lists).toEqual([lists.aliceB, lists.alice]);
    expect((await show('staff', rule.id)).profile_lists).toEqual([lists.aliceB, lists.alice, theirs]);
  });
});

describe('the list', () => {
  it('sorts by name, priority, created_at and updated_at, newest first by default, and searches by name', async () => {
    const owner = await api.user({ email: 'sorter@rules.test' });
    const made: Rule[] = [];
    for (const [name, priority] of [
      ['beta watch', 'Medium'],
      ['Alpha watch', 'Low'],
      ['gamma alert', 'High'],
    ] as const) {
      made.push(await create(owner, { name, priority }));
    }
    const names = async (query: string) => (await listAll(owner, query)).results.map((r) => r.name);
    const all = await listAll(owner);
    expect(all.count).toBe(3);
    expect(all.results.map((r) => r.name)).toEqual(['gamma alert', 'Alpha watch', 'beta watch']);
    expect(await names('&ordering=name')).toEqual(['Alpha watch', 'beta watch', 'gamma alert']);
    expect(await names('&ordering=-name')).toEqual(['gamma alert', 'beta watch', 'Alpha watch']);
    expect(await names('&ordering=-priority')).toEqual(['gamma alert', 'beta watch', 'Alpha watch']);
    expect(await names('&ordering=priority')).toEqual(['Alpha watch', 'beta watch', 'gamma alert']);
    expect(await names('&ordering=created_at')).toEqual(['beta watch', 'Alpha watch', 'gamma alert']);
    expectStatus(await call(owner, 'PATCH', `/api/v1/rules/${made[0].id}/`, { value: 'Paris' }), 200);
    expect(await names('&ordering=-updated_at')).toEqual(['beta watch', 'gamma alert', 'Alpha watch']);
    expect(await names('&ordering=updated_at')).toEqual(['Alpha watch', 'gamma alert', 'beta watch']);
    // unknown fields are ignored
    expect(await names('&ordering=owner_id')).toEqual(['gamma alert', 'Alpha watch', 'beta watch']);
    expect(await names('&search=WATCH')).toEqual(['Alpha watch', 'beta watch']);
    expect(await names('&search=alpha%20watch')).toEqual(['Alpha watch']);
    expect(await names('&search=Berlin')).toEqual([]);
    const paged = expectStatus<ListResponse<Rule>>(await call(owner, 'GET', '/api/v1/rules/?ordering=name&page=2&page_size=2'), 200);
    expect(paged.count).toBe(3);
    expect(paged.results.map((r) => r.name)).toEqual(['gamma alert']);
  });
});

describe('GET /rules/details/', () => {
  it('answers the form options: types, priorities, models, operators per attribute, labels, the readable lists by name', async () => {
    for (const url of ['/api/v1/rules/details/', '/api/v1/rules/details']) {
      const details = expectStatus<RuleDetails>(await call('alice', 'GET', url), 200);
      expect(details.notification_types).toEqual(['Email', 'Slack']);
      expect(details.priorities).toEqual(['High', 'Medium', 'Low']);
      expect(details.model_names).toEqual(MODEL_NAMES);
      expect(details.model_names).toEqual(['Profile', 'Job']);
      expect(Object.keys(details.rules.Profile)).toEqual(['location', 'headline', 'current_company', 'job_or_location']);
      expect(Object.keys(details.rules.Job)).toEqual(['job_title', 'company']);
      expect(details.rules.Profile.location.map((o) => o.name)).toEqual(['changed', 'changed to', 'changed from', 'contains', 'equals']);
      expect(details.rules.Profile.location[0]).toEqual({
        name: 'changed',
        description: OPERATORS.changed.description,
        uses_value: false,
      });
      expect(details.rules.Job.company.find((o) => o.name === 'contains')?.uses_value).toBe(true);
      expect(details.attribute_labels).toEqual({
        Profile: { location: 'Location', headline: 'Headline', current_company: 'Current company', job_or_location: 'Job or location' },
        Job: { job_title: 'Job title', company: 'Company' },
      });
      // alice's and her colleague's, by name (case-insensitive); not the stranger's
      expect(details.profile_lists).toEqual([lists.aliceB, lists.colleague, lists.alice]);
    }
    const staff = expectStatus<RuleDetails>(await call('staff', 'GET', '/api/v1/rules/details/'), 200);
    expect(staff.profile_lists.map((l) => l.id)).toEqual(expect.arrayContaining([lists.alice.id, lists.stranger.id]));
    const loner = expectStatus<RuleDetails>(await call('loner', 'GET', '/api/v1/rules/details/'), 200);
    expect(loner.profile_lists).toEqual([]);
  });
});

describe('whatever text and lists a form sends', () => {
  /** no lone surrogate (the database stores one as U+FFFD) */
  const wellFormed = (s: string) => !/\p{Cs}/u.test(s);
  // the fuzzer (tests/api/fuzz.test.ts) rarely names a model, attribute and operator that fit: here they always do
  const triples = Object.entries(RULE_MODELS).flatMap(([model_name, attributes]) =>
    Object.entries(attributes).flatMap(([attribute, declaration]) =>
      declaration.operators.map(({ name: operator }) => ({ model_name, attribute, operator })),
    ),
  );
  const text = (maxLength: number) =>
    fc.oneof(fc.string({ maxLength }), fc.string({ unit: 'binary', maxLength: 30 }), fc.constantFrom('*', ' % _ ', "O'Hara", '\\', '𝕏 ü'));
  propertyIt.prop(
    [
      fc.record({
        name: text(300),
        value: text(1100),
        lists: fc.array(fc.integer({ min: 0, max: 4 }), { maxLength: 6 }),
        watched: fc.constantFrom(...triples),
        patch: fc.constantFrom(...triples),
      }),
    ],
    { numRuns: 40, seed: 20261125 },
  )('answers 201/200 with the rule as sent (trimmed), or 400; never more', async ({ name, value, lists: picks, watched, patch }) => {
    const pool = [lists.alice.id, lists.aliceB.id, lists.colleague.id, lists.stranger.id, 999999];
    const profile_lists = picks.map((i) => pool[i]);
    const response = await call('alice', 'POST', '/api/v1/rules/', { name, value, profile_lists, ...watched });
    const fits =
      name.trim() !== '' &&
      value.trim() !== '' &&
      name.length <= 255 &&
      value.length <= 1000 &&
      !name.includes('\u0000') &&
      !value.includes('\u0000') &&
      !profile_lists.some((id) => id === lists.stranger.id || id === 999999);
    if (!fits) {
      expectErrors(response, 400);
      return;
    }
    const rule = expectStatus<Rule>(response, 201);
    if (wellFormed(name)) expect(rule.name).toBe(name.trim());
    if (wellFormed(value)) expect(rule.value).toBe(value.trim());
    expect(rule.profile_lists.map((l) => l.id).sort()).toEqual([...new Set(profile_lists)].sort());
    const patched = expectStatus<Rule>(await call('alice', 'PATCH', `/api/v1/rules/${rule.id}/`, patch), 200);
    expect(patched).toMatchObject(patch);
    expect((await call('alice', 'DELETE', `/api/v1/rules/${rule.id}/`)).statusCode).toBe(204);
  });
});
