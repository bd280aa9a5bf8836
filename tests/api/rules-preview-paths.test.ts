// The rule preview's two ways of matching (issue 18, preview.ts) agree: the rows the engine walked
// are counted in SQL over their stored signals (change_signal), the others — written before
// 'signals_from' or past the engine's cursor — matched in JS. Random changes spread over the three
// parts, random rules: the preview equals the one that matches every row in JS (the engine's own
// functions), examples and sentences included.
import { fc, it as propertyIt } from '@fast-check/vitest';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchPendingChanges } from '../../server/signals/engine';
import { previewRule } from '../../server/signals/preview';
import { OPERATORS, RULE_MODELS } from '../../server/signals/vocabulary';
import { startTestApi, type TestApi } from './harness';
import { buildProfileWorld } from './fixtures/profiles';

let api: TestApi;
let listId: number;
/** a second list: the first person again and the one `listId` leaves out */
let otherListId: number;
/** three listed people and one who is not */
let people: number[];

const DAY = 86_400_000;
const today = new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  api = await startTestApi({ workers: false });
  const world = await buildProfileWorld(api);
  people = Object.values(world.profiles).slice(6, 10);
  const db = api.handle.db;
  listId = (
    await db
      .insertInto('profile_list')
      .values({ name: 'Preview paths', owner_id: world.users.alice.id })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  otherListId = (
    await db
      .insertInto('profile_list')
      .values({ name: 'Preview paths, other', owner_id: world.users.alice.id })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await db
    .insertInto('profile_list_profile')
    .values([
      ...people.slice(0, 3).map((profile_id) => ({ profile_list_id: listId, profile_id })),
      { profile_list_id: otherListId, profile_id: people[0]! },
      { profile_list_id: otherListId, profile_id: people[3]! },
    ])
    .execute();
});
afterAll(async () => api?.close());

interface Change {
  who: number;
  field: string;
  old_value: unknown;
  new_value: unknown;
  /** days ago, half a day off the 30-day boundary whatever the clock does meanwhile */
  daysAgo: number;
}

async function insert(changes: Change[]): Promise<void> {
  if (!changes.length) return;
  await api.handle.db
    .insertInto('profile_change')
    .values(
      changes.map((change) => ({
        profile_id: people[change.who]!,
        field: change.field,
        old_value: JSON.stringify(change.old_value),
        new_value: JSON.stringify(change.new_value),
        changed_at: new Date(Date.now() - change.daysAgo * DAY - DAY / 2),
      })),
    )
    .execute();
}

/**
 * 'signals_from' moved to the end of the change log, as the migration puts it on a database whose
 * rows have no stored signals: those of the rows it passes are dropped (they would count twice).
 */
async function signalsFromHere(): Promise<void> {
  const db = api.handle.db;
  await sql`UPDATE signal_cursor c SET txid = last.txid, change_id = last.id, newest_changed_at = (SELECT max(changed_at) FROM profile_change)
    FROM (SELECT txid, id FROM profile_change ORDER BY txid DESC, id DESC LIMIT 1) last
    WHERE c.name = 'signals_from'`.execute(db);
  await sql`DELETE FROM change_signal cs USING profile_change pc, signal_cursor c
    WHERE pc.id = cs.change_id AND c.name = 'signals_from' AND (pc.txid, pc.id) <= (c.txid, c.change_id)`.execute(db);
}

const walk = () => matchPendingChanges(api.handle.db, { appUrl: 'http://app.test' });

const texts = ['Berlin', ' berlin ', 'Berlin, DE', 'ZÜRICH', 'zürich', 'Zürich, CH', 'Founder', 'founder at Stealth', null];
const companies = ['Acme', 'acme ', 'Stealth', 'ÜBER GmbH', 'über gmbh'];
const job = fc.record({
  job_title: fc.constantFrom('CTO', 'cto', 'Founder', 'Engineer', null),
  start_date: fc.constantFrom('2012-06', '2019-01', today, null),
  end_date: fc.constantFrom(null, null, '2020-01'),
  company: fc.record({ id: fc.constant(null), name: fc.constantFrom(...companies) }),
});
const jobs = fc.array(job, { maxLength: 3 });
const change = fc.oneof(
  fc.record({
    who: fc.integer({ min: 0, max: 3 }),
    field: fc.constantFrom('location', 'headline'),
    old_value: fc.constantFrom(...texts),
    new_value: fc.constantFrom(...texts),
    daysAgo: fc.integer({ min: 0, max: 35 }),
  }),
  fc.record({
    who: fc.integer({ min: 0, max: 3 }),
    field: fc.constant('jobs'),
    old_value: jobs,
    new_value: jobs,
    daysAgo: fc.integer({ min: 0, max: 35 }),
  }),
);
const attributes = Object.entries(RULE_MODELS).flatMap(([model_name, attrs]) =>
  Object.keys(attrs).map((attribute) => ({ model_name, attribute })),
);
/** a rule's target and value, previewed with every operator */
const rule = fc.record({
  target: fc.constantFrom(...attributes),
  value: fc.constantFrom('berlin', 'Zürich', 'ZÜRICH, ch', 'acme', 'Über GmbH', 'stealth', 'cto', 'found', 'ü'),
});
const operators = Object.values(OPERATORS).map((operator) => operator.name);

describe('the rule preview, in SQL over stored signals and in JS over the change log', () => {
  it("counts a person once across both, and folds case beyond ASCII ('ZÜRICH' is 'zürich')", async () => {
    const db = api.handle.db;
    await sql`DELETE FROM profile_change WHERE profile_id = ANY(${`{${people.join(',')}}`}::int[])`.execute(db);
    await insert([{ who: 0, field: 'location', old_value: 'Paris', new_value: 'ZÜRICH', daysAgo: 3 }]);
    await walk(); // counted in SQL
    await insert([{ who: 0, field: 'location', old_value: 'ZÜRICH', new_value: 'Zürich, CH', daysAgo: 1 }]); // in JS
    const count = async (operator: string, value: string) => {
      const rule = { model_name: 'Profile', attribute: 'location', operator, value };
      const [fromPeople, overWindow] = [await previewRule(db, rule, [listId]), await previewRule(db, rule, [listId], { perPersonRead: 0 })];
      expect(overWindow).toEqual(fromPeople);
      return fromPeople;
    };
    expect(await count('changed', '*')).toMatchObject({ fired: 2, people: 1 });
    expect(await count('changed to', 'zürich')).toMatchObject({ fired: 1, people: 1 });
    expect(await count('equals', ' Zürich ')).toMatchObject({ fired: 2, people: 1 });
    expect(await count('contains', 'ÜRICH')).toMatchObject({ fired: 2, people: 1 });
    const stored = await db.selectFrom('change_signal').select(['new_text', 'new_folded']).where('profile_id', '=', people[0]!).execute();
    expect(stored).toEqual([{ new_text: 'ZÜRICH', new_folded: 'zürich' }]);
  });

  propertyIt.prop(
    [
      fc.array(fc.tuple(change, fc.constantFrom('before', 'walked', 'past')), { maxLength: 16 }),
      fc.array(rule, { minLength: 1, maxLength: 2 }),
    ],
    {
      numRuns: 20,
      seed: 20261126,
    },
  )('counts as the JS matching of every row does, wherever the engine stands', async (changes, rules) => {
    const db = api.handle.db;
    await sql`DELETE FROM profile_change WHERE profile_id = ANY(${`{${people.join(',')}}`}::int[])`.execute(db);
    const part = (name: string) => changes.filter(([, at]) => at === name).map(([c]) => c);
    await insert(part('before'));
    await signalsFromHere();
    await walk(); // walks them without storing their signals
    await insert(part('walked'));
    await walk();
    await insert(part('past'));
    const conditions = rules.flatMap(({ target, value }) => operators.map((operator) => ({ ...target, operator, value })));
    const previews = [];
    for (const lists of [[listId], [listId, otherListId]]) {
      for (const condition of conditions) {
        previews.push({ condition, lists, split: await previewRule(db, condition, lists) });
        // the same over the window as from each person
        expect(await previewRule(db, condition, lists, { perPersonRead: 0 })).toEqual(previews.at(-1)!.split);
      }
    }
    await signalsFromHere(); // every row now read in JS
    for (const { condition, lists, split } of previews) expect(split).toEqual(await previewRule(db, condition, lists));
  });
});
