import { sql, type Kysely } from 'kysely';
import type { Database } from '../server/db/schema';
import { RATING_FIELDS } from '../types/api';
import { applySearch, listPageRequest } from '../server/db/list-page';
import { applyProfileFilters, profileList, type ProfileFilters } from '../server/entities/profiles/filters';
import { readableDataSourceIds } from '../server/db/visibility';
import { findUserByEmail } from '../server/accounts/users';
import { profileCountIndexSettled, profileIndexStats } from '../server/entities/profiles/count-index/manager';
import { timedGet, type BenchServer, type EventLoopDelay } from './server-under-test';
import { summarize } from './stats';
import { runChild } from './load-child';
import { cpuProfiled } from './cpu-profile';

/** What writes while the profile mix is timed. */
export const CASES = {
  idle: 'nothing writing',
  ratings: '10 FS ratings a second (API)',
  upserts: '1,000 profiles a second upserted (batches of 100)',
  retrieval: 'a retrieval running (synthetic network, a worker process)',
} as const;
export type CaseName = keyof typeof CASES;

interface CaseContext {
  server: BenchServer;
  databaseUrl?: string;
  tokens: Record<'staff' | 'normal user', string>;
  mix: string[];
  warmUp: string[];
  seconds: number;
  connections: number;
  /** people in the retrieval case's synthetic network */
  retrievalPeople?: number;
  /** the mix's queries whose counts are checked against SQL, per role (default all; at ten million each SQL count takes seconds) */
  countChecks?: number;
  /** print this many of the slowest queries of the mix, one at a time, per role */
  slowest?: number;
  /** the in-process server's CPU profile over each load run, written as `<prefix>-<case>-<role>.cpuprofile`, and over each one-at-a-time pass (`…-one-at-a-time.cpuprofile`) */
  cpuProfile?: string;
}

const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

/** The mix timed one request at a time and under load, as staff and as a normal user, while `name` writes; then its counts checked against SQL. */
export async function runProfileCase(name: CaseName, ctx: CaseContext): Promise<Record<string, string | number>[]> {
  const { db } = ctx.server.handle;
  const before = profileIndexStats(db);
  const writer = await startWriter(name, ctx);
  const rows: Record<string, string | number>[] = [];
  const measured: Record<string, { seq: ReturnType<typeof summarize>; load?: any; loop?: EventLoopDelay; seqLoop: EventLoopDelay }> = {};
  for (const [role, token] of Object.entries(ctx.tokens)) {
    for (const q of ctx.warmUp.slice(0, 20)) await timedGet(ctx.server.url, token, q);
    const durations: number[] = [];
    // the server's event loop: one period one request at a time, one under load
    await ctx.server.eventLoop.start();
    const oneAtATime = async () => {
      for (const q of ctx.mix) durations.push((await timedGet(ctx.server.url, token, q)).ms);
    };
    // each query's first asking in the process is here: its profile tells the server's share from the index's
    if (ctx.cpuProfile) await cpuProfiled(`${ctx.cpuProfile}-${name}-${role.replace(' ', '-')}-one-at-a-time.cpuprofile`, oneAtATime);
    else await oneAtATime();
    const seqLoop = await ctx.server.eventLoop.stop();
    if (ctx.slowest) printSlowest(`${CASES[name]}, ${role}`, ctx.mix, durations, ctx.slowest);
    let load: any;
    let loop: EventLoopDelay | undefined;
    if (ctx.seconds > 0) {
      await ctx.server.eventLoop.start();
      const cannon = () =>
        runChild({
          kind: 'cannon',
          url: ctx.server.url,
          token,
          paths: ctx.mix,
          connections: ctx.connections,
          seconds: ctx.seconds,
        }).result;
      load = ctx.cpuProfile ? await cpuProfiled(`${ctx.cpuProfile}-${name}-${role.replace(' ', '-')}.cpuprofile`, cannon) : await cannon();
      loop = await ctx.server.eventLoop.stop();
    }
    measured[role] = { seq: summarize(durations), load, loop, seqLoop };
  }
  const written = writer ? await writer.stop() : undefined;
  await profileCountIndexSettled(db);
  const after = profileIndexStats(db);
  const exact = await countsMatchSql(ctx, db);
  for (const [role, { seq, load, loop, seqLoop }] of Object.entries(measured)) {
    rows.push({
      case: CASES[name],
      role,
      'p50 ms': seq.p50,
      'p95 ms': seq.p95,
      'max ms': seq.max,
      'loop p99/max ms': `${seqLoop.p99} / ${seqLoop.max}`,
      [`req/s at ${ctx.connections}`]: load ? Math.round(load.requestsPerSecond) : '-',
      [`p97.5 ms at ${ctx.connections}`]: load ? load.p97_5 : '-',
      [`loop p99 ms at ${ctx.connections}`]: loop ? loop.p99 : '-',
      [`loop max ms at ${ctx.connections}`]: loop ? loop.max : '-',
      errors: load ? load.non2xx + load.errors + load.timeouts : 0,
      'writes/s': written ? Math.round(written.perSecond * (name === 'upserts' ? 100 : 1)) : 0,
      'index MB': after ? mb(after.bytes) : '-',
      rebuilds: after && before ? after.builds - before.builds : '-',
      [ctx.countChecks ? `exact counts (first ${ctx.countChecks} of the mix)` : 'exact counts']: exact,
    });
  }
  console.log(
    `  ${CASES[name]}: ${JSON.stringify({ writer: written, catchUps: (after?.catchUps ?? 0) - (before?.catchUps ?? 0), changesApplied: (after?.changesApplied ?? 0) - (before?.changesApplied ?? 0), rebuildReasons: after?.rebuildReasons })}`,
  );
  return rows;
}

/** The writer of a case in a process of its own, started and running before the timing begins. */
async function startWriter(
  name: CaseName,
  ctx: CaseContext,
): Promise<{ stop(): Promise<{ writes: number; perSecond: number }> } | undefined> {
  if (name === 'idle') return undefined;
  const { db } = ctx.server.handle;
  const job =
    name === 'ratings'
      ? { kind: 'ratings' as const, url: ctx.server.url, token: ctx.tokens.staff, ids: await sampleIds(db), perSecond: 10, seconds: 3600 }
      : name === 'retrieval'
        ? {
            kind: 'retrieval' as const,
            databaseUrl: ctx.databaseUrl!,
            url: ctx.server.url,
            token: ctx.tokens.staff,
            people: ctx.retrievalPeople ?? 100_000,
            seed: 1 + (Date.now() % 100_000_000),
          }
        : {
            kind: 'upserts' as const,
            databaseUrl: ctx.databaseUrl!,
            perSecond: 1000,
            batch: 100,
            seconds: 3600,
            seed: Date.now() % 100_000,
          };
  const child = runChild(job);
  await child.ready;
  return { stop: () => child.stop() };
}

async function sampleIds(db: Kysely<Database>): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`SELECT id FROM profile TABLESAMPLE SYSTEM (1) LIMIT 2000`.execute(db);
  return rows.map((r) => r.id);
}

/** Every query of the mix: the count the API answers (the index) equals SQL's, as staff and as the normal user. */
async function countsMatchSql(ctx: CaseContext, db: Kysely<Database>): Promise<string> {
  let wrong = 0;
  const checked = ctx.mix.slice(0, ctx.countChecks ?? ctx.mix.length);
  for (const [role, token] of Object.entries(ctx.tokens)) {
    const user = (await findUserByEmail(db, role === 'staff' ? 'bench-staff@example.test' : 'bench-user@example.test'))!;
    const readable = await readableDataSourceIds(db, { ...user, is_staff: role === 'staff' } as never);
    for (const path of checked) {
      const { body } = await timedGet(ctx.server.url, token, path);
      const query = new URLSearchParams(path.split('?')[1]);
      const filters: ProfileFilters = {};
      if (query.has('data_sources')) filters.data_sources = query.getAll('data_sources').map(Number);
      if (query.has('nationalities')) filters.nationalities = query.getAll('nationalities');
      if (query.has('gender')) filters.gender = query.getAll('gender');
      for (const field of RATING_FIELDS) {
        for (const bound of ['gte', 'lte'] as const)
          if (query.has(`${field}__${bound}`)) filters[`${field}__${bound}`] = Number(query.get(`${field}__${bound}`));
      }
      const base = applyProfileFilters(db.selectFrom('profile').select(sql<number>`count(*)::int`.as('n')), filters, readable);
      const row = await applySearch(
        base,
        listPageRequest({ search: query.get('search') ?? undefined }, profileList),
        profileList,
      ).executeTakeFirstOrThrow();
      if (Number(row.n) !== body.count) wrong++;
    }
  }
  return wrong === 0 ? `yes (${2 * checked.length} of ${2 * checked.length})` : `NO: ${wrong} differ`;
}

/** The slowest queries of the mix, one at a time, and the times of each kind of query (the mix's `i % 8`). */
function printSlowest(title: string, mix: string[], durations: number[], count: number): void {
  const kinds = ['search', 'a data source', 'nationalities', 'gender', 'a rating range', 'combined', 'a deep page', 'sort only'];
  const byKind = kinds.map((kind, k) => ({ kind, ...summarize(durations.filter((_, i) => i % 8 === k)) }));
  console.log(`  ${title}: by kind of query (ms)`);
  for (const k of byKind) console.log(`    ${k.kind.padEnd(16)} n ${k.n}  p50 ${k.p50}  p95 ${k.p95}  max ${k.max}`);
  const order = durations.map((ms, i) => ({ ms, i })).sort((a, b) => b.ms - a.ms);
  console.log(`  ${title}: the ${count} slowest (ms)`);
  for (const { ms, i } of order.slice(0, count))
    console.log(`    ${ms.toFixed(1).padStart(8)}  ${decodeURIComponent(mix[i].replace('/api/v1/profiles?', ''))}`);
}
