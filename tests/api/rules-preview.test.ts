// GET /rules/preview/ (issue 18, preview before saving — a first slice): how often a rule as the
// form holds it would have fired in the last 30 days, for how many people, with examples. The
// counts are checked against a direct SQL count of the seeded changes it should match.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { RulePreview } from '../../types/api';
import { startTestApi, type TestApi } from './harness';
import { expectErrors, expectStatus } from './expect';
import { buildProfileWorld, type ProfileWorld } from './fixtures/profiles';
import { previewRule } from '../../server/signals/preview';
import { matchPendingChanges } from '../../server/signals/engine';

let api: TestApi;
let world: ProfileWorld;
let listId: number;
let strangerList: number;
let watched: number[];

const DAY = 86_400_000;

beforeAll(async () => {
  api = await startTestApi({ workers: false });
  world = await buildProfileWorld(api);
  const db = api.handle.db;
  const ids = Object.values(world.profiles).slice(0, 6);
  watched = ids.slice(0, 4);
  listId = (
    await db
      .insertInto('profile_list')
      .values({ name: 'Preview watch', owner_id: world.users.alice.id })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  strangerList = (
    await db
      .insertInto('profile_list')
      .values({ name: 'Hidden', owner_id: world.users.stranger.id })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await db
    .insertInto('profile_list_profile')
    .values(watched.map((profile_id) => ({ profile_list_id: listId, profile_id })))
    .execute();
  // location changes of watched people (two of them within 30 days to Berlin), one too old, one of
  // an unwatched person; a job move and a title edit at the same company
  const change = (profile_id: number, field: string, old_value: unknown, new_value: unknown, daysAgo: number) => ({
    profile_id,
    field,
    old_value: JSON.stringify(old_value),
    new_value: JSON.stringify(new_value),
    changed_at: new Date(Date.now() - daysAgo * DAY),
  });
  const acme = { job_title: 'CTO', start_date: '2019-01', end_date: null, company: { id: null, name: 'Acme' } };
  await db
    .insertInto('profile_change')
    .values([
      change(watched[0]!, 'location', 'Paris, FR', 'Berlin, DE', 2),
      change(watched[1]!, 'location', 'Lyon, FR', 'Berlin, DE', 10),
      change(watched[1]!, 'location', 'Berlin, DE', 'Munich, DE', 5),
      change(watched[2]!, 'location', 'Rome, IT', 'Berlin, DE', 45),
      change(ids[5]!, 'location', 'Oslo, NO', 'Berlin, DE', 1),
      change(
        watched[3]!,
        'jobs',
        [acme],
        [
          { ...acme, end_date: '2026-11' },
          {
            job_title: 'Founder',
            start_date: new Date().toISOString().slice(0, 10),
            end_date: null,
            company: { id: null, name: 'Stealth' },
          },
        ],
        3,
      ),
      change(watched[2]!, 'jobs', [acme], [{ ...acme, job_title: 'CEO' }], 4),
    ])
    .execute();
});
afterAll(async () => api?.close());

const preview = (query: string, user: keyof ProfileWorld['users'] = 'alice') =>
  api.call(world.users[user].token, { method: 'GET', url: `/api/v1/rules/preview/?${query}` });

describe('GET /rules/preview/', () => {
  it('counts what the rule would have raised in the last 30 days, as a direct count of the same changes', async () => {
    const answer = expectStatus<RulePreview>(
      await preview(`model_name=Profile&attribute=location&operator=contains&value=berlin&profile_lists=${listId}`),
      200,
    );
    const direct = await sql<{ n: number; people: number }>`
      SELECT count(*)::int AS n, count(DISTINCT profile_id)::int AS people FROM profile_change
      WHERE field = 'location' AND new_value::text ILIKE '%berlin%' AND changed_at >= now() - interval '30 days'
        AND profile_id IN (SELECT profile_id FROM profile_list_profile WHERE profile_list_id = ${listId})`.execute(api.handle.db);
    expect(answer).toMatchObject({ days: 30, fired: direct.rows[0]!.n, people: direct.rows[0]!.people });
    expect(answer.fired).toBe(2);
    expect(answer.examples.map((e) => e.profile.id)).toEqual([watched[0], watched[1]]);
    expect(answer.examples[0]!.sentence).toMatch(/changed location: Paris, FR → Berlin, DE/);
  });

  it('reads job changes as the engine does: a move is a company change, a title edit is not', async () => {
    const company = expectStatus<RulePreview>(
      await preview(`model_name=Job&attribute=company&operator=changed&value=*&profile_lists=${listId}`),
      200,
    );
    expect(company).toMatchObject({ fired: 1, people: 1 });
    expect(company.examples[0]!.sentence).toMatch(/changed job: CTO at Acme → Founder at Stealth/);
    const title = expectStatus<RulePreview>(
      await preview(`model_name=Job&attribute=job_title&operator=changed&value=*&profile_lists=${listId}`),
      200,
    );
    expect(title).toMatchObject({ fired: 2, people: 2 });
    const any = expectStatus<RulePreview>(
      await preview(`model_name=Profile&attribute=job_or_location&operator=changed&value=*&profile_lists=${listId}`),
      200,
    );
    expect(any).toMatchObject({ fired: 4, people: 3 });
  });

  it('without lists nothing fires; unknown words and lists the user may not read answer 400', async () => {
    expect(expectStatus<RulePreview>(await preview('model_name=Profile&attribute=location&operator=changed&value=*'), 200)).toMatchObject({
      fired: 0,
      people: 0,
      examples: [],
    });
    expectErrors(await preview(`model_name=Profile&attribute=salary&operator=changed&value=*&profile_lists=${listId}`), 400, ['attribute']);
    expectErrors(await preview(`model_name=Profile&attribute=location&operator=changed&value=*&profile_lists=${strangerList}`), 400, [
      'profile_lists',
    ]);
    expectErrors(await preview('attribute=location&operator=changed&value=*'), 400);
  });

  it("counts people their owner snoozed: the preview is about the rule, not the owner's snoozes", async () => {
    const db = api.handle.db;
    await db
      .insertInto('profile_snooze')
      .values({ user_id: world.users.alice.id, profile_id: watched[0]!, until: new Date(Date.now() + 30 * DAY) })
      .execute();
    try {
      const answer = expectStatus<RulePreview>(
        await preview(`model_name=Profile&attribute=location&operator=contains&value=berlin&profile_lists=${listId}`),
        200,
      );
      expect(answer).toMatchObject({ fired: 2, people: 2 });
    } finally {
      await db.deleteFrom('profile_snooze').where('user_id', '=', world.users.alice.id).execute();
    }
  });

  it('over more rows than it reads, counts exactly over the last whole days they cover and says so', async () => {
    const rule = { model_name: 'Profile', attribute: 'location', operator: 'changed', value: '*' };
    // newest first: 2, 5 and 10 days ago; two rows read cover the last 10 days but the 10-day-old row
    expect(await previewRule(api.handle.db, rule, [listId], { maxRows: 2 })).toMatchObject({ days: 10, fired: 2, people: 2 });
    expect(await previewRule(api.handle.db, rule, [listId], { maxRows: 3 })).toMatchObject({ days: 30, fired: 3, people: 2 });
  });

  it('counts the same once the engine walked the changes (their stored signals, counted in SQL)', async () => {
    const rules = [
      'model_name=Profile&attribute=location&operator=contains&value=berlin',
      'model_name=Job&attribute=company&operator=changed&value=*',
      'model_name=Job&attribute=job_title&operator=changed&value=*',
      'model_name=Profile&attribute=job_or_location&operator=changed&value=*',
      'model_name=Profile&attribute=job_or_location&operator=equals&value=berlin,%20de',
    ];
    const read = async () =>
      Promise.all(rules.map(async (rule) => expectStatus<RulePreview>(await preview(`${rule}&profile_lists=${listId}`), 200)));
    const before = await read();
    const db = api.handle.db;
    expect(Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM change_signal`.execute(db)).rows[0]!.n)).toBe(0);
    await matchPendingChanges(db, { appUrl: 'http://app.test' });
    // one row per signal of every row, listed person or not: 5 location rows, the move (company and title), the title edit
    const stored = await db.selectFrom('change_signal').select(['signal', 'old_text', 'new_folded']).orderBy('change_id').execute();
    expect(stored).toHaveLength(8);
    expect(stored).toContainEqual({ signal: 'company', old_text: 'Acme', new_folded: 'stealth' });
    const after = await read();
    expect(after).toEqual(before);
    expect(after.map((answer) => answer.fired)).toEqual([2, 1, 2, 4, 3]);
    // the per-person read and the window read count alike
    for (const perPersonRead of [0, 100]) {
      const answer = await previewRule(
        db,
        { model_name: 'Profile', attribute: 'job_or_location', operator: 'changed', value: '*' },
        [listId],
        {
          perPersonRead,
        },
      );
      expect(answer).toMatchObject({ days: 30, fired: 4, people: 3 });
    }
  });
});
