import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Spawns the server as `npm start` runs it and times spawn → first answer of GET /api/v1/users/me. */
export async function timeStartup(env: Record<string, string>): Promise<number> {
  const port = String(20000 + Math.floor(Math.random() * 20000));
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: port, STATIC_DIR: '/nonexistent' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/v1/users/me`);
        if (response.status === 401) return performance.now() - started;
      } catch {
        /* not listening yet */
      }
      await new Promise((r) => setTimeout(r, 20));
      if (performance.now() - started > 180_000) throw new Error('no answer within 180 s');
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

export async function benchStartup(databaseUrl?: string): Promise<Record<string, string | number>[]> {
  const rows: Record<string, string | number>[] = [];
  const fresh = () => fs.mkdtempSync(path.join(os.tmpdir(), 'bench-start-'));
  const dirEmpty = fresh();
  rows.push({ case: 'embedded, new DATA_DIR, DEMO_DATA=0', ms: Math.round(await timeStartup({ DATA_DIR: dirEmpty, DEMO_DATA: '0' })) });
  rows.push({ case: 'embedded, existing DATA_DIR (restart)', ms: Math.round(await timeStartup({ DATA_DIR: dirEmpty, DEMO_DATA: '0' })) });
  const dirDemo = fresh();
  rows.push({ case: 'embedded, new DATA_DIR, demo data (npm start default)', ms: Math.round(await timeStartup({ DATA_DIR: dirDemo })) });
  rows.push({ case: 'embedded, restart with demo data', ms: Math.round(await timeStartup({ DATA_DIR: dirDemo })) });
  if (databaseUrl) rows.push({ case: 'PostgreSQL (migrated)', ms: Math.round(await timeStartup({ DATABASE_URL: databaseUrl, DEMO_DATA: '0' })) });
  for (const dir of [dirEmpty, dirDemo]) fs.rmSync(dir, { recursive: true, force: true });
  return rows;
}
