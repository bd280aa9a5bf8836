// Several processes on one PostgreSQL (issue 19, part 1), as an operator runs them: the built
// server with WEB_PROCESSES=2 (a supervisor and two web processes sharing the port) beside an
// `npm run worker`. Both web processes answer; a retrieval and the notification it raises go
// through them to a capturing SMTP server, each mail once; a web process killed with SIGKILL is
// replaced; SIGTERM stops everything cleanly. A start that keeps failing is given up on, and on
// the embedded database WEB_PROCESSES > 1 runs one process and says why.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyPostgres } from '../../server/db/empty-postgres';
import { startSmtpCapture, type SmtpCapture } from '../support/smtp';
import { freePort, startBuiltServer, startWebProcessesAndWorker, webProcesses, type RunningProcess } from '../support/processes';
import { testDb } from './harness';
import type { Execution, ListResponse, Notification, ProfileSummary } from '../../types/api';

const ADMIN = { email: 'admin@processes.test', password: 'processes-password-1' };
/** quick recovery and retries, as in retrieval-crash.test.ts */
const TIMING = { JOB_HEARTBEAT_SECONDS: '10', JOB_SUPERVISE_SECONDS: '1', JOB_RETRY_DELAY_SECONDS: '0', NOTIFY_RETRY_SECONDS: '1' };
const running: RunningProcess[] = [];
afterAll(() => {
  for (const process_ of running) if (process_.child.exitCode === null) process_.child.kill('SIGKILL');
});

const getOnNewConnection = (url: string, token: string) =>
  new Promise<number | undefined>((resolve, reject) => {
    const request = http.get(url, { agent: false, headers: { authorization: `Token ${token}` } }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode));
    });
    request.on('error', reject);
  });

const until = async <T>(read: () => Promise<T | undefined>, what: string, timeoutMs = 120_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

describe.runIf(testDb === 'postgres')('two web processes and a worker on PostgreSQL', () => {
  const databaseUrl = process.env.TEST_DATABASE_URL!;
  let smtp: SmtpCapture;
  let server: RunningProcess;
  let base: string;
  let token: string;

  const call = async <T>(method: string, url: string, body?: object): Promise<T> => {
    const response = await fetch(`${base}/api/v1${url}`, {
      method,
      headers: { authorization: `Token ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body && JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${method} ${url} → ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
  /** the pids of the processes that answered `requests` requests (each logs its own) */
  const answeringPids = async (requests: number) => {
    const before = server.lines.length;
    // each on a connection of its own: the cluster hands out connections, not requests
    for (let i = 0; i < requests; i++) expect(await getOnNewConnection(`${base}/api/v1/profiles/?page_size=1`, token)).toBe(200);
    await until(
      async () => (server.lines.slice(before).filter((l) => l.msg === 'request completed').length >= requests ? true : undefined),
      'request logs',
    );
    return new Set(
      server.lines
        .slice(before)
        .filter((l) => l.msg === 'request completed')
        .map((l) => l.pid as number),
    );
  };
  const retrieve = async (sourceId: number) => {
    const { id } = await call<Execution>('POST', `/data-sources/${sourceId}/retrieval/`);
    return until(async () => {
      const execution = await call<Execution>('GET', `/executions/${id}`);
      return ['SUCCESS', 'FAILURE', 'REVOKED'].includes(execution.status) ? execution : undefined;
    }, 'the retrieval');
  };

  beforeAll(async () => {
    await emptyPostgres(databaseUrl);
    smtp = await startSmtpCapture();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const env = {
      ...TIMING,
      DATABASE_URL: databaseUrl,
      SECRET_KEY: 'processes secret',
      SMTP_URL: smtp.url,
      APP_URL: base,
      LOG_LEVEL: 'info',
    };
    ({ server } = await startWebProcessesAndWorker(env, {
      port,
      web: { ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password },
      options: { detached: true },
      started: (p) => running.push(p),
    }));
    const signIn = await fetch(`${base}/api/v1/auth/sign-in/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    token = ((await signIn.json()) as { token: string }).token;
  }, 180_000);

  afterAll(async () => smtp?.close());

  it('answers from both web processes', async () => {
    const pids = webProcesses(server);
    expect(pids.size).toBe(2);
    expect(new Set(pids.values()).size).toBe(2);
    expect(await answeringPids(8)).toEqual(new Set(pids.values()));
  });

  it('drives a retrieval and the notification it raises through them, each mail once', async () => {
    const source = await call<{ id: number }>('POST', '/data-sources/', {
      name: 'Processes',
      source_type: 'synthetic',
      additional_data: { people: '40', seed: '19', change_share: '50' },
      schedule: null,
    });
    expect((await retrieve(source.id)).status).toBe('SUCCESS');
    const people = await call<ListResponse<ProfileSummary>>('GET', '/profiles/?page_size=100');
    expect(people.count).toBe(40);
    const list = await call<{ id: number }>('POST', '/profile-lists/', { name: 'Watched', profiles: people.results.map((p) => p.id) });
    await call('POST', '/rules/', {
      name: 'Any move',
      model_name: 'Job',
      attribute: 'company',
      operator: 'changed',
      value: '*',
      notification_type: 'Email',
      priority: 'High',
      profile_lists: [list.id],
    });
    expect((await retrieve(source.id)).status).toBe('SUCCESS');
    // raised by the engine after the retrieval, sent by the delivery job: wait until none is pending
    const notifications = await until(async () => {
      const page = await call<ListResponse<Notification>>('GET', '/notifications/?page_size=100');
      return page.count > 0 && page.results.every((n) => n.notification_status === 'SENT') ? page.results : undefined;
    }, 'the notifications sent');
    const mailed = await until(
      async () => (smtp.messages.length >= notifications.length ? smtp.messages : undefined),
      'the notification mails',
    );
    const ids = mailed.map((m) => Number(m.headers['x-talent-notification']));
    expect(ids.sort((a, b) => a - b)).toEqual(notifications.map((n) => n.id).sort((a, b) => a - b));
    // the job queue runs in web process 1 and the worker only
    const jobPids = new Set(server.lines.filter((l) => l.msg === 'job started').map((l) => l.pid));
    expect(jobPids.has(webProcesses(server).get(2))).toBe(false);
  }, 240_000);

  it('replaces a web process killed with SIGKILL, and both answer again', async () => {
    const killedPid = webProcesses(server).get(2)!;
    process.kill(killedPid, 'SIGKILL');
    const replacement = await server.waitForLog((l) => l.msg === 'web process 2 answers' && l.workerPid !== killedPid);
    expect(server.lines.some((l) => l.role === 'supervisor' && /web process 2 exited \(signal SIGKILL\)/.test(l.msg))).toBe(true);
    const expected = new Set([webProcesses(server).get(1), replacement.workerPid]);
    expect(await answeringPids(8)).toEqual(expected);
  }, 120_000);

  it('stops every process cleanly on Ctrl-C (SIGINT to the whole process group) and exits 0', async () => {
    const pids = [...webProcesses(server).values()];
    process.kill(-server.pid, 'SIGINT');
    expect(await server.exited).toBe(0);
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
    for (const pid of pids) expect(server.lines.some((l) => l.pid === pid && l.msg === 'shutting down')).toBe(true);
    expect(server.lines.filter((l) => l.role === 'supervisor').at(-1)?.msg).toBe('all web processes stopped');
  }, 60_000);

  it('gives up, exiting non-zero, when web processes keep crashing at start', async () => {
    const broken = await startBuiltServer({
      DATABASE_URL: `${databaseUrl.replace(/\/[^/?]+(\?|$)/, '/no_such_database_h19$1')}`,
      PORT: String(await freePort()),
      WEB_PROCESSES: '2',
    });
    running.push(broken);
    expect(await broken.exited).toBe(1);
    const supervisor = broken.lines.filter((l) => l.role === 'supervisor').map((l) => l.msg);
    expect(supervisor.filter((msg) => /exited .*starting another in \d+ ms/.test(msg))).toHaveLength(4);
    expect(supervisor.some((msg) => /exited .* at start 5 times in a row: giving up/.test(msg))).toBe(true);
  }, 120_000);
});

describe.runIf(testDb === 'pglite')('WEB_PROCESSES on the embedded database', () => {
  it('runs one process and says why', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'processes-'));
    try {
      const server = await startBuiltServer({ DATA_DIR: dataDir, DEMO_DATA: '0', PORT: String(await freePort()), WEB_PROCESSES: '3' });
      running.push(server);
      await server.waitForLog((l) => /^ready on/.test(l.msg));
      expect(server.lines.some((l) => /WEB_PROCESSES=3 needs DATABASE_URL/.test(l.msg))).toBe(true);
      expect(server.lines.some((l) => l.role === 'supervisor')).toBe(false);
      expect(await server.stop('SIGTERM')).toBe(0);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
