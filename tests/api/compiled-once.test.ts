// A query built and compiled once (server/db/compiled-once.ts), run on every request with new values:
// each run answers for its own values, on PGlite and on PostgreSQL, and a second database gets its own.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { compiledOnce } from '../../server/db/compiled-once';
import { openDatabase, type DatabaseHandle } from '../../server/db/connect';
import { startTestApi, testDb, type TestApi } from './harness';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => api?.close());

let builds = 0;
const usersByEmails = compiledOnce((db, parameter: (name: 'emails' | 'after') => string) => {
  builds++;
  return db
    .selectFrom('app_user')
    .select(['id', 'email'])
    .where('email', '=', sql<string>`any(${parameter('emails')}::text[])`)
    .where('id', '>', sql<number>`${parameter('after')}::int`)
    .where('is_active', '=', true)
    .orderBy('id');
});

describe('compiledOnce', () => {
  it('builds once and answers each run for its own values', async () => {
    const staff = await api.user({ is_staff: true });
    const normal = await api.user();
    const db = api.handle.db;
    expect(await usersByEmails(db, { emails: [staff.email, normal.email], after: 0 })).toEqual(
      [staff, normal].map(({ id, email }) => ({ id, email })).sort((a, b) => a.id - b.id),
    );
    expect(await usersByEmails(db, { emails: [normal.email], after: 0 })).toEqual([{ id: normal.id, email: normal.email }]);
    expect(await usersByEmails(db, { emails: [normal.email], after: normal.id })).toEqual([]);
    expect(await usersByEmails(db, { emails: [], after: 0 })).toEqual([]);
    // a value that looks like SQL is a value
    expect(await usersByEmails(db, { emails: ["x' OR '1'='1"], after: 0 })).toEqual([]);
    expect(builds).toBe(1);
  });

  it.skipIf(testDb !== 'pglite')('compiles again for another database, which answers from its own rows', async () => {
    const someone = await api.user();
    expect(await usersByEmails(api.handle.db, { emails: [someone.email], after: 0 })).toHaveLength(1);
    const other: DatabaseHandle = await openDatabase({});
    try {
      expect(await usersByEmails(other.db, { emails: [someone.email], after: 0 })).toEqual([]);
      expect(builds).toBe(2);
    } finally {
      await other.close();
    }
  });
});
