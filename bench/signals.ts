// The signals check (issue "Signals" 8): on PostgreSQL, watched people in profile lists under
// rules of every attribute and operator; a scripted change set pushed through a second real
// retrieval of a profile feed; the notifications the engine raised compared with the script's own
// oracle (bench/signals-script.ts) — precision and recall — and the High ones' mails, accepted by
// a real SMTP server in this process, timed from the end of the retrieval. Then the same scenario
// on a fresh database with the worker killed (SIGKILL) twice while it sends: missing and duplicate
// notifications, and duplicate deliveries seen by the SMTP server.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../server/config';
import { openDatabase, type DatabaseHandle } from '../server/db/connect';
import { buildApp } from '../server/app';
import { insertUser } from '../server/accounts/users';
import { hashPassword } from '../server/accounts/passwords';
import { issueToken } from '../server/accounts/tokens';
import { emptyPostgres } from '../server/db/empty-postgres';
import { startSmtpCapture, type CapturedMail } from '../tests/support/smtp';
import {
  ATTRIBUTES,
  KINDS,
  OPERATORS,
  changesOf,
  operatorMatches,
  ruleValue,
  scriptPeople,
  type Change,
  type Kind,
  type Operator,
  type ScriptedPerson,
  type Signal,
} from './signals-script';

const root = path.resolve(import.meta.dirname, '..');
const APP_URL = 'http://bench-signals.test';
const SCOUTS = 5;
const LISTS_PER_SCOUT = 2;
const PRIORITY_CYCLE = ['High', 'High', 'High', 'Medium', 'Low'] as const;

export interface SignalsOptions {
  databaseUrl?: string;
  /** people in the lists (a fifth as many again are retrieved whom nobody watches) */
  watched: number;
  /** longest wait for the notifications and mails after the second retrieval ends */
  waitSeconds: number;
}

const pct = (part: number, whole: number) => (whole === 0 ? 'n/a' : `${((100 * part) / whole).toFixed(part === whole ? 0 : 2)} %`);
const seconds = (ms: number | null) => (ms === null ? 'n/a' : (ms / 1000).toFixed(1));

/** The two feeds (as first retrieved, as retrieved again), NDJSON, served one at a time from the same URL. */
async function serveFeeds(people: ScriptedPerson[]) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-signals-'));
  const files = ['before', 'after'].map((name) => path.join(dir, `${name}.ndjson`));
  fs.writeFileSync(files[0]!, `${people.map((p) => JSON.stringify(p.before)).join('\n')}\n`);
  fs.writeFileSync(files[1]!, `${people.map((p) => JSON.stringify(p.after)).join('\n')}\n`);
  let current = files[0]!;
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/x-ndjson' });
    fs.createReadStream(current).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/people.ndjson`,
    serve(which: 'before' | 'after') {
      current = files[which === 'before' ? 0 : 1]!;
    },
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** `npm run worker` as a process of its own, resolved once it says it is ready. */
function startWorker(databaseUrl: string, smtpUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/cli/worker.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      SMTP_URL: smtpUrl,
      APP_URL,
      ALLOW_PRIVATE_FEEDS: '1',
      SECRET_KEY: 'bench',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    let ready = false;
    const look = (chunk: Buffer) => {
      if (ready) return;
      output += chunk;
      if (/worker ready/.test(output)) {
        ready = true;
        output = '';
        resolve(child);
      }
    };
    child.stdout!.on('data', look);
    child.stderr!.on('data', look);
    child.once('exit', (code, signal) => {
      if (!ready) reject(new Error(`worker exited (${code ?? signal}):\n${output}`));
    });
  });
}

async function waitForExecution(handle: DatabaseHandle, id: number) {
  for (;;) {
    const row = await handle.db
      .selectFrom('execution')
      .select(['status', 'result', 'progress', 'date_started', 'date_done'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    if (['SUCCESS', 'FAILURE', 'REVOKED'].includes(row.status)) {
      if (row.status !== 'SUCCESS') throw new Error(`retrieval ended ${row.status}: ${JSON.stringify(row.result)}`);
      return row;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

interface RuleSpec {
  id: number;
  name: string;
  scout: number;
  owner: string;
  model: string;
  attribute: string;
  signals: Signal[];
  operator: Operator;
  value: string;
  priority: 'High' | 'Medium' | 'Low';
  lists: number[];
}

interface Expected {
  rule: RuleSpec;
  person: ScriptedPerson;
  profileId: number;
  signal: Signal;
  change: Change;
}

interface NotificationRow {
  id: number;
  rule_id: number | null;
  profile_id: number | null;
  recipient: string;
  priority: string;
  notification_status: string;
  profile_change_id: string | null;
  created_at: Date;
  sent_at: Date | null;
  failure_reason: string | null;
  details: Record<string, unknown>;
}

/** The person and rule a mail is about, read from its links ({APP_URL}/…/{id}). */
function mailSubject(mail: CapturedMail): { profileId?: number; ruleId?: number } {
  const found: { profileId?: number; ruleId?: number } = {};
  const escaped = APP_URL.replace(/[.]/g, '\\.');
  for (const match of `${mail.text}\n${mail.html}`.matchAll(new RegExp(`${escaped}/(?:#/)?([a-z-]+)/(\\d+)`, 'g'))) {
    const [, collection, id] = match;
    if (/profile/.test(collection!) && !/list/.test(collection!)) found.profileId ??= Number(id);
    else if (/rule/.test(collection!)) found.ruleId ??= Number(id);
  }
  return found;
}

interface ScenarioResult {
  row: Record<string, string | number>;
  discrepancies: string[];
  expectedByKind: Map<Kind, number>;
}

/** One run of the scenario on a fresh database; `kills` times the worker is killed while it sends. */
async function runScenario(
  label: string,
  databaseUrl: string,
  people: ScriptedPerson[],
  options: SignalsOptions,
  kills: number,
): Promise<ScenarioResult> {
  await emptyPostgres(databaseUrl);
  const mails: { mail: CapturedMail; at: number }[] = [];
  const killAt: number[] = [];
  let onMail = () => {};
  const smtp = await startSmtpCapture({
    onMail(mail) {
      mails.push({ mail, at: Date.now() });
      onMail();
    },
  });
  const feed = await serveFeeds(people);
  const config = {
    ...loadConfig({ LOG_LEVEL: 'warn', SECRET_KEY: 'bench', ALLOW_PRIVATE_FEEDS: '1', SMTP_URL: smtp.url, APP_URL, WORKERS: '0' }),
    databaseUrl,
    dataDir: '/tmp/unused',
  };
  const handle = await openDatabase({ databaseUrl });
  const app = await buildApp({ config, handle, logger: false, workers: false });
  let worker: ChildProcess | undefined;
  const workers: ChildProcess[] = [];
  const discrepancies: string[] = [];
  try {
    await app.ready();
    worker = await startWorker(databaseUrl, smtp.url);
    workers.push(worker);
    const scouts = [];
    const password_hash = await hashPassword('bench');
    for (let s = 0; s < SCOUTS; s++) {
      const user = await insertUser(handle.db, {
        email: `scout-${s}@bench-signals.test`,
        first_name: 'Scout',
        last_name: `${s}`,
        is_active: true,
        password_hash,
      });
      scouts.push({ email: user.email, token: await issueToken(handle.db, user.id) });
    }
    const call = async (token: string, method: 'GET' | 'POST', url: string, payload?: object) => {
      const response = await app.inject({ method, url, payload, headers: { authorization: `Token ${token}` } });
      if (response.statusCode >= 300) throw new Error(`${method} ${url} → ${response.statusCode} ${response.body.slice(0, 500)}`);
      return response.json();
    };

    // retrieval 1: everyone as first seen
    const source = await call(scouts[0]!.token, 'POST', '/api/v1/data-sources/', {
      name: 'Signals check feed',
      source_type: 'profile_feed',
      additional_data: { url: feed.url, format: 'ndjson' },
    });
    await call(scouts[0]!.token, 'POST', `/api/v1/data-sources/${source.id}/set-public`, { is_public: true });
    feed.serve('before');
    const first = await call(scouts[0]!.token, 'POST', `/api/v1/data-sources/${source.id}/retrieval/`);
    const firstDone = await waitForExecution(handle, first.id);
    if (firstDone.progress.created !== people.length)
      throw new Error(`retrieval 1 created ${firstDone.progress.created} profiles, expected ${people.length}`);
    const stored = await handle.db.selectFrom('profile').select(['id', 'external_id']).execute();
    const profileIds = new Map(stored.map((p) => [p.external_id, p.id]));
    const idOf = (person: ScriptedPerson) => profileIds.get(person.before.external_id)!;
    const personOfProfile = new Map(people.map((p) => [idOf(p), p]));

    // the lists: two per scout; the second also holds a few of the first (one rule over both
    // must still notify once) and a few of the next scout's (two scouts, two notifications)
    const watched = people.filter((p) => p.watched);
    const block = Math.floor(watched.length / (SCOUTS * LISTS_PER_SCOUT));
    const overlap = Math.max(1, Math.floor(block / 20));
    const blockOf = (b: number) => watched.slice(b * block, (b + 1) * block);
    const listMembers = new Map<number, Set<number>>();
    const scoutLists: number[][] = [];
    for (let s = 0; s < SCOUTS; s++) {
      const a = blockOf(2 * s);
      const b = [...blockOf(2 * s + 1), ...a.slice(0, overlap), ...blockOf(2 * ((s + 1) % SCOUTS)).slice(2 * overlap, 3 * overlap)];
      const ids: number[] = [];
      for (const [n, members] of [a, b].entries()) {
        const profiles = members.map(idOf);
        const list = await call(scouts[s]!.token, 'POST', '/api/v1/profile-lists/', { name: `Scout ${s} watch list ${n + 1}`, profiles });
        listMembers.set(list.id, new Set(profiles));
        ids.push(list.id);
      }
      scoutLists.push(ids);
    }

    // the rules: every attribute × operator for every scout, over one list or both
    const details = await call(scouts[0]!.token, 'GET', '/api/v1/rules/details/');
    for (const { model, attribute } of ATTRIBUTES) {
      const offered: string[] = (details.rules?.[model]?.[attribute] ?? []).map((o: { name: string }) => o.name);
      for (const operator of OPERATORS)
        if (!offered.includes(operator)) throw new Error(`GET /rules/details/ offers no "${operator}" for ${model}.${attribute}`);
      const untested = offered.filter((o) => !(OPERATORS as readonly string[]).includes(o));
      if (untested.length) discrepancies.push(`not covered by the check: ${model}.${attribute} ${untested.join(', ')}`);
    }
    for (const [model, attributes] of Object.entries((details.rules ?? {}) as Record<string, Record<string, unknown>>))
      for (const attribute of Object.keys(attributes))
        if (!ATTRIBUTES.some((a) => a.model === model && a.attribute === attribute))
          discrepancies.push(`not covered by the check: ${model}.${attribute} (GET /rules/details/ offers it)`);
    const rules: RuleSpec[] = [];
    for (let s = 0; s < SCOUTS; s++) {
      let c = 0;
      for (const [a, { model, attribute, signals }] of ATTRIBUTES.entries()) {
        for (const operator of OPERATORS) {
          const lists = c % 3 === 0 ? scoutLists[s]! : [scoutLists[s]![(c % 3) - 1]!];
          const priority = PRIORITY_CYCLE[(c + s) % PRIORITY_CYCLE.length]!;
          const value = ruleValue(s, signals, operator, a);
          const name = `S${s} R${String(c).padStart(2, '0')} ${model}.${attribute} ${operator} ${value.trim()}`;
          const body = { name, notification_type: 'Email', priority, model_name: model, attribute, operator, value, profile_lists: lists };
          const rule = await call(scouts[s]!.token, 'POST', '/api/v1/rules/', body);
          rules.push({ id: rule.id, name, scout: s, owner: scouts[s]!.email, model, attribute, signals, operator, value, priority, lists });
          c++;
        }
      }
    }

    // the oracle: every (rule, person, change) the script says must be notified, to the rule's owner
    const expected = new Map<string, Expected>();
    const key = (ruleId: number, profileId: number, recipient: string, signal: string) => `${ruleId}:${profileId}:${recipient}:${signal}`;
    for (const rule of rules) {
      const members = new Set(rule.lists.flatMap((list) => [...listMembers.get(list)!]));
      for (const profileId of members) {
        const person = personOfProfile.get(profileId)!;
        const changes = changesOf(person);
        for (const signal of rule.signals) {
          const change = changes[signal];
          if (change && operatorMatches(rule.operator, rule.value, change))
            expected.set(key(rule.id, profileId, rule.owner, signal), { rule, person, profileId, signal, change });
        }
      }
    }
    const expectedByKind = new Map<Kind, number>();
    for (const e of expected.values()) expectedByKind.set(e.person.kind, (expectedByKind.get(e.person.kind) ?? 0) + 1);
    const expectedByRule = new Map<number, number>();
    for (const e of expected.values()) expectedByRule.set(e.rule.id, (expectedByRule.get(e.rule.id) ?? 0) + 1);
    const idle = rules.filter((r) => !expectedByRule.get(r.id));
    if (idle.length)
      console.log(
        `  ${label}: ${idle.length} of ${rules.length} rules expect no notification (e.g. ${idle
          .slice(0, 3)
          .map((r) => r.name)
          .join('; ')})`,
      );
    const expectedHigh = [...expected.values()].filter((e) => e.rule.priority === 'High').length;

    // the worker is killed while it sends: at a fifth and at three fifths of the High mails
    let killing: Promise<void> = Promise.resolve();
    if (kills > 0) {
      const thresholds = Array.from({ length: kills }, (_, k) =>
        Math.max(k + 1, Math.floor((expectedHigh * (1 + 2 * k)) / (2 * kills + 1))),
      );
      onMail = () => {
        if (killAt.length >= thresholds.length || mails.length < thresholds[killAt.length]!) return;
        killAt.push(mails.length);
        const victim = worker!;
        victim.kill('SIGKILL');
        killing = killing.then(async () => {
          worker = await startWorker(databaseUrl, smtp.url);
          workers.push(worker);
        });
      };
    }

    // retrieval 2: the scripted changes
    feed.serve('after');
    const second = await call(scouts[0]!.token, 'POST', `/api/v1/data-sources/${source.id}/retrieval/`);
    const secondDone = await waitForExecution(handle, second.id);
    const doneAt = secondDone.date_done!.getTime();
    // created after the changes were recorded: raises nothing
    const lateRule = await call(scouts[0]!.token, 'POST', '/api/v1/rules/', {
      name: 'S0 late: Profile.location changed',
      notification_type: 'Email',
      priority: 'High',
      model_name: 'Profile',
      attribute: 'location',
      operator: 'changed',
      value: '*',
      profile_lists: scoutLists[0],
    });

    // wait until every expected notification exists and every High one is delivered, and all is quiet
    const deadline = doneAt + options.waitSeconds * 1000;
    let signature = '';
    let lastMove = Date.now();
    const settle = kills > 0 ? 10_000 : 3_000;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const counts = await handle.db
        .selectFrom('notification')
        .select((eb) => [
          eb.fn.countAll<string>().as('rows'),
          eb.fn
            .countAll<string>()
            .filterWhere('priority', '=', 'High')
            .filterWhere('notification_status', '=', 'PENDING')
            .as('pending_high'),
          eb.fn.countAll<string>().filterWhere('priority', '=', 'High').filterWhere('notification_status', '=', 'SENT').as('sent_high'),
        ])
        .executeTakeFirstOrThrow();
      const now = Date.now();
      const next = `${counts.rows}/${counts.pending_high}/${counts.sent_high}/${mails.length}`;
      if (next !== signature) {
        signature = next;
        lastMove = now;
      }
      const complete =
        Number(counts.rows) >= expected.size && Number(counts.pending_high) === 0 && mails.length >= Number(counts.sent_high);
      if (complete && now - lastMove >= settle) break;
      if (now - lastMove > 150_000) {
        discrepancies.push(`${label}: nothing moved for 150 s (rows/pending High/sent High/mails ${signature}); stopped waiting`);
        break;
      }
      if (now > deadline) {
        discrepancies.push(
          `${label}: not complete ${options.waitSeconds} s after the retrieval (rows/pending High/sent High/mails ${signature})`,
        );
        break;
      }
    }
    await killing;

    // compare
    const rows = (await handle.db
      .selectFrom('notification')
      .select([
        'id',
        'rule_id',
        'profile_id',
        'recipient',
        'priority',
        'notification_status',
        'profile_change_id',
        'created_at',
        'sent_at',
        'failure_reason',
        'details',
      ])
      .execute()) as unknown as NotificationRow[];
    const ruleById = new Map(rules.map((r) => [r.id, r]));
    // the change a notification is about, as its details say ('company' for a job change)
    const signalOf = (row: NotificationRow) => String((row.details as { change?: { signal?: string } }).change?.signal ?? 'unknown');
    const seen = new Map<string, NotificationRow[]>();
    for (const row of rows) {
      const k = key(row.rule_id ?? 0, row.profile_id ?? 0, row.recipient, signalOf(row));
      seen.set(k, [...(seen.get(k) ?? []), row]);
    }
    const truePositives = [...seen.keys()].filter((k) => expected.has(k)).length;
    const unexpected = [...seen.entries()].filter(([k]) => !expected.has(k));
    const missing = [...expected.entries()].filter(([k]) => !seen.has(k));
    const duplicates = [...seen.values()].filter((list) => list.length > 1);
    const duplicateRows = duplicates.reduce((sum, list) => sum + list.length - 1, 0);
    const explain = (person: ScriptedPerson | undefined, signal: Signal | undefined) => {
      if (!person) return 'a person outside the script';
      const change = signal ? changesOf(person)[signal] : undefined;
      const jobs = (p: typeof person.before) =>
        p.jobs.map((j) => `${j.job_title} at ${j.company.name} ${j.start_date}–${j.end_date ?? ''}`).join('; ') || 'none';
      const field = signal === 'location' || signal === 'headline' ? signal : undefined;
      const what = field
        ? `${field} ${JSON.stringify(person.before[field])} → ${JSON.stringify(person.after[field])}`
        : `jobs [${jobs(person.before)}] → [${jobs(person.after)}]`;
      return `${person.before.first_name} ${person.before.last_name} (${person.kind}${person.watched ? '' : ', unwatched'}): the script's ${signal} change: ${
        change ? `${JSON.stringify(change.old)} → ${JSON.stringify(change.new)}` : 'none'
      }; ${what}`;
    };
    const byKind = (list: { kind: Kind }[]) => {
      const counts = new Map<Kind, number>();
      for (const { kind } of list) counts.set(kind, (counts.get(kind) ?? 0) + 1);
      return [...counts.entries()].map(([kind, n]) => `${kind} ${n}`).join(', ');
    };
    if (unexpected.length) {
      discrepancies.push(
        `${label}: ${unexpected.length} notifications the script does not expect (by kind: ${byKind(
          unexpected.map(([, list]) => ({ kind: personOfProfile.get(list[0]!.profile_id ?? 0)?.kind ?? ('no-op' as Kind) })),
        )}), e.g.:`,
      );
      for (const [, list] of unexpected.slice(0, 8)) {
        const row = list[0]!;
        const rule = ruleById.get(row.rule_id ?? 0);
        discrepancies.push(
          `  - notification ${row.id} rule "${rule?.name ?? row.rule_id}" to ${row.recipient}, details ${JSON.stringify(
            (row.details as { change?: unknown }).change,
          )}; ${explain(personOfProfile.get(row.profile_id ?? 0), signalOf(row) as Signal)}`,
        );
      }
    }
    if (missing.length) {
      discrepancies.push(
        `${label}: ${missing.length} expected notifications missing (by kind: ${byKind(missing.map(([, e]) => e.person))}), e.g.:`,
      );
      for (const [, e] of missing.slice(0, 8))
        discrepancies.push(`  - rule "${e.rule.name}" (profile ${e.profileId}): ${explain(e.person, e.signal)}`);
    }
    if (duplicates.length) {
      discrepancies.push(`${label}: ${duplicates.length} (rule, person, recipient) with more than one notification, e.g.:`);
      for (const list of duplicates.slice(0, 5))
        discrepancies.push(
          `  - notifications ${list.map((r) => `${r.id} (change ${r.profile_change_id})`).join(', ')} of rule ${list[0]!.rule_id} for profile ${list[0]!.profile_id}`,
        );
    }
    const late = rows.filter((r) => r.rule_id === lateRule.id);
    if (late.length)
      discrepancies.push(`${label}: the rule created after the retrieval raised ${late.length} notifications (expected none)`);
    // what the notification says agrees with the script (the old and new values appear in it)
    const wordingOff: string[] = [];
    for (const [k, list] of seen) {
      const e = expected.get(k);
      const said = (list[0]!.details as { change?: { old: string | null; new: string | null } }).change;
      if (!e || !said) continue;
      const agrees = (value: string | null, text: string | null) =>
        value === null
          ? text === null || text === '' || /^(none|—|-)$/i.test(text)
          : (text ?? '').toLowerCase().includes(value.toLowerCase());
      if (!agrees(e.change.old, said.old) || !agrees(e.change.new, said.new))
        wordingOff.push(`rule "${e.rule.name}": script ${JSON.stringify(e.change)}, notification says ${JSON.stringify(said)}`);
    }
    if (wordingOff.length) {
      discrepancies.push(`${label}: ${wordingOff.length} notifications whose old/new values differ from the script's, e.g.:`);
      for (const line of wordingOff.slice(0, 5)) discrepancies.push(`  - ${line}`);
    }

    // deliveries: each mail names its notification(s) in X-Talent-Notification (a digest: several);
    // a single one must also link to that notification's person and rule
    const highRows = rows.filter((r) => r.priority === 'High');
    const rowById = new Map(rows.map((r) => [r.id, r]));
    const highByPair = new Map<string, NotificationRow[]>();
    for (const r of highRows)
      highByPair.set(`${r.rule_id}:${r.profile_id}`, [...(highByPair.get(`${r.rule_id}:${r.profile_id}`) ?? []), r]);
    const deliveries = new Map<number, number[]>();
    const unmatched: string[] = [];
    let digests = 0;
    for (const { mail, at } of mails) {
      const named = (mail.headers['x-talent-notification'] ?? '')
        .split(',')
        .map((id) => Number(id.trim()))
        .filter((id) => Number.isInteger(id) && id > 0);
      const { profileId, ruleId } = mailSubject(mail);
      const linked = (profileId !== undefined && ruleId !== undefined && highByPair.get(`${ruleId}:${profileId}`)) || [];
      if (named.length > 1) digests++;
      if (named.length === 1 && linked.length && !linked.some((r) => r.id === named[0]))
        unmatched.push(`"${mail.subject}" names notification ${named[0]} but links to another notification's person and rule`);
      const ids = named.length ? named : linked.length === 1 ? [linked[0]!.id] : [];
      if (!ids.length || ids.some((id) => !rowById.has(id)))
        unmatched.push(`"${mail.subject}" (X-Talent-Notification ${JSON.stringify(mail.headers['x-talent-notification'])})`);
      for (const id of ids) if (rowById.has(id)) deliveries.set(id, [...(deliveries.get(id) ?? []), at]);
    }
    const duplicateDeliveries = [...deliveries.values()].reduce((sum, times) => sum + times.length - 1, 0);
    if (unmatched.length)
      discrepancies.push(`${label}: ${unmatched.length} mails not matched to their notification, e.g. ${unmatched.slice(0, 3).join('; ')}`);
    if (digests) discrepancies.push(`${label}: ${digests} digest mails arrived during the check (Medium/Low notifications)`);
    const undelivered = highRows.filter((r) => !deliveries.has(r.id));
    const highDelivered = highRows.filter((r) => deliveries.has(r.id));
    if (undelivered.length)
      discrepancies.push(
        `${label}: ${undelivered.length} High notifications without a mail (statuses: ${[
          ...new Set(undelivered.map((r) => `${r.notification_status}${r.failure_reason ? ` (${r.failure_reason})` : ''}`)),
        ]
          .slice(0, 5)
          .join(', ')})`,
      );
    const firstDeliveries = highDelivered.map((r) => Math.min(...deliveries.get(r.id)!));
    const lastHighMail = firstDeliveries.length ? Math.max(...firstDeliveries) - doneAt : null;
    const firstHighMail = firstDeliveries.length ? Math.min(...firstDeliveries) - doneAt : null;
    const lastCreated = rows.length ? Math.max(...rows.map((r) => r.created_at.getTime())) - doneAt : null;
    const row: Record<string, string | number> = {
      run: label,
      'rules (lists)': `${rules.length} (${listMembers.size})`,
      'changes scripted (watched)': `${people.filter((p) => Object.keys(changesOf(p)).length).length} (${watched.filter((p) => Object.keys(changesOf(p)).length).length})`,
      'expected notifications': expected.size,
      notifications: rows.length,
      precision: pct(truePositives, rows.length),
      recall: pct(truePositives, expected.size),
      'missing / duplicate': `${missing.length} / ${duplicateRows}`,
      'High mails (expected)': `${highDelivered.length} (${expectedHigh})`,
      'duplicate deliveries': duplicateDeliveries,
      'retrieval end → last notification s': seconds(lastCreated),
      'retrieval end → first / last High mail s': `${seconds(firstHighMail)} / ${seconds(lastHighMail)}`,
    };
    if (kills > 0) row.run = `${label} (killed after mail ${killAt.join(' and ') || 'never: sending ended first'})`;
    if (kills > 0 && killAt.length < kills) discrepancies.push(`${label}: the worker was killed ${killAt.length} times, not ${kills}`);
    return { row, discrepancies, expectedByKind };
  } finally {
    for (const child of workers) child.kill('SIGTERM');
    await Promise.all(
      workers.filter((c) => c.exitCode === null && c.signalCode === null).map((c) => new Promise((resolve) => c.once('exit', resolve))),
    );
    await app.close();
    await handle.close();
    await feed.close();
    await smtp.close();
  }
}

export async function benchSignals(options: SignalsOptions) {
  if (!options.databaseUrl) {
    console.warn('SIGNALS CHECK NOT RUN: it needs PostgreSQL (worker processes beside the server); see the message above.');
    return null;
  }
  const today = new Date().toISOString().slice(0, 10);
  const people = scriptPeople(options.watched, today);
  const clean = await runScenario('clean', options.databaseUrl, people, options, 0);
  console.log(`  clean: ${clean.row.precision} precision, ${clean.row.recall} recall`);
  const killed = await runScenario('worker SIGKILLed twice', options.databaseUrl, people, options, 2);
  console.log(`  killed: ${killed.row['missing / duplicate']} missing / duplicate`);
  const kinds = (Object.keys(KINDS) as Kind[]).map((kind) => {
    const of = people.filter((p) => p.kind === kind);
    return {
      kind,
      what: KINDS[kind],
      'people (watched)': `${of.length} (${of.filter((p) => p.watched).length})`,
      'expected notifications': clean.expectedByKind.get(kind) ?? 0,
    };
  });
  return { rows: [clean.row, killed.row], kinds, discrepancies: [...clean.discrepancies, ...killed.discrepancies] };
}
