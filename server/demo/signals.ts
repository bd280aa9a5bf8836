// The demo's signals (issue Signals 7): rules of each model and priority over the demo's lists, a
// Slack connection pointing at a host that does not exist, and a history of notifications in each
// status — raised by the engine's own matching (server/signals/match.ts) from a few recorded
// location and job changes of listed people. Part of the demo template (made once per install);
// the first start adds what needs the installation's own SECRET_KEY and APP_URL (the sealed
// webhooks, the links). Retrieving 'European Founders (public)' again raises fresh notifications.
import { sql, type Kysely } from 'kysely';
import type { Selectable } from 'kysely';
import type { Database, NotificationStatus, NotificationType, Priority, RuleTable } from '../db/schema';
import type { SecretBox } from '../accounts/secret-box';
import { findUserByEmail } from '../accounts/users';
import { createProfileList } from '../entities/profile-lists/repository';
import { ensurePersonalRule } from '../entities/rules/repository';
import { SLACK_WEBHOOK_CATEGORY } from '../connectors/slack-webhook';
import { ruleMatch, signalsOf } from '../signals/match';
import { synthetic } from '../connectors/synthetic';
import type { SourceItem } from '../connectors/types';
import type { FieldValues } from '../connector-kit/fields';
import { ingestBatch } from '../ingestion/ingest';
import { offlineAnnotator } from '../annotation/offline';
import { notificationMessage } from '../signals/message';

const WATCHED_SOURCE = 'European Founders (public)';
/** a reserved top-level domain: it never resolves, so its Slack notifications end FAILED */
const UNREACHABLE_WEBHOOK = 'https://hooks.slack.invalid/services/T0DEMO/B0DEMO/demo-not-a-real-webhook';
const SLACK_FAILURE = 'Could not reach the Slack webhook (getaddrinfo ENOTFOUND hooks.slack.invalid) after 8 attempts.';
const RULES_SINCE = new Date(Date.UTC(2026, 9, 1));
const OLD_CITIES = ['Lisbon, PT', 'Vienna, AT', 'Warsaw, PL', 'Dublin, IE', 'Zurich, CH', 'Oslo, NO', 'Prague, CZ'];

/** What a rule says, as stored. */
type RuleFields = Pick<
  Selectable<RuleTable>,
  'name' | 'model_name' | 'attribute' | 'operator' | 'value' | 'notification_type' | 'priority'
>;

interface DemoRule extends RuleFields {
  owner: number;
  lists: number[];
}

/**
 * The base of the links the demo's past notifications carry while in the template: the first
 * start puts APP_URL in its place (connectDemoSignals).
 */
const TEMPLATE_LINK_BASE = 'http://demo-links.invalid';

/** Rules and their past notifications (once: not when a rule exists); part of the demo template. */
export async function seedDemoSignals(db: Kysely<Database>): Promise<void> {
  const [staff, user, scout] = await Promise.all(
    ['staff@demo.test', 'user@demo.test', 'scout@demo.test'].map((email) => findUserByEmail(db, email)),
  );
  if (!staff || !user || !scout || (await db.selectFrom('rule').select('id').limit(1).execute()).length) return;
  const source = await db.selectFrom('data_source').select(['id', 'name']).where('name', '=', WATCHED_SOURCE).executeTakeFirst();
  if (!source) return;
  const ids = await seedWatchedPeople(db, source.id, 60);
  const watchList = await createProfileList(db, user.id, { name: 'Founders to watch', profiles: ids.slice(0, 50) });
  const staffList = await db.selectFrom('profile_list').select('id').where('name', '=', 'Technical founders to meet').executeTakeFirst();
  // the scout's own list and rule ('Create Default Entities'), with a few people in it
  await ensurePersonalRule(db, scout);
  const scoutList = await db.selectFrom('profile_list').select('id').where('owner_id', '=', scout.id).executeTakeFirstOrThrow();
  await db
    .insertInto('profile_list_profile')
    .values(ids.slice(50, 60).map((profile_id) => ({ profile_list_id: scoutList.id, profile_id })))
    .execute();
  const anyone = (type: NotificationType, priority: Priority) => ({ value: '*', notification_type: type, priority });
  const rules: DemoRule[] = [
    {
      owner: user.id,
      name: 'Founders to watch: job moves',
      model_name: 'Job',
      attribute: 'company',
      operator: 'changed',
      ...anyone('Email', 'High'),
      lists: [watchList],
    },
    {
      owner: user.id,
      name: 'Founders to watch: new locations',
      model_name: 'Profile',
      attribute: 'location',
      operator: 'changed',
      ...anyone('Email', 'Medium'),
      lists: [watchList],
    },
    {
      owner: user.id,
      name: 'Founders to watch: every move (Slack)',
      model_name: 'Profile',
      attribute: 'job_or_location',
      operator: 'changed',
      value: '*',
      notification_type: 'Slack',
      priority: 'High',
      lists: [watchList],
    },
    {
      owner: user.id,
      name: 'Founders to watch: new titles, daily',
      model_name: 'Job',
      attribute: 'job_title',
      operator: 'changed',
      ...anyone('Email', 'Low'),
      lists: [watchList],
    },
    {
      owner: staff.id,
      name: 'Technical founders: job or location (Slack)',
      model_name: 'Profile',
      attribute: 'job_or_location',
      operator: 'changed',
      ...anyone('Slack', 'Medium'),
      lists: staffList ? [staffList.id] : [],
    },
  ];
  const ruleIds: number[] = [];
  for (const rule of rules) {
    const { lists, owner, ...fields } = rule;
    const row = await db
      .insertInto('rule')
      .values({ ...fields, owner_id: owner, created_at: RULES_SINCE, updated_at: RULES_SINCE })
      .returning('id')
      .executeTakeFirstOrThrow();
    ruleIds.push(row.id);
    if (lists.length)
      await db
        .insertInto('rule_profile_list')
        .values(lists.map((profile_list_id) => ({ rule_id: row.id, profile_list_id })))
        .execute();
  }
  await seedPastChanges(db, TEMPLATE_LINK_BASE, { source, scoutId: scout.id });
  // the engine starts after the demo's history: it was matched when it happened
  await sql`UPDATE signal_cursor SET txid = pg_current_xact_id(), change_id = (SELECT coalesce(max(id), 0) FROM profile_change), updated_at = now()
            WHERE name = 'rules'`.execute(db);
}

/**
 * At the first start of a demo installation (its SECRET_KEY and APP_URL known): the Slack
 * webhooks of the demo user and staff, sealed, pointing at a host that does not exist, and the
 * past notifications' links on APP_URL. Once: not when a Slack connection exists.
 */
export async function connectDemoSignals(db: Kysely<Database>, secrets: SecretBox, appUrl: string): Promise<void> {
  const owners = await Promise.all(['user@demo.test', 'staff@demo.test'].map((email) => findUserByEmail(db, email)));
  const existing = await db
    .selectFrom('platform_connection')
    .select('id')
    .where('category_type', '=', SLACK_WEBHOOK_CATEGORY)
    .limit(1)
    .execute();
  if (existing.length || owners.some((owner) => !owner)) return;
  await db
    .insertInto('platform_connection')
    .values(
      owners.map((owner) => ({
        owner_id: owner!.id,
        category_type: SLACK_WEBHOOK_CATEGORY,
        connection_parameters: JSON.stringify({ webhook_url: secrets.seal(UNREACHABLE_WEBHOOK), channel: '#scouting-demo' }),
      })),
    )
    .execute();
  const base = appUrl.replace(/\/+$/, '');
  await sql`UPDATE notification SET details = replace(details::text, ${TEMPLATE_LINK_BASE}, ${base})::jsonb
            WHERE details::text LIKE ${`%${TEMPLATE_LINK_BASE}%`}`.execute(db);
}

/**
 * The first `count` people of the source's synthetic network as its last seeded retrieval left
 * them (the same records, dated by the same runs, that its next retrieval reads): that retrieval
 * then finds some of them changed — a new job, a new city — and the rules over them fire.
 */
async function seedWatchedPeople(db: Kysely<Database>, dataSourceId: number, count: number): Promise<number[]> {
  const source = await db.selectFrom('data_source').select(['additional_data']).where('id', '=', dataSourceId).executeTakeFirstOrThrow();
  const runs = await db
    .selectFrom('execution')
    .select(['id', 'date_created'])
    .where('data_source_id', '=', dataSourceId)
    .where('status', '=', 'SUCCESS')
    .orderBy('id')
    .execute();
  const items: SourceItem[] = [];
  const records = synthetic.fetch({
    dataSourceId,
    additionalData: source.additional_data as FieldValues,
    run: Math.max(0, runs.length - 1),
    runDates: runs.map((run) => run.date_created),
    skip: 0,
    signal: new AbortController().signal,
    log: { info() {}, warn() {}, error() {}, debug() {} } as never,
    connection: () => Promise.reject(new Error('no connections in the demo seed')),
    announceTotal() {},
  });
  for await (const item of records) {
    items.push(item);
    if (items.length === count) break;
  }
  await ingestBatch(db, { dataSourceId, executionId: runs.at(-1)?.id ?? null, items, annotator: offlineAnnotator });
  const externalIds = items.flatMap((item) => ('profile' in item ? [item.profile.external_id] : []));
  const rows = await db.selectFrom('profile').select('id').where('external_id', 'in', externalIds).orderBy('id').execute();
  return rows.map((row) => row.id);
}

/**
 * Location and job changes of listed people, recorded by the source's last seeded retrieval,
 * and the notifications the rules raised for them: sent, a few still waiting for their digest,
 * the Slack ones failed (the webhook's host does not exist).
 */
async function seedPastChanges(db: Kysely<Database>, appUrl: string, options: { source: { id: number; name: string }; scoutId: number }) {
  const execution = await db
    .selectFrom('execution')
    .select(['id', 'date_done'])
    .where('data_source_id', '=', options.source.id)
    .where('status', '=', 'SUCCESS')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const at = execution?.date_done ?? new Date(Date.UTC(2026, 9, 25, 6, 4));
  const watched = await sql<
    Omit<RuleFields, 'name'> & {
      rule_id: number;
      rule_name: string;
      owner_id: number;
      email: string;
      profile_id: number;
      first_name: string;
      last_name: string;
      location: string | null;
      jobs: unknown;
    }
  >`
    SELECT r.id AS rule_id, r.name AS rule_name, r.model_name, r.attribute, r.operator, r.value, r.notification_type,
      r.priority, r.owner_id, u.email, p.id AS profile_id, p.first_name, p.last_name, p.location, d.jobs
    FROM rule r JOIN app_user u ON u.id = r.owner_id
    JOIN rule_profile_list rpl ON rpl.rule_id = r.id
    JOIN profile_list_profile plp ON plp.profile_list_id = rpl.profile_list_id
    JOIN profile p ON p.id = plp.profile_id LEFT JOIN profile_detail d ON d.profile_id = p.id
    ORDER BY p.id, r.id`.execute(db);
  const byPerson = new Map<number, typeof watched.rows>();
  for (const row of watched.rows) byPerson.set(row.profile_id, [...(byPerson.get(row.profile_id) ?? []), row]);
  // every third watched person moved: alternately a new city and a new job
  const movers = [...byPerson.keys()].filter((_, i) => i % 3 === 0).slice(0, 24);
  // the last three movers watched by a digest rule: their Medium and Low notifications still wait
  const awaitingDigest = new Set(movers.filter((id) => byPerson.get(id)!.some((rule) => rule.priority !== 'High')).slice(-3));
  for (const [i, profileId] of movers.entries()) {
    const rows = byPerson.get(profileId)!;
    const person = rows[0]!;
    const change = i % 2 === 0 ? locationChange(person.location, i) : jobChange(person.jobs);
    if (!change) continue;
    const changedAt = new Date(at.getTime() - (movers.length - i) * 60_000);
    const { id: changeId } = await db
      .insertInto('profile_change')
      .values({
        profile_id: profileId,
        execution_id: execution?.id ?? null,
        field: change.field,
        old_value: JSON.stringify(change.old),
        new_value: JSON.stringify(change.new),
        changed_at: changedAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const signals = signalsOf(change.field, change.old, change.new, null);
    for (const [n, rule] of rows.entries()) {
      const matched = ruleMatch(rule, signals);
      if (!matched) continue;
      const message = notificationMessage({
        person: { id: profileId, first_name: person.first_name, last_name: person.last_name },
        signal: matched.signal,
        change: matched.change,
        changedAt,
        dataSource: execution ? options.source : null,
        rule: { id: rule.rule_id, name: rule.rule_name },
        appUrl,
      });
      // the latest digest-bound ones still wait for their digest; Slack ones failed
      const waiting = rule.priority !== 'High' && awaitingDigest.has(profileId);
      const status: NotificationStatus = rule.notification_type === 'Slack' ? 'FAILED' : waiting ? 'PENDING' : 'SENT';
      const settled = new Date(changedAt.getTime() + (rule.priority === 'High' ? 40_000 : 3_600_000) + n * 1000);
      await db
        .insertInto('notification')
        .values({
          ...message,
          details: JSON.stringify(message.details),
          notification_status: status,
          notification_type: rule.notification_type,
          priority: rule.priority,
          recipient: rule.email,
          recipient_id: rule.owner_id,
          rule_id: rule.rule_id,
          rule_owner_id: rule.owner_id,
          profile_id: profileId,
          profile_change_id: changeId,
          attempts: status === 'FAILED' ? 8 : status === 'SENT' ? 1 : 0,
          failure_reason: status === 'FAILED' ? SLACK_FAILURE : null,
          sent_at: status === 'SENT' ? settled : null,
          next_attempt_at: status === 'PENDING' ? changedAt : null,
          created_at: new Date(changedAt.getTime() + 20_000),
          updated_at: status === 'PENDING' ? new Date(changedAt.getTime() + 20_000) : settled,
        })
        .execute();
    }
  }
}

type Change = { field: string; old: unknown; new: unknown };

/** They lived elsewhere before. */
function locationChange(location: string | null, i: number): Change | undefined {
  if (!location) return undefined;
  return { field: 'location', old: OLD_CITIES[i % OLD_CITIES.length], new: location };
}

/** Before their current job they were still at the previous one. */
function jobChange(jobs: unknown): Change | undefined {
  if (!Array.isArray(jobs)) return undefined;
  const current = jobs.findIndex((job) => job && !job.end_date);
  const previous = jobs.findIndex((job, k) => k !== current && job?.end_date);
  if (current < 0 || previous < 0) return undefined;
  const before = jobs
    .filter((_, k) => k !== current)
    .map((job, k) => (k === (previous > current ? previous - 1 : previous) ? { ...job, end_date: null } : job));
  return { field: 'jobs', old: before, new: jobs };
}
