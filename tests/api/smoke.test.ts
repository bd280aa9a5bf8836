import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './harness';

describe('API smoke', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(async () => api?.close());

  it('answers 401 without a token and the user with one', async () => {
    expect((await api.call(undefined, { method: 'GET', url: '/api/v1/users/me' })).statusCode).toBe(401);
    const user = await api.user();
    const me = await api.call(user.token, { method: 'GET', url: '/api/v1/users/me/' });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(user.email);
  });
});
