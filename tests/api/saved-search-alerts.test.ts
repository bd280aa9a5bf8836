// Saved-search alerts (issue 18): a watched saved search's first check records who matches (no
// alert); each later retrieval that brings people who newly match raises one notification for the
// owner (20 names, then 'and N more'), once per retrieval; someone who left and comes back within
// 30 days is not new; muted searches, snoozed people, deactivated owners and people the owner may
// not see raise nothing. Retrievals are written directly (people, then a finished execution) and
// checked by calling the check; the last test goes through real retrievals and the queue.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../server/db/schema';
import { checkWatchedSearches } from '../../server/signals/search-alerts';
import type { ListResponse, Notification, SavedSearch } from '../../types/api';
import { startTestApi, type TestApi, type TestUser } from './harness';
import { expectStatus } from './expect';
import { insertDataSource, insertProfiles } from './fixtures/profiles';
import { createSource, retrieveAndWait } from './retrieval-support';

const APP_URL = 'http://app.test';

interface AlertRow {
  id: number;
  saved_search_id: number;
  execution_id: number;
  recipient: string;
  recipient_id: number;
  rule_owner_id: number;
  rule_id: number | null;
  priority: string;
  notification_type: string;
  next_attempt_at: Date | null;
  subject: string;
  body: string;
  details: any;
}

const alertsOf = async (db: Kysely<Database>, searchId: number) =>
  (
    await sql<AlertRow>`SELECT id, saved_search_id, execution_id, recipient, recipient_id, rule_owner_id, rule_id, priority,
      notification_type, next_attempt_at, subject, body, details FROM notification WHERE saved_search_id = ${searchId} ORDER BY id`.execute(
      db,
    )
  ).rows;

describe('watched saved searches, checked after each retrieval', () => {
  let api: TestApi;
  let db: Kysely<Database>;
  let owner: TestUser;
  let stranger: TestUser;
  let publicSource: number;
  let hiddenSource: number;
  const names = new Map<string, number>();

  beforeAll(async () => {
    api = await startTestApi({ workers: false });
    db = api.handle.db;
    owner = await api.user({ email: 'owner@alerts.test' });
    stranger = await api.user({ email: 'stranger@alerts.test' });
    publicSource = await insertDataSource(db, 'Public feed', stranger.id, true);
    hiddenSource = await insertDataSource(db, 'Hidden feed', stranger.id, false);
  });
  afterAll(async () => api?.close());

  /** A retrieval of `source` that wrote these people ('First Last', location): a finished execution. */
  async function retrieval(people: [string, string][], source = publicSource, status: 'SUCCESS' | 'FAILURE' | 'RETRY' = 'SUCCESS') {
    const ids = await insertProfiles(
      db,
      people.map(([name, location]) => {
        const [first_name, last_name] = name.split(' ') as [string, string];
        return { external_id: `https://network.test/in/${name}`, first_name, last_name, location, data_source_ids: [source] };
      }),
    );
    for (const [i, [name]] of people.entries()) names.set(name, ids[i]!);
    const name = source === publicSource ? 'Public feed' : 'Hidden feed';
    const execution = await db
      .insertInto('execution')
      .values({ data_source_id: source, data_source_name: name, owner_id: stranger.id, status, progress: '{}', row_errors: '[]' })
      .returning('id')
      .executeTakeFirstOrThrow();
    return execution.id;
  }

  const check = (executionId?: number) => checkWatchedSearches(db, { executionId, appUrl: APP_URL });
  const move = (name: string, location: string) => db.updateTable('profile').set({ location }).where('id', '=', names.get(name)!).execute();

  async function watch(name: string, url: string, extra: object = {}, user = owner): Promise<SavedSearch> {
    const saved = expectStatus<SavedSearch>(
      await api.call(user.token, { method: 'POST', url: '/api/v1/searches/', payload: { name, url, entity: 'Profile' } }),
      201,
    );
    expect(saved).toMatchObject({ watched: false, notification_type: 'Email', priority: 'High', baseline_at: null, muted: false });
    return expectStatus<SavedSearch>(
      await api.call(user.token, { method: 'PATCH', url: `/api/v1/searches/${saved.id}/`, payload: { watched: true, ...extra } }),
      200,
    );
  }

  it('records who matches at the first check (no alert), then alerts once for the people a retrieval newly brought', async () => {
    const search = await watch('Berlin founders', 'search=berlin&sort=first_name&direction=asc');
    expect(search.watched).toBe(true);
    const first = await retrieval([
      ['Ada Lovelace', 'Berlin'],
      ['Bob Paris', 'Paris'],
    ]);
    expect((await check(first)).searches[search.id]).toBe('baseline');
    expect(await alertsOf(db, search.id)).toEqual([]);
    const reread = expectStatus<SavedSearch>(await api.call(owner.token, { method: 'GET', url: `/api/v1/searches/${search.id}/` }), 200);
    expect(reread.baseline_at).not.toBeNull();

    const second = await retrieval([
      ['Grace Hopper', 'Berlin'],
      ['Alan Turing', 'Berlin, DE'],
      ['Carl Rome', 'Rome'],
    ]);
    expect((await check(second)).searches[search.id]).toBe('alerted');
    // the same retrieval checked again (a retried job, a second worker): still one alert
    expect((await check(second)).searches[search.id]).toBe('already alerted');
    const [alert, ...more] = await alertsOf(db, search.id);
    expect(more).toEqual([]);
    const [alan, grace] = [names.get('Alan Turing')!, names.get('Grace Hopper')!];
    expect(alert).toMatchObject({
      execution_id: second,
      recipient: 'owner@alerts.test',
      recipient_id: owner.id,
      rule_owner_id: owner.id,
      rule_id: null,
      priority: 'High',
      notification_type: 'Email',
      subject: '2 new people match “Berlin founders”',
      body: '2 new people match your saved search “Berlin founders”: Alan Turing and Grace Hopper',
      details: {
        kind: 'saved_search',
        search: { id: search.id, name: 'Berlin founders' },
        people: [
          { id: alan, name: 'Alan Turing', link: `${APP_URL}/profiles/${alan}` },
          { id: grace, name: 'Grace Hopper', link: `${APP_URL}/profiles/${grace}` },
        ],
        total: 2,
        data_source: { id: publicSource, name: 'Public feed' },
        links: {
          results: `${APP_URL}/profiles?search=berlin&sort=first_name&direction=asc`,
          search: `${APP_URL}/searches/${search.id}`,
        },
      },
    });
    expect(alert!.next_attempt_at).not.toBeNull(); // High: due at once
    // nothing new since: nothing more
    expect((await check(await retrieval([['Dora Lisbon', 'Lisbon']]))).searches[search.id]).toBe('checked');

    // Alan leaves and comes back within 30 days: not new
    await move('Alan Turing', 'Munich');
    expect((await check(await retrieval([]))).searches[search.id]).toBe('checked');
    const left = await db.selectFrom('saved_search_match').select('left_at').where('profile_id', '=', alan).executeTakeFirstOrThrow();
    expect(left.left_at).not.toBeNull();
    await move('Alan Turing', 'Berlin');
    expect((await check(await retrieval([]))).searches[search.id]).toBe('checked');
    // he leaves again, and comes back 31 days later: new
    await move('Alan Turing', 'Munich');
    await check(await retrieval([]));
    await sql`UPDATE saved_search_match SET left_at = now() - interval '31 days' WHERE profile_id = ${alan}`.execute(db);
    await move('Alan Turing', 'Berlin');
    const back = await retrieval([]);
    expect((await check(back)).searches[search.id]).toBe('alerted');
    expect((await alertsOf(db, search.id)).at(-1)).toMatchObject({
      execution_id: back,
      subject: '1 new person matches “Berlin founders”',
      body: '1 new person matches your saved search “Berlin founders”: Alan Turing',
    });
  });

  it('names 20 new people in the saved order, then "and N more"', async () => {
    const search = await watch('Crowd', 'search=crowdtown&sort=last_name&direction=asc', {
      priority: 'Medium',
      notification_type: 'Slack',
    });
    await check(await retrieval([]));
    const people = Array.from({ length: 25 }, (_, i): [string, string] => [`P ${String(i + 1).padStart(2, '0')}`, 'Crowdtown']);
    expect((await check(await retrieval(people))).searches[search.id]).toBe('alerted');
    const [alert] = await alertsOf(db, search.id);
    const listed = Array.from({ length: 20 }, (_, i) => `P ${String(i + 1).padStart(2, '0')}`);
    expect(alert!.details.people.map((p: { name: string }) => p.name)).toEqual(listed);
    expect(alert!.details.total).toBe(25);
    expect(alert!.subject).toBe('25 new people match “Crowd”');
    expect(alert!.body).toBe(`25 new people match your saved search “Crowd”: ${listed.join(', ')} and 5 more`);
    // Medium: waits for the hourly digest, as the rules' notifications do
    expect(alert).toMatchObject({ priority: 'Medium', notification_type: 'Slack', next_attempt_at: null });
  });

  it('raises nothing while muted (but keeps who matches), nor for snoozed people, nor people the owner may not see', async () => {
    const search = await watch('Oslo', 'search=oslo&sort=first_name');
    await check(await retrieval([]));
    await db.updateTable('saved_search').set({ muted_at: new Date() }).where('id', '=', search.id).execute();
    expect((await check(await retrieval([['Mute Oslo', 'Oslo']]))).searches[search.id]).toBe('checked');
    await db.updateTable('saved_search').set({ muted_at: null }).where('id', '=', search.id).execute();
    // Mute was recorded while muted: not new once unmuted
    expect((await check(await retrieval([]))).searches[search.id]).toBe('checked');
    expect(await alertsOf(db, search.id)).toEqual([]);

    // a snoozed person is recorded, not listed; someone only in a source the owner cannot read is never seen
    const snoozed = await retrieval([['Snoozy Oslo', 'Oslo']], hiddenSource); // hidden: not seen yet
    await check(snoozed);
    await db
      .updateTable('profile')
      .set({ data_source_ids: [publicSource] })
      .where('id', '=', names.get('Snoozy Oslo')!)
      .execute();
    await db
      .insertInto('profile_snooze')
      .values({ user_id: owner.id, profile_id: names.get('Snoozy Oslo')!, until: new Date(Date.now() + 7 * 86_400_000) })
      .execute();
    const mixed = await retrieval([['Vis Oslo', 'Oslo']]);
    await retrieval([['Secret Oslo', 'Oslo']], hiddenSource);
    expect((await check(mixed)).searches[search.id]).toBe('alerted');
    const [alert] = await alertsOf(db, search.id);
    expect(alert!.details.people.map((p: { name: string }) => p.name)).toEqual(['Vis Oslo']);
    expect(alert!.details.total).toBe(1);
    const recorded = await db.selectFrom('saved_search_match').select('profile_id').where('saved_search_id', '=', search.id).execute();
    expect(recorded.map((r) => r.profile_id).sort()).toEqual(
      ['Mute Oslo', 'Snoozy Oslo', 'Vis Oslo'].map((n) => names.get(n)!).sort((a, b) => a - b),
    );
  });

  it('a staff owner sees every source; a deactivated owner raises nothing', async () => {
    const staff = await api.user({ email: 'staff@alerts.test', is_staff: true });
    const search = await watch('Everyone in Quito', 'search=quito', {}, staff);
    await check(await retrieval([]));
    expect((await check(await retrieval([['Hid Quito', 'Quito']], hiddenSource))).searches[search.id]).toBe('alerted');
    await db.updateTable('app_user').set({ is_active: false }).where('id', '=', staff.id).execute();
    expect((await check(await retrieval([['Late Quito', 'Quito']]))).searches[search.id]).toBe('checked');
    expect(await alertsOf(db, search.id)).toHaveLength(1);
  });

  it('waits for a retrieval to end; switched off, forgets who matched; switched on again, takes a new baseline', async () => {
    const search = await watch('Lima', 'search=lima');
    expect(await check(await retrieval([['Early Lima', 'Lima']], publicSource, 'RETRY'))).toEqual({ searches: {}, raised: [] });
    await check(await retrieval([]));
    const patch = (payload: object) =>
      api
        .call(owner.token, { method: 'PATCH', url: `/api/v1/searches/${search.id}/`, payload })
        .then((r) => expectStatus<SavedSearch>(r, 200));
    expect(await patch({ watched: false })).toMatchObject({ watched: false, baseline_at: null });
    expect(await db.selectFrom('saved_search_match').where('saved_search_id', '=', search.id).selectAll().execute()).toEqual([]);
    const off = await retrieval([['Off Lima', 'Lima']]);
    expect((await check(off)).searches[search.id]).toBeUndefined();
    await patch({ watched: true, priority: 'Low' });
    expect((await check(await retrieval([['Again Lima', 'Lima']]))).searches[search.id]).toBe('baseline');
    expect(await alertsOf(db, search.id)).toEqual([]);
    // a query the profiles list would refuse matches nobody rather than everybody
    const bad = await watch('Bad', 'tech_rating__gte=11');
    expect((await check(await retrieval([]))).searches[bad.id]).toBe('invalid query');
  });
});

describe('through real retrievals and the queue', () => {
  let api: TestApi;
  afterAll(async () => api?.close());

  it('the first retrieval after watching takes the baseline; the next one raises the alert', async () => {
    api = await startTestApi();
    const scout = await api.user({ email: 'scout@alerts.test' });
    const saved = expectStatus<SavedSearch>(
      await api.call(scout.token, { method: 'POST', url: '/api/v1/searches/', payload: { name: 'Everyone', url: '', watched: true } }),
      201,
    );
    expect(saved.watched).toBe(true);
    const first = await createSource(api, scout, { people: '3' }, 'First');
    expect((await retrieveAndWait(api, scout, first.id)).status).toBe('SUCCESS');
    const poll = async <T>(read: () => Promise<T | undefined>): Promise<T> => {
      for (;;) {
        const value = await read();
        if (value !== undefined) return value;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    await poll(async () => {
      const search = expectStatus<SavedSearch>(await api.call(scout.token, { method: 'GET', url: `/api/v1/searches/${saved.id}/` }), 200);
      return search.baseline_at ?? undefined;
    });
    const second = await createSource(api, scout, { people: '2' }, 'Second');
    const execution = await retrieveAndWait(api, scout, second.id);
    const [alert] = await poll(async () => {
      const rows = await alertsOf(api.handle.db, saved.id);
      return rows.length ? rows : undefined;
    });
    expect(alert).toMatchObject({ execution_id: execution.id, recipient: 'scout@alerts.test', subject: '2 new people match “Everyone”' });
    expect(alert!.details.data_source).toEqual({ id: second.id, name: 'Second' });
    // the owner finds it among their notifications
    const listed = expectStatus<ListResponse<Notification>>(
      await api.call(scout.token, { method: 'GET', url: '/api/v1/notifications/' }),
      200,
    );
    expect(listed.results.find((n) => n.id === alert!.id)).toMatchObject({ body: alert!.body, priority: 'High' });
  });
});
