// Defects the fuzzer (fuzz.test.ts) found in the shared HTTP layer, each pinned
// here by the request that showed it, so that it stays fixed whatever the fuzzer's
// seed or the operations of the day.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness';
import { expectErrors } from './expect';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api?.close());

describe('a JSON body nested deeper than the call stack', () => {
  // found as: POST /api/v1/searches/ with `[[[…]]]` 200,000 deep → 500 (the null-character check recursed)
  const deepArray = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
  const deepObject = `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`;
  const post = (payload: string) =>
    api.call(undefined, { method: 'POST', url: '/api/v1/auth/sign-in/', payload, headers: { 'content-type': 'application/json' } });

  it('is refused with 400 {"errors"}, not a 500', async () => {
    expectErrors(await post(deepArray), 400);
    expectErrors(await post(deepObject), 400);
  });

  it('still has its null characters found, however deep, by their path', async () => {
    const body = expectErrors(await post('{"email":"a@example.test","password":"secret","x":[{"y":[["ok","a\\u0000b"]]}]}'), 400, [
      'x.0.y.0.1',
    ]);
    expect(body.errors).toEqual(['x.0.y.0.1: Null characters are not allowed.']);
  });
});

describe('URLs the router refuses before any route runs', () => {
  // found as: GET /api/v1/users/%ED%A0%80 → 400 {"error":"Bad Request","code":"FST_ERR_BAD_URL",…}
  // and GET /api/v1/users/<120 digits> → 414 {"error":"Bad Request","code":"FST_ERR_MAX_PARAM_LENGTH",…}
  it('a path segment that is not percent-encoded UTF-8: 400 {"errors"}', async () => {
    const body = expectErrors(await api.call(undefined, { method: 'GET', url: '/api/v1/users/%ED%A0%80' }), 400);
    expect(Object.keys(body)).toEqual(['errors']);
  });

  it('a path parameter longer than the router takes: 414 {"errors"}', async () => {
    const body = expectErrors(await api.call(undefined, { method: 'DELETE', url: `/api/v1/searches/${'9'.repeat(120)}` }), 414);
    expect(Object.keys(body)).toEqual(['errors']);
  });
});

describe('an id filter beyond PostgreSQL integers', () => {
  // found as: GET /api/v1/profiles?data_sources=2147483648&data_sources=1 (staff) → 500 (the ids went
  // straight into `::int[]`); the same on /profiles/export
  it('is refused with 400 naming data_sources, on the list and the export', async () => {
    const staff = await api.user({ is_staff: true });
    for (const url of ['/api/v1/profiles?data_sources=2147483648&data_sources=1', '/api/v1/profiles/export?data_sources=2147483648']) {
      expectErrors(await api.call(staff.token, { method: 'GET', url }), 400, ['data_sources']);
    }
    expect((await api.call(staff.token, { method: 'GET', url: '/api/v1/profiles?data_sources=2147483647' })).statusCode).toBe(200);
  });
});

describe('a staff correction of an annotation with a value no annotator would give', () => {
  // found as: PATCH /api/v1/profiles/1/annotation/ {"nationalities": {"Authorization": {"is_staff": true}}}
  // → 500, with the object already stored: every later read of that person answered 500
  it('is refused with 400 naming the field, and changes nothing', async () => {
    const staff = await api.user({ is_staff: true });
    const { id } = await api.handle.db
      .insertInto('profile')
      .values({
        external_id: 'https://www.linkedin.com/in/fuzz-annotation',
        first_name: 'Fuzz',
        last_name: 'Annotation',
        data_source_ids: [],
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const url = `/api/v1/profiles/${id}/annotation/`;
    const before = await api.call(staff.token, { method: 'GET', url: `/api/v1/profiles/${id}` });
    expect(before.statusCode).toBe(200);
    const refused: [Record<string, unknown>, string][] = [
      [{ nationalities: { Authorization: { is_staff: true } } }, 'nationalities'],
      [{ nationalities: { DE: { is_staff: true } } }, 'nationalities.DE'],
      [{ nationalities: { QQ: 0.5 } }, 'nationalities'],
      [{ nationalities: { de: 0.5 } }, 'nationalities'],
      [{ nationalities: { DE: 1.5 } }, 'nationalities.DE'],
      [{ nationalities: { DE: 0.7, FR: 0.6 } }, 'nationalities'],
      [{ age_value: 3 }, 'age_value'],
      [{ age_value: 101 }, 'age_value'],
      [{ age_value: 30.5 }, 'age_value'],
      [{ tech_rating: -0.1 }, 'tech_rating'],
      [{ entrepreneurial_spirit_rating: 10.01 }, 'entrepreneurial_spirit_rating'],
      [{ gender_value: { is_staff: true } }, 'gender_value'],
      [{ summary: ['a'] }, 'summary'],
    ];
    for (const [payload, field] of refused) expectErrors(await api.call(staff.token, { method: 'PATCH', url, payload }), 400, [field]);
    const after = await api.call(staff.token, { method: 'GET', url: `/api/v1/profiles/${id}` });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual(before.json());
    const accepted = await api.call(staff.token, { method: 'PATCH', url, payload: { nationalities: { DE: 0.6, FR: 0.4 }, age_value: 41 } });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ nationalities: { DE: 0.6, FR: 0.4 }, age_value: 41 });
    expect(
      (await api.call(staff.token, { method: 'POST', url: `/api/v1/profiles/${id}/comment/`, payload: { comment: 'still readable' } }))
        .statusCode,
    ).toBe(200);
  });
});

describe('a query key named __proto__ holding a null character', () => {
  // found as: GET /api/v1/platform-connections?__proto__=a%00b (any list) → 500: the field errors were
  // gathered in a plain object, where `fields['__proto__']` is Object.prototype, not a list
  it('is refused with 400 naming that key, on every list', async () => {
    const user = await api.user({});
    for (const list of ['platform-connections', 'executions', 'searches']) {
      const body = expectErrors(await api.call(user.token, { method: 'GET', url: `/api/v1/${list}?__proto__=a%00b` }), 400);
      expect(body.errors).toEqual(['__proto__: Null characters are not allowed.']);
      expect(Object.keys(body.fields ?? {})).toEqual(['__proto__']);
    }
  });
});
