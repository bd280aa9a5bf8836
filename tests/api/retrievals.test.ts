// Retrievals end to end in the API's process (SPEC §2 Executions, Data sources; CONVENTIONS
// execution statuses): a synthetic network retrieved, its people in the profiles list,
// annotated; a second run changes some and logs each real change; the same input twice changes
// nothing; a staff correction survives; executions are seen by those who read the source;
// cancel.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestApi, testDb, type TestApi, type TestUser } from './harness';
import { expectErrors, expectStatus } from './expect';
import type { Execution, ListResponse, Profile, ProfileChange, ProfileSummary } from '../../types/api';
import { createSource, finished, retrieve, retrieveAndWait } from './retrieval-support';
import { ingestBatch, prepareBatch, writeBatch } from '../../server/ingestion/ingest';
import { annotateOffline, offlineAnnotator } from '../../server/annotation/offline';
import type { ImportProfile } from '../../server/connector-kit/import-format';
import { syntheticPerson } from '../../server/connectors/synthetic';
import { makeCompany } from '../../server/vocabulary/people';
import { listenWebPressure, WebPressure } from '../../server/queue/web-pressure';

let api: TestApi;
let staff: TestUser;
let owner: TestUser;
let stranger: TestUser;

beforeAll(async () => {
  api = await startTestApi();
  staff = await api.user({ is_staff: true });
  owner = await api.user({ email: 'owner@retrievals.test' });
  stranger = await api.user({ email: 'stranger@retrievals.test' });
});
afterAll(async () => api?.close());

/** Waits until the queue is done with a job (it left the created, active and retry states). */
async function settle(jobId: string | null): Promise<void> {
  for (;;) {
    const job = await sql<{ state: string }>`SELECT state FROM pgboss.job WHERE id = ${jobId}::uuid`.execute(api.handle.db);
    if (!job.rows[0] || !['created', 'active', 'retry'].includes(job.rows[0].state)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
const heldBy = async (sourceId: number) =>
  Number(
    (
      await sql<{ n: number }>`SELECT count(*)::int AS n FROM profile WHERE data_source_ids @> ARRAY[${sourceId}::int]`.execute(
        api.handle.db,
      )
    ).rows[0].n,
  );
const get = async <T>(user: TestUser, url: string) => expectStatus<T>(await api.call(user.token, { method: 'GET', url }), 200);
const profilesOf = (user: TestUser, sourceId: number) =>
  get<ListResponse<ProfileSummary>>(user, `/api/v1/profiles?data_sources=${sourceId}&page_size=100&ordering=id`);

describe('a synthetic network, retrieved twice', () => {
  let sourceId: number;
  let first: Execution;
  let second: Execution;
  beforeAll(async () => {
    sourceId = (await createSource(api, owner, { people: '40', seed: '9001', change_share: '50' })).id;
    const { id } = await retrieve(api, owner, sourceId);
    const seen: string[] = [];
    first = await finished(api, owner, id, seen);
    expect(seen.at(-1)).toBe('SUCCESS');
    second = await retrieveAndWait(api, owner, sourceId);
  });

  it('the first run creates every person, counted, and finishes SUCCESS with a date', () => {
    expect(first).toMatchObject({ status: 'SUCCESS', result: null, attempts: 1, trigger: 'manual' });
    expect(first.progress).toEqual({ total: 40, processed: 40, created: 40, updated: 0, unchanged: 0, failed: 0 });
    expect(Date.parse(first.date_done!)).toBeGreaterThanOrEqual(Date.parse(first.date_started!));
  });

  it("the people are in the owner's profiles list, annotated, with where the annotation came from", async () => {
    const list = await profilesOf(owner, sourceId);
    expect(list.count).toBe(40);
    const detail = await get<Profile>(owner, `/api/v1/profiles/${list.results[0].id}`);
    expect(detail.data_sources).toEqual([{ id: sourceId, name: 'Synthetic' }]);
    expect(detail.tech_rating).not.toBeNull();
    expect(detail.annotation_provenance.tech_rating).toMatchObject({ annotator: 'offline-heuristics', model: 'heuristics-v1' });
    expect((await profilesOf(stranger, sourceId)).count).toBe(0);
  });

  it('the second run changes about half of them and logs each real change with its execution', async () => {
    expect(second.status).toBe('SUCCESS');
    const { created, updated, unchanged, processed } = second.progress;
    expect({ created, processed }).toEqual({ created: 0, processed: 40 });
    expect(updated).toBeGreaterThan(5);
    expect(updated + unchanged).toBe(40);
    const { db } = api.handle;
    const changed = await db.selectFrom('profile_change').select(['profile_id', 'field']).where('execution_id', '=', second.id).execute();
    expect(new Set(changed.map((c) => c.profile_id)).size).toBe(updated);
    expect(
      changed.every((c) =>
        [
          'location',
          'jobs',
          'headline',
          'current_company',
          'nationalities',
          'summary',
          'tech_rating',
          'professional_experience_rating',
          'entrepreneurial_spirit_rating',
          'age_value',
        ].includes(c.field),
      ),
    ).toBe(true);
    const moved = changed.find((c) => c.field === 'location' || c.field === 'jobs')!;
    const log = await get<ListResponse<ProfileChange>>(owner, `/api/v1/profiles/${moved.profile_id}/changes/`);
    expect(log.results[0].execution_id).toBe(second.id);
    expect(log.results.at(-1)).toMatchObject({ field: 'profile', new_value: 'created', execution_id: first.id });
    const change = log.results.find((c) => c.field === moved.field)!;
    expect(change.old_value).not.toEqual(change.new_value);
  });

  it('the data source shows its executions, newest first', async () => {
    const source = await get<{ executions: { id: number; status: string }[] }>(owner, `/api/v1/data-sources/${sourceId}`);
    expect(source.executions.map((e) => e.id)).toEqual([second.id, first.id]);
  });
});

describe('ingestion', () => {
  const settings = { people: 30, seed: 4242, share: 0.5, countries: [] };
  const pool = Array.from({ length: 60 }, (_, c) => {
    const { external_id, name, description, year_founded, location, industry, company_size } = makeCompany(4242, c);
    return { external_id, name, description, year_founded, location, industry, company_size };
  });
  const people = (run: number) => Array.from({ length: 30 }, (_, i) => ({ profile: syntheticPerson(settings, pool, i, run) }));

  it('the same input twice: nothing changes the second time, nothing is duplicated', async () => {
    const source = await createSource(api, owner, { people: '30' }, 'Idempotent');
    const { db } = api.handle;
    const input = { dataSourceId: source.id, executionId: null, annotator: offlineAnnotator };
    const once = await ingestBatch(db, { ...input, items: people(0) });
    expect(once).toMatchObject({ created: 30, updated: 0, unchanged: 0, failed: 0 });
    const logged = Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM profile_change`.execute(db)).rows[0].n);
    const twice = await ingestBatch(db, { ...input, items: people(0) });
    expect(twice).toMatchObject({ created: 0, updated: 0, unchanged: 30, failed: 0 });
    expect(Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM profile_change`.execute(db)).rows[0].n)).toBe(logged);
    expect(
      Number(
        (await sql<{ n: number }>`SELECT count(*)::int AS n FROM profile WHERE data_source_ids @> ARRAY[${source.id}::int]`.execute(db))
          .rows[0].n,
      ),
    ).toBe(30);
    const later = await ingestBatch(db, { ...input, items: people(3) });
    expect(later.created).toBe(0);
    expect(later.updated + later.unchanged).toBe(30);
  });

  it('a batch planned before another write landed is planned again on the locked rows: nothing duplicated, no correction lost', async () => {
    const source = await createSource(api, owner, { people: '30' }, 'Planned ahead');
    const { db } = api.handle;
    const input = { dataSourceId: source.id, executionId: null, annotator: offlineAnnotator };
    const own = (run: number) =>
      Array.from({ length: 30 }, (_, i) => ({ profile: syntheticPerson({ ...settings, seed: 5151 }, pool, i, run) }));
    const ahead = await prepareBatch(db, { ...input, items: own(0) }); // all 30 new when planned
    expect(await ingestBatch(db, { ...input, items: own(0) })).toMatchObject({ created: 30 });
    expect(await writeBatch(db, ahead)).toMatchObject({ created: 0, updated: 0, unchanged: 30 });
    const held = sql<{ n: number }>`SELECT count(*)::int AS n FROM profile WHERE data_source_ids @> ARRAY[${source.id}::int]`;
    expect(Number((await held.execute(db)).rows[0].n)).toBe(30);

    // planned on the stored rows, then corrected by staff before it is written
    const later = await prepareBatch(db, { ...input, items: own(3) });
    await sql`UPDATE profile SET tech_rating = 9.9, annotation_provenance = annotation_provenance
      || jsonb_build_object('tech_rating', jsonb_build_object('annotator', 'staff', 'model', null, 'at', now(), 'corrected_by', 'staff@example.test'))
      WHERE data_source_ids @> ARRAY[${source.id}::int]`.execute(db);
    const outcome = await writeBatch(db, later);
    expect(outcome.updated).toBeGreaterThan(0); // the run changes people: their rows are written
    const ratings = await db
      .selectFrom('profile')
      .select('tech_rating')
      .where(sql<boolean>`data_source_ids @> ARRAY[${source.id}::int]`)
      .execute();
    expect(ratings.map((r) => r.tech_rating)).toEqual(Array(30).fill(9.9));
  });

  it('people whose record did not change are not annotated again, even when their row moved between planning and writing', async () => {
    const source = await createSource(api, owner, { people: '10' }, 'Annotated once');
    const { db } = api.handle;
    const asked: string[] = [];
    const counting = {
      ...offlineAnnotator,
      annotate: async (people: ImportProfile[], signal?: AbortSignal) => {
        asked.push(...people.map((p) => p.external_id));
        return offlineAnnotator.annotate(people, signal);
      },
    };
    const input = { dataSourceId: source.id, executionId: null, annotator: counting };
    const own = (run: number) =>
      Array.from({ length: 10 }, (_, i) => ({ profile: syntheticPerson({ ...settings, seed: 6161 }, pool, i, run) }));
    await ingestBatch(db, { ...input, items: own(0) });
    expect(asked).toHaveLength(10);
    asked.length = 0;
    expect(await ingestBatch(db, { ...input, items: own(0) })).toMatchObject({ unchanged: 10 });
    expect(asked).toEqual([]);
    const changed = own(1)
      .filter((item, i) => JSON.stringify(item.profile) !== JSON.stringify(own(0)[i].profile))
      .map((item) => item.profile.external_id);
    expect(changed.length).toBeGreaterThan(0);
    expect(changed.length).toBeLessThan(10);
    await ingestBatch(db, { ...input, items: own(1) });
    expect(asked.sort()).toEqual(changed.sort());

    // planned keeping every stored annotation, then another source writes another record of one of them
    asked.length = 0;
    const ahead = await prepareBatch(db, { ...input, items: own(1) });
    expect(asked).toEqual([]);
    const [first] = own(1);
    const other = await createSource(api, owner, { people: '1' }, 'Writes meanwhile');
    await ingestBatch(db, {
      dataSourceId: other.id,
      executionId: null,
      annotator: offlineAnnotator,
      items: [{ profile: { ...first.profile, headline: 'Founder at Moved Meanwhile', skills: [] } }],
    });
    await writeBatch(db, ahead); // planned again on the moved row, with the annotation it kept
    expect(asked).toEqual([]);
    const row = await db.selectFrom('profile').selectAll().where('external_id', '=', first.profile.external_id).executeTakeFirstOrThrow();
    expect(row.headline).toBe(first.profile.headline);
    expect(row.data_source_ids).toEqual([source.id, other.id]);
    const expected = annotateOffline(first.profile);
    expect({
      summary: row.summary,
      tech_rating: row.tech_rating,
      entrepreneurial_spirit_rating: row.entrepreneurial_spirit_rating,
    }).toEqual({
      summary: expected.summary,
      tech_rating: expected.tech_rating,
      entrepreneurial_spirit_rating: expected.entrepreneurial_spirit_rating,
    });
  });

  it('a bad record fails alone; another source holding the same person adds its link', async () => {
    const first = await createSource(api, owner, { people: '30' }, 'Holder one');
    const second = await createSource(api, owner, { people: '30' }, 'Holder two');
    const { db } = api.handle;
    const person = syntheticPerson({ ...settings, seed: 777 }, pool, 1, 0);
    await ingestBatch(db, { dataSourceId: first.id, executionId: null, annotator: offlineAnnotator, items: [{ profile: person }] });
    const outcome = await ingestBatch(db, {
      dataSourceId: second.id,
      executionId: null,
      annotator: offlineAnnotator,
      items: [{ profile: person }, { error: 'record 2: external_id: This field is required.' }],
    });
    expect(outcome).toMatchObject({ created: 0, updated: 1, failed: 1, errors: ['record 2: external_id: This field is required.'] });
    const row = await db
      .selectFrom('profile')
      .select('data_source_ids')
      .where('external_id', '=', person.external_id)
      .executeTakeFirstOrThrow();
    expect(row.data_source_ids).toEqual([first.id, second.id]);
  });

  it('a staff correction of an annotation survives later retrievals', async () => {
    const source = await createSource(api, owner, { people: '5', seed: '31337' }, 'Corrected');
    await retrieveAndWait(api, owner, source.id);
    const [one] = (await profilesOf(owner, source.id)).results;
    expectErrors(
      await api.call(owner.token, { method: 'PATCH', url: `/api/v1/profiles/${one.id}/annotation/`, payload: { tech_rating: 9.9 } }),
      403,
    );
    expectErrors(
      await api.call(staff.token, { method: 'PATCH', url: `/api/v1/profiles/${one.id}/annotation/`, payload: { tech_rating: 11 } }),
      400,
      ['tech_rating'],
    );
    expectErrors(await api.call(staff.token, { method: 'PATCH', url: `/api/v1/profiles/${one.id}/annotation/`, payload: {} }), 400);
    const corrected = expectStatus<Profile>(
      await api.call(staff.token, {
        method: 'PATCH',
        url: `/api/v1/profiles/${one.id}/annotation/`,
        payload: { tech_rating: 9.9, gender_value: 'non-binary' },
      }),
      200,
    );
    expect(corrected).toMatchObject({ tech_rating: 9.9, gender_value: 'non-binary' });
    expect(corrected.annotation_provenance.tech_rating).toMatchObject({ annotator: 'staff', corrected_by: staff.email });
    await api.handle.db.updateTable('profile').set({ headline: 'Changed by hand to force an update' }).where('id', '=', one.id).execute();
    const again = await retrieveAndWait(api, owner, source.id);
    expect(again.progress.updated).toBeGreaterThanOrEqual(1);
    const after = await get<Profile>(owner, `/api/v1/profiles/${one.id}`);
    expect(after).toMatchObject({ tech_rating: 9.9, gender_value: 'non-binary' });
    expect(after.headline).not.toBe('Changed by hand to force an update');
  });
});

describe('executions', () => {
  it('are seen by who reads the data source; others get 404; the list searches and filters', async () => {
    const source = await createSource(api, owner, { people: '3' }, 'Seen by some');
    const execution = await retrieveAndWait(api, owner, source.id);
    expect((await api.call(stranger.token, { method: 'GET', url: `/api/v1/executions/${execution.id}` })).statusCode).toBe(404);
    expect((await get<ListResponse<Execution>>(stranger, '/api/v1/executions?page_size=100')).results.map((e) => e.id)).not.toContain(
      execution.id,
    );
    expect((await get<Execution>(staff, `/api/v1/executions/${execution.id}`)).id).toBe(execution.id);
    const mine = await get<ListResponse<Execution>>(
      owner,
      `/api/v1/executions?data_source=${source.id}&search=success&ordering=-date_done`,
    );
    expect(mine.results.map((e) => e.id)).toEqual([execution.id]);
  });

  it('cancel: a finished one answers 409; a stranger 404; a queued one becomes REVOKED and writes nothing more', async () => {
    const source = await createSource(api, owner, { people: '100000', seed: '5' }, 'Too big');
    const done = await retrieveAndWait(api, owner, (await createSource(api, owner, { people: '2' }, 'Small')).id);
    expectErrors(await api.call(owner.token, { method: 'POST', url: `/api/v1/executions/${done.id}/cancel/` }), 409);
    const running = await retrieve(api, owner, source.id);
    expect((await api.call(stranger.token, { method: 'POST', url: `/api/v1/executions/${running.id}/cancel/` })).statusCode).toBe(404);
    const revoked = expectStatus<Execution>(
      await api.call(owner.token, { method: 'POST', url: `/api/v1/executions/${running.id}/cancel/` }),
      200,
    );
    expect(revoked.status).toBe('REVOKED');
    expect(revoked.date_done).not.toBeNull();
    const { db } = api.handle;
    // once the queue is done with its job, the counts agree with what was written
    const { job_id } = await db.selectFrom('execution').select('job_id').where('id', '=', running.id).executeTakeFirstOrThrow();
    await settle(job_id);
    const after = await get<Execution>(owner, `/api/v1/executions/${running.id}`);
    expect(after.status).toBe('REVOKED');
    expect(await heldBy(source.id)).toBe(after.progress.created);
    expect(await heldBy(source.id)).toBeLessThan(100000);
  });

  it('cancel while it runs: the batch under way is not written, the counts agree with the rows', async () => {
    const source = await createSource(api, owner, { people: '100000', seed: '6' }, 'Big, cancelled midway');
    const { id } = await retrieve(api, owner, source.id);
    for (;;) {
      const execution = await get<Execution>(owner, `/api/v1/executions/${id}`);
      if (execution.status === 'STARTED' && execution.progress.processed > 0) break;
      expect(['PENDING', 'STARTED']).toContain(execution.status);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(
      expectStatus<Execution>(await api.call(owner.token, { method: 'POST', url: `/api/v1/executions/${id}/cancel/` }), 200).status,
    ).toBe('REVOKED');
    const { job_id } = await api.handle.db.selectFrom('execution').select('job_id').where('id', '=', id).executeTakeFirstOrThrow();
    await settle(job_id);
    const after = await get<Execution>(owner, `/api/v1/executions/${id}`);
    expect(after.status).toBe('REVOKED');
    expect(after.progress.processed).toBeGreaterThan(0);
    expect(after.progress.processed).toBeLessThan(100000);
    expect(await heldBy(source.id)).toBe(after.progress.created);
    expect(
      Number(
        (await sql<{ n: number }>`SELECT count(*)::int AS n FROM profile_change WHERE execution_id = ${id}`.execute(api.handle.db)).rows[0]
          .n,
      ),
    ).toBe(after.progress.created);
  });
});

describe.runIf(testDb === 'postgres')('web pressure across processes', () => {
  it('a request to a server is heard by a worker listening elsewhere on the same PostgreSQL', async () => {
    const pressure = new WebPressure();
    let heard = false;
    pressure.note = () => {
      heard = true;
    };
    const listener = await listenWebPressure(process.env.TEST_DATABASE_URL!, pressure, api.app.log);
    try {
      // a server notifies at most every 100 ms: ask until one is heard (bounded by the test's timeout)
      while (!heard) {
        await api.call(owner.token, { method: 'GET', url: '/api/v1/data-sources/' });
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(heard).toBe(true);
    } finally {
      await listener.close();
    }
  });
});
