import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Spawns the server as `npm start` runs it (the launcher, or npm itself) and times spawn → the
 * first answer that read the database: GET /api/v1/users/me with a well-formed token the server
 * must look up (401). Builds are made first, so they are not timed.
 */
export async function timeStartup(env: Record<string, string>, command: string[] = [process.execPath, 'server/cli/start.mjs']): Promise<number> {
  const port = String(20000 + Math.floor(Math.random() * 12000)); // below Linux's ephemeral ports
  const started = performance.now();
  const child = spawn(command[0], command.slice(1), {
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
    while (await fetch(`http://127.0.0.1:${port}/`).then(() => true, () => false)) await new Promise((r) => setTimeout(r, 20));
  }
}

function buildFirst(): void {
  const { status } = spawnSync(process.execPath, ['server/cli/start.mjs', '--build-only'], { stdio: 'inherit' });
  if (status !== 0) throw new Error('npm run build failed');
}

export async function benchStartup(databaseUrl?: string): Promise<Record<string, string | number>[]> {
  buildFirst();
  const rows: Record<string, string | number>[] = [];
  const time = async (label: string, env: Record<string, string>, command?: string[]) => {
    const runs = [];
    for (let i = 0; i < 3; i++) runs.push(Math.round(await timeStartup(env, command)));
    rows.push({ case: label, 'ms (median of 3)': [...runs].sort((a, b) => a - b)[1], runs: runs.join(' / ') });
  };
  const fresh = () => fs.mkdtempSync(path.join(os.tmpdir(), 'bench-start-'));
  const dirs: string[] = [];
  // each run of a "new DATA_DIR" case gets its own new folder
  const newDir = () => {
    const dir = fresh();
    dirs.push(dir);
    return dir;
  };
  const runsOnNewDirs = async (label: string, env: Record<string, string>) => {
    const runs = [];
    for (let i = 0; i < 3; i++) runs.push(Math.round(await timeStartup({ ...env, DATA_DIR: newDir() })));
    rows.push({ case: label, 'ms (median of 3)': [...runs].sort((a, b) => a - b)[1], runs: runs.join(' / ') });
  };
  await runsOnNewDirs('embedded, new DATA_DIR, DEMO_DATA=0', { DEMO_DATA: '0' });
  const existing = dirs[dirs.length - 1];
  await time('embedded, existing DATA_DIR (restart)', { DATA_DIR: existing, DEMO_DATA: '0' });
  await runsOnNewDirs('embedded, new DATA_DIR, demo data (npm start default)', {});
  const withDemo = dirs[dirs.length - 1];
  await time('embedded, restart with demo data', { DATA_DIR: withDemo });
  await time('`npm start` itself (npm\'s own start-up included), restart with demo data', { DATA_DIR: withDemo }, ['npm', 'start', '--silent']);
  if (databaseUrl) await time('PostgreSQL (migrated)', { DATABASE_URL: databaseUrl, DEMO_DATA: '0' });
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  return rows;
}
