// The rule preview bench (issue 18, preview before saving: "within 500 ms at a million profiles
// and 30 days of changes"): GET /rules/preview/ timed over HTTP against our server, on the
// generated profiles with 30 days of change log (bench/preview-seed.ts), for lists of a scout's
// sizes and rules of each kind the form offers. Figures to copy into docs/PERFORMANCE.md.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { profileCountIndexSettled } from '../server/entities/profiles/count-index/manager';
import { startBenchServer, signIn, timedGet } from './server-under-test';
import { summarize } from './stats';
import { BENCH_PASSWORD, ensureProfiles, ensureUser, profileCount } from './seeding';
import { ensureChangeLog, ensureList, ensureSignals } from './preview-seed';

export interface PreviewBenchOptions {
  profiles: number;
  /** list sizes (capped at the profiles there are) */
  lists: number[];
  /** timed requests per rule and list */
  runs: number;
}

/** The rules timed: each operator kind, a job rule (its rows carry the whole job lists) and the crowdsourcing default. */
export const PREVIEW_RULES = [
  { name: 'location changed', model_name: 'Profile', attribute: 'location', operator: 'changed', value: '*' },
  { name: 'headline contains "founder"', model_name: 'Profile', attribute: 'headline', operator: 'contains', value: 'founder' },
  { name: 'job or location changed', model_name: 'Profile', attribute: 'job_or_location', operator: 'changed', value: '*' },
  { name: 'Job company changed', model_name: 'Job', attribute: 'company', operator: 'changed', value: '*' },
  { name: 'Job company changed to "Stealth"', model_name: 'Job', attribute: 'company', operator: 'changed to', value: 'Stealth' },
];

const EMAIL = 'bench-preview@example.test';

export async function benchPreview(target: { databaseUrl?: string; dataDir?: string }, options: PreviewBenchOptions) {
  const server = await startBenchServer(target);
  try {
    const { db } = server.handle;
    const owner = await ensureUser(db, EMAIL, false);
    await ensureProfiles(db, options.profiles);
    const changes = await ensureChangeLog(db);
    await ensureSignals(db);
    const profiles = await profileCount(db);
    const sizes = [...new Set(options.lists.map((size) => Math.min(size, profiles)))];
    const lists = new Map<number, number>();
    for (const size of sizes) lists.set(size, await ensureList(db, owner, size));
    const token = await signIn(server.url, EMAIL, BENCH_PASSWORD);
    const rows: Record<string, string | number>[] = [];
    // a fresh server builds its profile index in the background (a million profiles: tens of seconds of
    // CPU and a big collection at the end, which the first lists timed used to carry); and its first
    // requests open its pooled connections and fill their caches: neither is the preview's time
    await profileCountIndexSettled(db);
    const first = lists.values().next().value!;
    for (let round = 0; round < 3; round += 1)
      for (const { name: _, ...rule } of PREVIEW_RULES)
        await timedGet(server.url, token, `/api/v1/rules/preview/?${new URLSearchParams({ ...rule, profile_lists: String(first) })}`);
    for (const [size, list] of lists) {
      for (const { name, ...rule } of PREVIEW_RULES) {
        const path = `/api/v1/rules/preview/?${new URLSearchParams({ ...rule, profile_lists: String(list) })}`;
        const { body } = await timedGet(server.url, token, path); // warm-up: the list's pages in the cache
        const durations: number[] = [];
        // the server shares this process's event loop with its profile index (merges, collections):
        // its longest stall during the runs tells a slow sample that waited for it from a slow preview
        const loop = monitorEventLoopDelay({ resolution: 10 });
        loop.enable();
        for (let run = 0; run < options.runs; run += 1) durations.push((await timedGet(server.url, token, path)).ms);
        loop.disable();
        const stall = Math.round(loop.max / 1e6);
        const { p50, p95, max } = summarize(durations);
        rows.push({
          list: size.toLocaleString('en'),
          rule: name,
          days: body.days,
          fired: body.fired,
          people: body.people,
          p50,
          p95,
          max,
          stall,
        });
        console.log(
          `  ${size} · ${name}: ${body.days} days, fired ${body.fired} for ${body.people}, p50 ${p50} p95 ${p95} max ${max} ms, event loop stalled ${stall} ms`,
        );
      }
    }
    return { profiles, changes, rows };
  } finally {
    await server.close();
  }
}
