import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SPARE_SUFFIX, TEMPLATE_CACHE } from '../server/db/template';

/**
 * Spawns the server as `npm start` runs it (the launcher, or npm itself) in `cwd` and times
 * spawn → the first answer that read the database: GET /api/v1/users/me with a well-formed token
 * the server must look up (401). Builds are made first (with them the database templates and
 * their spare copies, see server/db/template.ts), so they are not timed.
 */
export async function timeStartup(
  env: Record<string, string>,
  command: string[] = [process.execPath, 'server/cli/start.mjs'],
  cwd = process.cwd(),
): Promise<number> {
  const port = String(20000 + Math.floor(Math.random() * 12000)); // below Linux's ephemeral ports
  const started = performance.now();
  const child = spawn(command[0], command.slice(1), {
    cwd,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: port },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true, // its own process group: npm does not pass a SIGTERM on to the server it started
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/v1/users/me`, { headers: { authorization: `Token ${'0'.repeat(64)}` } });
        if (response.status === 401) return performance.now() - started;
      } catch {
        /* not listening yet */
      }
      await new Promise((r) => setTimeout(r, 10));
      if (performance.now() - started > 180_000) throw new Error('no answer within 180 s');
    }
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    if (child.exitCode === null) {
      process.kill(-child.pid!, 'SIGTERM');
      await exited;
    }
    // the server itself (npm's child) may outlive npm for a moment: wait until it has let go of the port
    while (
      await fetch(`http://127.0.0.1:${port}/`).then(
        () => true,
        () => false,
      )
    )
      await new Promise((r) => setTimeout(r, 20));
  }
}

/** The spare copies of a checkout's database templates (server/db/template.ts). */
function removeSpares(checkout: string): void {
  const cache = path.join(checkout, TEMPLATE_CACHE);
  if (!fs.existsSync(cache)) return;
  for (const entry of fs.readdirSync(cache))
    if (entry.endsWith(SPARE_SUFFIX)) fs.rmSync(path.join(cache, entry), { recursive: true, force: true });
}

function build(checkout: string): void {
  const { status } = spawnSync(process.execPath, ['server/cli/start.mjs', '--build-only'], { cwd: checkout, stdio: 'inherit' });
  if (status !== 0) throw new Error(`npm run build failed in ${checkout}`);
}

interface StartupCase {
  label: string;
  env: (checkout: string) => Record<string, string>;
  command?: string[];
  /** before each run */
  setUp?: (checkout: string) => void;
}

export interface StartupOptions {
  databaseUrl?: string;
  /** runs per case (the median is reported) */
  runs?: number;
  /** another checkout (built, with its node_modules) timed run for run beside this one */
  against?: string;
}

/**
 * Every case `runs` times, the cases taking turns (and with `against`, the two checkouts taking
 * turns within each case): this VM's speed drifts by ±15–30 % over minutes, and runs made side by
 * side are the only fair comparison.
 */
export async function benchStartup({ databaseUrl, runs = 5, against }: StartupOptions = {}): Promise<Record<string, string | number>[]> {
  const checkouts = [process.cwd(), ...(against ? [path.resolve(against)] : [])];
  checkouts.forEach(build);
  const dirs: string[] = [];
  // each run of a "new DATA_DIR" case gets its own new folder
  const newDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-start-'));
    dirs.push(dir);
    return dir;
  };
  // one existing installation per checkout and kind, made by a first (untimed) start
  const existing = new Map<string, string>();
  for (const checkout of checkouts) {
    for (const demo of ['0', '1']) {
      const dir = newDir();
      await timeStartup({ DATA_DIR: dir, DEMO_DATA: demo }, undefined, checkout);
      existing.set(`${checkout} ${demo}`, dir);
    }
  }
  // a new DATA_DIR takes the template's spare copy, which the previous server made again as it
  // stopped; "no spare copy" removes the spares first, so that the template itself is copied
  const cases: StartupCase[] = [
    { label: 'embedded, new DATA_DIR, DEMO_DATA=0', env: () => ({ DATA_DIR: newDir(), DEMO_DATA: '0' }) },
    {
      label: 'embedded, new DATA_DIR, DEMO_DATA=0, no spare copy (the template copied)',
      env: () => ({ DATA_DIR: newDir(), DEMO_DATA: '0' }),
      setUp: removeSpares,
    },
    { label: 'embedded, existing DATA_DIR (restart)', env: (c) => ({ DATA_DIR: existing.get(`${c} 0`)!, DEMO_DATA: '0' }) },
    { label: 'embedded, new DATA_DIR, demo data (npm start default)', env: () => ({ DATA_DIR: newDir() }) },
    {
      label: 'embedded, new DATA_DIR, demo data, no spare copy (the template copied)',
      env: () => ({ DATA_DIR: newDir() }),
      setUp: removeSpares,
    },
    { label: 'embedded, restart with demo data', env: (c) => ({ DATA_DIR: existing.get(`${c} 1`)! }) },
    {
      label: "`npm start` itself (npm's own start-up included), restart with demo data",
      env: (c) => ({ DATA_DIR: existing.get(`${c} 1`)! }),
      command: ['npm', 'start', '--silent'],
    },
    ...(databaseUrl
      ? [{ label: 'PostgreSQL (migrated)', env: () => ({ DATABASE_URL: databaseUrl, DEMO_DATA: '0', WEB_PROCESSES: '1' }) }]
      : []),
  ];
  const times = new Map<string, number[]>();
  for (let run = 0; run < runs; run++) {
    for (const [index, startup] of cases.entries()) {
      for (const checkout of checkouts) {
        startup.setUp?.(checkout);
        const ms = Math.round(await timeStartup(startup.env(checkout), startup.command, checkout));
        const key = `${index} ${checkout}`;
        times.set(key, [...(times.get(key) ?? []), ms]);
      }
    }
  }
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  return cases.flatMap((startup, index) =>
    checkouts.map((checkout) => {
      const ms = times.get(`${index} ${checkout}`)!;
      const sorted = [...ms].sort((a, b) => a - b);
      return {
        case: startup.label,
        ...(against ? { checkout: checkout === process.cwd() ? 'this one' : checkout } : {}),
        [`ms (median of ${runs})`]: sorted[Math.floor(sorted.length / 2)],
        min: sorted[0],
        runs: ms.join(' / '),
      };
    }),
  );
}
