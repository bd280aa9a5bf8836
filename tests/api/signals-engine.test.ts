// The signals engine (issue Signals 2 and the timeline of 6): changes brought by real retrievals
// of a profile feed matched against rules over profile lists — exactly the expected
// notifications (a real move, a move of someone in two lists under one rule, a late-added old
// role, a title edit, reordered jobs, someone nobody watches), never twice (a second run, a cursor
// rewound), not for a rule made after the change; the timeline shows each viewer theirs. On
// PostgreSQL: a process killed between matching and committing leaves nothing, the next run
// raises each notification once; a change written by a transaction still open is not skipped.
import http from 'node:http';
import path from 'node:path';
import { spawn } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../server/db/schema';
import { matchPendingChanges } from '../../server/signals/engine';
import { SIGNALS_MATCH_QUEUE } from '../../server/signals/queues';
import { startTestApi, testDb, type TestApi, type TestUser } from './harness';
import { expectStatus } from './expect';
import { createSource, retrieveAndWait } from './retrieval-support';
import type { ListResponse, ProfileChange, ProfileSummary, Rule } from '../../types/api';

const APP_URL = 'http://app.test';
const root = path.resolve(__dirname, '../..');

interface FeedJob {
  job_title: string;
  start_date: string;
  end_date: string | null;
  company: { external_id: string; name: string };
}
const company = (name: string) => ({ external_id: `https://network.test/company/${name.toLowerCase()}`, name });
const role = (job_title: string, at: string, start_date: string, end_date: string | null = null): FeedJob => ({
  job_title,
  start_date,
  end_date,
  company: company(at),
});
const person = (key: string, first_name: string, location: string, jobs: FeedJob[], headline: string | null = null) => ({
  external_id: `https://network.test/in/${key}`,
  first_name,
  last_name: 'Doe',
  location,
  headline,
  jobs,
});

const today = new Date().toISOString().slice(0, 10);
const BEFORE = [
  person('jane', 'Jane', 'Berlin', [role('CTO', 'Acme', '2019-03-01'), role('Engineer', 'Initech', '2015-01', '2019-02')], 'CTO at Acme'),
  person('bob', 'Bob', 'Paris', [role('Designer', 'Globex', '2020-06')]),
  person('dora', 'Dora', 'Lisbon', [role('Engineer', 'Hooli', '2021-09-15')]),
  person('eve', 'Eve', 'Oslo', [
    role('Advisor', 'Umbrella', '2012-01'),
    role('CEO', 'Vandelay', '2018-05'),
    role('Analyst', 'Acme', '2014-01', '2018-04'),
  ]),
  person('carl', 'Carl', 'Rome', [role('CFO', 'Acme', '2017-01')]),
];
const AFTER = [
  // a real move (listed first, the old job ended) and a move to Munich
  person(
    'jane',
    'Jane',
    'Munich',
    [role('Founder', 'Stealth', today), role('CTO', 'Acme', '2019-03-01', today), role('Engineer', 'Initech', '2015-01', '2019-02')],
    'CTO at Acme',
  ),
  // a late-added old role (started 2023, before the first retrieval), listed first: no change
  person('bob', 'Bob', 'Paris', [role('Board member', 'Cyberdyne', '2023-04-02'), role('Designer', 'Globex', '2020-06')]),
  // a title edited at the same company: a job title change only
  person('dora', 'Dora', 'Lisbon', [role('Senior Engineer', 'Hooli', '2021-09-15')]),
  // the same jobs in another order: nothing
  person('eve', 'Eve', 'Oslo', [
    role('Analyst', 'Acme', '2014-01', '2018-04'),
    role('CEO', 'Vandelay', '2018-05'),
    role('Advisor', 'Umbrella', '2012-01'),
  ]),
  // a real move, but nobody watches Carl
  person('carl', 'Carl', 'Rome', [role('CFO', 'Stealth', today), role('CFO', 'Acme', '2017-01', today)]),
];

/** A feed at a local address: what `people` holds when it is read, as NDJSON. */
async function serveFeed() {
  const feed = { people: BEFORE as object[], url: '', close: () => new Promise((resolve) => server.close(resolve)) };
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/x-ndjson' });
    response.end(feed.people.map((p) => `${JSON.stringify(p)}\n`).join(''));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  feed.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/people.ndjson`;
  return feed;
}

interface NotificationRow {
  id: number;
  rule_id: number;
  profile_id: number;
  profile_change_id: string;
  recipient: string;
  recipient_id: number;
  rule_owner_id: number;
  priority: string;
  notification_type: string;
  notification_status: string;
  next_attempt_at: Date | null;
  sent_at: Date | null;
  body: string;
  subject: string;
  details: any;
}

async function notifications(db: Kysely<Database>): Promise<NotificationRow[]> {
  const { rows } = await sql<NotificationRow>`
    SELECT id, rule_id, profile_id, profile_change_id::text AS profile_change_id, recipient, recipient_id, rule_owner_id, priority,
      notification_type, notification_status, next_attempt_at, sent_at, body, subject, details
    FROM notification ORDER BY id`.execute(db);
  return rows;
}

async function cursor(db: Kysely<Database>) {
  const { rows } = await sql<{ txid: string; change_id: string }>`
    SELECT txid::text AS txid, change_id::text AS change_id FROM signal_cursor WHERE name = 'rules'`.execute(db);
  return rows[0]!;
}

async function makeList(db: Kysely<Database>, owner: TestUser, name: string, profileIds: number[]): Promise<number> {
  const { id } = await db.insertInto('profile_list').values({ name, owner_id: owner.id }).returning('id').executeTakeFirstOrThrow();
  await db
    .insertInto('profile_list_profile')
    .values(profileIds.map((profile_id) => ({ profile_list_id: id, profile_id })))
    .execute();
  return id;
}

async function makeRule(api: TestApi, owner: TestUser, fields: RuleFields): Promise<Rule> {
  return expectStatus<Rule>(
    await api.call(owner.token, {
      method: 'POST',
      url: '/api/v1/rules/',
      payload: { notification_type: 'Email', priority: 'High', value: '*', ...fields },
    }),
    201,
  );
}

type RuleFields = Omit<Partial<Rule>, 'profile_lists'> & { profile_lists: number[] };

/** (rule, person, recipient) of each notification, sorted: what the engine raised, without ids. */
const triples = (rows: NotificationRow[], names: Map<number, string>, rules: Map<number, string>) =>
  rows.map((r) => `${rules.get(r.rule_id)} · ${names.get(r.profile_id)} · ${r.recipient}`).sort();

describe('through real retrievals', () => {
  let api: TestApi;
  let feed: Awaited<ReturnType<typeof serveFeed>>;
  let scout: TestUser;
  let other: TestUser;
  let staff: TestUser;
  const ids = new Map<string, number>();
  const names = new Map<number, string>();
  const ruleNames = new Map<number, string>();
  let watchList: number;
  let sourceId: number;

  beforeAll(async () => {
    feed = await serveFeed();
    api = await startTestApi({ allowPrivateFeeds: true });
    // no sweep every minute: one between a test's rewind of the cursor and its own run would take its changes
    await api.app.jobs.schedule(SIGNALS_MATCH_QUEUE, 'every', null, {});
    scout = await api.user({ email: 'scout@signals.test' });
    other = await api.user({ email: 'other@signals.test' });
    staff = await api.user({ email: 'staff@signals.test', is_staff: true });
    const source = await createSource(api, scout, { url: feed.url, format: 'ndjson' }, 'Signals feed', 'profile_feed');
    sourceId = source.id;
    expectStatus(
      await api.call(scout.token, { method: 'POST', url: `/api/v1/data-sources/${source.id}/set-public`, payload: { is_public: true } }),
      200,
    );
    expect((await retrieveAndWait(api, scout, source.id)).status).toBe('SUCCESS');
    const profiles = expectStatus<ListResponse<ProfileSummary>>(
      await api.call(scout.token, { method: 'GET', url: '/api/v1/profiles/?page_size=100' }),
      200,
    );
    for (const p of profiles.results) {
      ids.set(p.first_name, p.id);
      names.set(p.id, p.first_name);
    }
    expect(ids.size).toBe(5);
    const watched = ['Jane', 'Bob', 'Dora', 'Eve'].map((n) => ids.get(n)!);
    watchList = await makeList(api.handle.db, scout, 'Watch list', watched);
    const janeOnly = await makeList(api.handle.db, scout, 'Jane again', [ids.get('Jane')!]);
    const othersList = await makeList(api.handle.db, other, "Other's list", [ids.get('Jane')!]);
    const rules: [TestUser, RuleFields][] = [
      [scout, { name: 'Any move', model_name: 'Job', attribute: 'company', operator: 'changed', profile_lists: [watchList, janeOnly] }],
      [
        scout,
        {
          name: 'To Munich',
          model_name: 'Profile',
          attribute: 'location',
          operator: 'changed to',
          value: ' MUNICH ',
          priority: 'Medium',
          profile_lists: [watchList],
        },
      ],
      [
        scout,
        {
          name: 'Founders',
          model_name: 'Job',
          attribute: 'job_title',
          operator: 'contains',
          value: 'found',
          priority: 'Low',
          notification_type: 'Slack',
          profile_lists: [watchList],
        },
      ],
      [scout, { name: 'Any title', model_name: 'Job', attribute: 'job_title', operator: 'changed', profile_lists: [watchList] }],
      [scout, { name: 'Headlines', model_name: 'Profile', attribute: 'headline', operator: 'changed', profile_lists: [watchList] }],
      [
        scout,
        {
          name: 'Left Globex',
          model_name: 'Profile',
          attribute: 'current_company',
          operator: 'changed from',
          value: 'Globex',
          profile_lists: [watchList],
        },
      ],
      [
        other,
        {
          name: 'Left Acme',
          model_name: 'Profile',
          attribute: 'current_company',
          operator: 'changed from',
          value: 'acme',
          profile_lists: [othersList],
        },
      ],
    ];
    for (const [owner, fields] of rules) {
      const rule = await makeRule(api, owner, fields);
      ruleNames.set(rule.id, rule.name);
    }
  });
  afterAll(async () => {
    await api?.close();
    await feed?.close();
  });

  it('raises exactly the expected notifications, once, with who changed what, old → new, when and through which source', async () => {
    feed.people = AFTER;
    expect((await retrieveAndWait(api, scout, sourceId)).status).toBe('SUCCESS');
    // the retrieval queued the engine (it may be running now); this run finishes whatever is left
    await matchPendingChanges(api.handle.db, { appUrl: APP_URL });
    const rows = await notifications(api.handle.db);
    expect(triples(rows, names, ruleNames)).toEqual(
      [
        'Any move · Jane · scout@signals.test',
        'To Munich · Jane · scout@signals.test',
        'Founders · Jane · scout@signals.test',
        'Any title · Jane · scout@signals.test',
        'Any title · Dora · scout@signals.test',
        'Left Acme · Jane · other@signals.test',
      ].sort(),
    );
    const byRule = (name: string, person = 'Jane') =>
      rows.find((r) => ruleNames.get(r.rule_id) === name && names.get(r.profile_id) === person)!;
    const move = byRule('Any move');
    expect(move.body).toMatch(
      /^Jane Doe changed job: CTO at Acme → Founder at Stealth \(retrieved by “Signals feed” on \d{1,2} \w{3} \d{4}, \d\d:\d\d UTC\)$/,
    );
    expect(move).toMatchObject({
      notification_status: expect.stringMatching(/^(PENDING|SENT|FAILED)$/),
      notification_type: 'Email',
      priority: 'High',
      recipient_id: scout.id,
      rule_owner_id: scout.id,
      profile_id: ids.get('Jane'),
    });
    expect(move.details).toMatchObject({
      person: { id: ids.get('Jane'), name: 'Jane Doe' },
      change: { signal: 'company', label: 'job', old: 'CTO at Acme', new: 'Founder at Stealth' },
      data_source: { id: sourceId, name: 'Signals feed' },
      rule: { id: move.rule_id, name: 'Any move' },
      links: { person: `${APP_URL}/profiles/${ids.get('Jane')}`, rule: `${APP_URL}/rule-sets/${move.rule_id}` },
    });
    // High is due at once: still waiting with its time set, or already sent by the delivery (the
    // workers run here: which of the two the test sees depends on the machine, so both are right)
    if (move.notification_status === 'SENT') expect(move.sent_at).not.toBeNull();
    else expect(move.next_attempt_at).not.toBeNull();
    const change = await api.handle.db
      .selectFrom('profile_change')
      .select(['field', 'changed_at'])
      .where('id', '=', move.profile_change_id)
      .executeTakeFirstOrThrow();
    expect(change.field).toBe('jobs');
    expect(move.details.changed_at).toBe(new Date(change.changed_at).toISOString());
    expect(byRule('To Munich')).toMatchObject({ priority: 'Medium', next_attempt_at: null });
    expect(byRule('To Munich').body).toMatch(/^Jane Doe changed location: Berlin → Munich \(retrieved by/);
    expect(byRule('Founders')).toMatchObject({ priority: 'Low', notification_type: 'Slack', next_attempt_at: null });
    expect(byRule('Any title', 'Dora').body).toMatch(/^Dora Doe changed job title: Engineer at Hooli → Senior Engineer at Hooli /);
    expect(byRule('Left Acme')).toMatchObject({ recipient: 'other@signals.test', recipient_id: other.id, rule_owner_id: other.id });
    // one move, one notification per rule: the jobs row, not also the current_company row
    expect(new Set(rows.filter((r) => names.get(r.profile_id) === 'Jane').map((r) => `${r.rule_id}`)).size).toBe(5);
  });

  it('a second run, and a run from a cursor rewound, raise nothing more (the unique key holds)', async () => {
    const before = await notifications(api.handle.db);
    const again = await matchPendingChanges(api.handle.db, { appUrl: APP_URL });
    expect(again.raised).toBe(0);
    const at = await cursor(api.handle.db);
    await sql`UPDATE signal_cursor SET txid = '0'::xid8, change_id = 0 WHERE name = 'rules'`.execute(api.handle.db);
    const rewound = await matchPendingChanges(api.handle.db, { appUrl: APP_URL });
    expect(rewound.scanned).toBeGreaterThan(0);
    expect(rewound.raised).toBe(0);
    expect((await notifications(api.handle.db)).map((r) => r.id)).toEqual(before.map((r) => r.id));
    expect(await cursor(api.handle.db)).toEqual(at);
  });

  it('a rule made after a change does not fire for it; a change after it does', async () => {
    const rule = await makeRule(api, scout, {
      name: 'Any place',
      model_name: 'Profile',
      attribute: 'location',
      operator: 'changed',
      profile_lists: [watchList],
    });
    const db = api.handle.db;
    const bob = ids.get('Bob')!;
    await db
      .insertInto('profile_change')
      .values({
        profile_id: bob,
        execution_id: null,
        field: 'location',
        old_value: '"Paris"',
        new_value: '"Rome"',
        changed_at: sql<Date>`now() - interval '1 hour'` as never,
      })
      .execute();
    await db
      .insertInto('profile_change')
      .values({ profile_id: bob, execution_id: null, field: 'location', old_value: '"Rome"', new_value: '"Turin"' })
      .execute();
    await matchPendingChanges(db, { appUrl: APP_URL });
    const raised = (await notifications(db)).filter((r) => r.rule_id === rule.id);
    expect(raised.map((r) => r.body)).toEqual([expect.stringMatching(/^Bob Doe changed location: Rome → Turin \(changed in the app on /)]);
    expect(raised[0]!.details.data_source).toBeNull();
  });

  it('the timeline: each change lists the notifications it raised that the viewer may see, newest first', async () => {
    const jane = ids.get('Jane')!;
    const changesAs = async (user: TestUser) =>
      expectStatus<ListResponse<ProfileChange>>(
        await api.call(user.token, { method: 'GET', url: `/api/v1/profiles/${jane}/changes/?page_size=100` }),
        200,
      ).results;
    const jobsRow = (changes: ProfileChange[]) => changes.find((c) => c.field === 'jobs')!;
    const scouts = jobsRow(await changesAs(scout)).notifications;
    expect(scouts.map((n) => n.rule?.name).sort()).toEqual(['Any move', 'Any title', 'Founders']);
    expect(scouts.map((n) => n.id)).toEqual([...scouts.map((n) => n.id)].sort((a, b) => b - a));
    expect(scouts[0]).toEqual({
      id: expect.any(Number),
      notification_status: expect.stringMatching(/^(PENDING|SENT|FAILED)$/),
      notification_type: expect.stringMatching(/^(Email|Slack)$/),
      recipient: 'scout@signals.test',
      rule: { id: expect.any(Number), name: expect.any(String) },
    });
    expect(jobsRow(await changesAs(other)).notifications.map((n) => n.rule?.name)).toEqual(['Left Acme']);
    expect(jobsRow(await changesAs(staff)).notifications).toHaveLength(4);
    const location = (await changesAs(scout)).find((c) => c.field === 'location')!;
    expect(location.notifications.map((n) => n.rule?.name)).toEqual(['To Munich']);
    // a change that raised nothing lists none
    expect((await changesAs(scout)).find((c) => c.field === 'profile')!.notifications).toEqual([]);
  });
});

describe.runIf(testDb === 'postgres')('on PostgreSQL, across a crash and an open transaction', () => {
  let api: TestApi;
  let scout: TestUser;
  let watched: number[];
  let ruleId: number;
  afterAll(async () => api?.close());

  beforeAll(async () => {
    // no workers: nothing but the test runs the engine
    api = await startTestApi({ workers: false });
    scout = await api.user({ email: 'crash@signals.test' });
    const db = api.handle.db;
    watched = [];
    for (const name of ['Ann', 'Ben', 'Cid']) {
      const { id } = await db
        .insertInto('profile')
        .values({ external_id: `https://network.test/in/${name}`, first_name: name, last_name: 'Watched', location: 'Berlin' } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
      watched.push(id);
    }
    const list = await makeList(db, scout, 'Crash list', watched);
    ruleId = (
      await makeRule(api, scout, {
        name: 'Moves',
        model_name: 'Profile',
        attribute: 'location',
        operator: 'changed',
        profile_lists: [list],
      })
    ).id;
  });

  const move = (profile_id: number, to: string) =>
    api.handle.db
      .insertInto('profile_change')
      .values({ profile_id, execution_id: null, field: 'location', old_value: '"Berlin"', new_value: JSON.stringify(to) })
      .returning(sql<string>`id::text`.as('id'))
      .executeTakeFirstOrThrow();

  it('a process killed between matching and committing leaves nothing; the next run raises each notification once', async () => {
    const db = api.handle.db;
    const changes = [await move(watched[0]!, 'Munich'), await move(watched[1]!, 'Hamburg'), await move(watched[2]!, 'Cologne')];
    const before = await cursor(db);
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/signals-engine-child.ts'], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: process.env.TEST_DATABASE_URL! },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const ended = await new Promise<{ code: number | null; signal: string | null }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    expect(ended.signal, output).toBe('SIGKILL');
    expect(output).toContain('matched, 0 committed');
    expect(await notifications(db)).toEqual([]);
    expect(await cursor(db)).toEqual(before);

    const result = await matchPendingChanges(db, { appUrl: APP_URL });
    expect(result.raised).toBe(3);
    expect(await matchPendingChanges(db, { appUrl: APP_URL })).toMatchObject({ scanned: 0, raised: 0 });
    const rows = await notifications(db);
    expect(rows.map((r) => r.profile_change_id).sort()).toEqual(changes.map((c) => c.id).sort());
    expect(rows.every((r) => r.rule_id === ruleId && r.recipient === 'crash@signals.test')).toBe(true);
    expect((await cursor(db)).change_id).toBe(changes.at(-1)!.id);
  }, 60_000);

  it('a change written by a transaction still open when the engine runs is matched once it commits', async () => {
    const db = api.handle.db;
    const { default: pg } = await import('pg');
    const open = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await open.connect();
    try {
      await open.query('BEGIN');
      const early = await open.query(
        `INSERT INTO profile_change (profile_id, execution_id, field, old_value, new_value) VALUES ($1, NULL, 'location', '"Munich"', '"Dresden"') RETURNING id::text AS id`,
        [watched[0]],
      );
      // committed after the open one began: a larger txid, read past the open one's only once it ends
      const later = await move(watched[1]!, 'Leipzig');
      const first = await matchPendingChanges(db, { appUrl: APP_URL });
      expect(first.raised).toBe(0);
      await open.query('COMMIT');
      const second = await matchPendingChanges(db, { appUrl: APP_URL });
      expect(second.raised).toBe(2);
      const ids = (await notifications(db)).map((r) => r.profile_change_id);
      expect(ids).toContain(early.rows[0].id);
      expect(ids).toContain(later.id);
    } finally {
      await open.end();
    }
  });
});
