// Crash safety of retrievals (issue "Data operations" 3): the process working a retrieval is
// killed with SIGKILL in the middle of it and started again; pg-boss notices the missing
// heartbeat, the job is retried and resumes after the last committed batch — nothing
// half-written, nothing duplicated, the counts equal the rows. On PostgreSQL the work is done by
// `npm run worker` processes beside the test's API (WORKERS=0); on the embedded database by the
// server itself (`npm start`'s entry) on a DATA_DIR of its own.
import { afterAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../server/db/schema';
import { startTestApi, testDb, type TestApi } from './harness';
import { openDatabase } from '../../server/db/connect';
import type { Execution } from '../../types/api';

const root = path.resolve(__dirname, '../..');
const PEOPLE = 6_000;
/** quick recovery: a worker without a heartbeat for 10 s is presumed dead, looked for every second */
const TIMING = {
  JOB_HEARTBEAT_SECONDS: '10',
  JOB_SUPERVISE_SECONDS: '1',
  JOB_RETRY_DELAY_SECONDS: '0',
  SECRET_KEY: 'test secret key',
  LOG_LEVEL: 'info',
};
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});

/** `node --import tsx script` with `env`, resolved once its log has printed `ready`. */
function start(script: string, env: Record<string, string>, ready: RegExp): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    env: { ...process.env, ...TIMING, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const look = (chunk: Buffer) => {
      output += chunk.toString();
      if (ready.test(output)) resolve(child);
    };
    child.stdout!.on('data', look);
    child.stderr!.on('data', look);
    child.once('exit', (code) => reject(new Error(`${script} exited (${code}) before it was ready:\n${output.slice(-3000)}`)));
  });
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

/** Polls `read` until the execution is STARTED with some records committed (kill time), or fails if it ended first. */
async function midway(read: () => Promise<Execution>): Promise<Execution> {
  for (;;) {
    const execution = await read();
    if (execution.status === 'STARTED' && execution.progress.processed > 0) return execution;
    expect(['PENDING', 'STARTED'], `the retrieval ended before it could be killed: ${JSON.stringify(execution)}`).toContain(
      execution.status,
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function untilFinished(read: () => Promise<Execution>): Promise<Execution> {
  for (;;) {
    const execution = await read();
    if (['SUCCESS', 'FAILURE', 'REVOKED'].includes(execution.status)) return execution;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function expectWholeRun(execution: Execution, killedAt: Execution) {
  expect(execution.status).toBe('SUCCESS');
  expect(execution.attempts).toBeGreaterThanOrEqual(2);
  expect(killedAt.progress.processed).toBeLessThan(PEOPLE);
  expect(execution.progress).toEqual({ total: PEOPLE, processed: PEOPLE, created: PEOPLE, updated: 0, unchanged: 0, failed: 0 });
}

/** Every person once, linked to the source, its creation logged once, by that execution. */
async function expectNothingDuplicated(db: Kysely<Database>, sourceId: number, executionId: number) {
  const count = async (query: RawBuilder<{ n: number }>) => Number((await query.execute(db)).rows[0].n);
  expect(await count(sql`SELECT count(*)::int AS n FROM profile WHERE data_source_ids @> ARRAY[${sourceId}::int]`)).toBe(PEOPLE);
  expect(await count(sql`SELECT count(DISTINCT external_id)::int AS n FROM profile WHERE data_source_ids @> ARRAY[${sourceId}::int]`)).toBe(
    PEOPLE,
  );
  expect(await count(sql`SELECT count(*)::int AS n FROM profile_change WHERE execution_id = ${executionId} AND field = 'profile'`)).toBe(
    PEOPLE,
  );
  expect(
    await count(
      sql`SELECT count(*)::int AS n FROM profile p LEFT JOIN profile_detail d ON d.profile_id = p.id WHERE p.data_source_ids @> ARRAY[${sourceId}::int] AND d.profile_id IS NULL`,
    ),
  ).toBe(0);
}

describe.runIf(testDb === 'postgres')('on PostgreSQL, with worker processes', () => {
  let api: TestApi;
  afterAll(async () => api?.close());

  it('a worker killed mid-run: another picks the job up and completes it, nothing twice', async () => {
    // the same timing as the workers': the queue's settings are whoever set them last
    api = await startTestApi({ workers: false, jobTiming: { heartbeatSeconds: 10, superviseSeconds: 1, retryDelaySeconds: 0 } });
    const owner = await api.user();
    const databaseUrl = process.env.TEST_DATABASE_URL!;
    const worker = await start('server/cli/worker.ts', { DATABASE_URL: databaseUrl }, /worker ready/);
    const source = await api.call(owner.token, {
      method: 'POST',
      url: '/api/v1/data-sources/',
      payload: { name: 'Crash', source_type: 'synthetic', additional_data: { people: String(PEOPLE), seed: '99' } },
    });
    const sourceId = source.json().id as number;
    const queued = (
      await api.call(owner.token, { method: 'POST', url: `/api/v1/data-sources/${sourceId}/retrieval/` })
    ).json() as Execution;
    const read = async () => (await api.call(owner.token, { method: 'GET', url: `/api/v1/executions/${queued.id}` })).json() as Execution;
    const killedAt = await midway(read);
    await killed(worker);
    await start('server/cli/worker.ts', { DATABASE_URL: databaseUrl }, /worker ready/);
    expectWholeRun(await untilFinished(read), killedAt);
    await expectNothingDuplicated(api.handle.db, sourceId, queued.id);
  }, 240_000);
});

describe.runIf(testDb === 'pglite')('on the embedded database, with the server working its jobs', () => {
  it('the server killed mid-run and started again on the same DATA_DIR completes it, nothing twice', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'crash-'));
    const port = String(await freePort());
    const env = { DATA_DIR: dataDir, PORT: port, DEMO_DATA: '0', ADMIN_EMAIL: 'admin@crash.test', ADMIN_PASSWORD: 'crash-password-1' };
    const base = `http://127.0.0.1:${port}/api/v1`;
    let server = await start('server/cli/serve.ts', env, /ready on/);
    const { token } = (await (
      await fetch(`${base}/auth/sign-in/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@crash.test', password: 'crash-password-1' }),
      })
    ).json()) as { token: string };
    const call = async (method: string, url: string, body?: object) =>
      (
        await fetch(`${base}${url}`, {
          method,
          headers: { authorization: `Token ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
          body: body && JSON.stringify(body),
        })
      ).json();
    const sourceId = (
      await call('POST', '/data-sources/', {
        name: 'Crash',
        source_type: 'synthetic',
        additional_data: { people: String(PEOPLE), seed: '98' },
      })
    ).id as number;
    const queued = (await call('POST', `/data-sources/${sourceId}/retrieval/`, {})) as Execution;
    const read = () => call('GET', `/executions/${queued.id}`) as Promise<Execution>;
    const killedAt = await midway(read);
    await killed(server);
    server = await start('server/cli/serve.ts', env, /ready on/);
    expectWholeRun(await untilFinished(read), killedAt);
    await new Promise<void>((resolve) => {
      server.once('exit', () => resolve());
      server.kill('SIGTERM');
    });
    const handle = await openDatabase({ dataDir });
    try {
      await expectNothingDuplicated(handle.db, sourceId, queued.id);
    } finally {
      await handle.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 240_000);
});
