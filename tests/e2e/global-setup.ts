// Starts what the e2e specs run against, as a user would (README: `npm start`):
// a fresh installation in a temporary DATA_DIR, its mail going to a local SMTP
// capture whose mails land as JSON files in E2E_MAIL_DIR (the specs run in a
// worker process, so they read mail from files, see fixtures/mail.ts).
// Returns the teardown that stops both.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSmtpCapture } from '../support/smtp';
import { admin, appPort, appUrl, MAIL_DIR_VARIABLE } from './fixtures/env';

const root = fileURLToPath(new URL('../..', import.meta.url));
const serverLog = join(root, 'test-results', 'e2e-server.log');
const START_TIMEOUT_MS = 180_000;

/**
 * `npm start` in a process group of its own, with a watchdog: the runner holds the
 * group's stdin open, so if the runner dies without its teardown (killed), the stdin
 * closes and the watchdog stops the group instead of leaving a server behind.
 */
const START_WITH_WATCHDOG = `
npm start < /dev/null &
server=$!
exec 3<&0 # a background job's own stdin would be /dev/null
( cat <&3 > /dev/null; kill -TERM -- -$$ ) &
wait "$server"
`;

export default async function globalSetup(): Promise<() => Promise<void>> {
  await assertPortFree(appPort);
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-data-'));
  const mailDir = mkdtempSync(join(tmpdir(), 'e2e-mail-'));
  let mailCount = 0;
  const capture = await startSmtpCapture({
    onMail: (mail) => {
      mailCount += 1;
      // Written aside then renamed, so that a reader never sees half a file.
      const file = join(mailDir, `${String(mailCount).padStart(5, '0')}.json`);
      writeFileSync(`${file}.part`, JSON.stringify(mail));
      renameSync(`${file}.part`, file);
    },
  });
  // Workers inherit the runner's environment.
  process.env[MAIL_DIR_VARIABLE] = mailDir;
  // production.spec.ts backs up the running app's database, as an operator would
  process.env.E2E_DATA_DIR = dataDir;

  mkdirSync(join(root, 'test-results'), { recursive: true });
  const logFd = openSync(serverLog, 'w');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(appPort),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SMTP_URL: capture.url,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    DEMO_DATA: process.env.E2E_DEMO_DATA ?? '1',
    APP_URL: appUrl,
    // The suite signs in from one address far more often a minute than people do, and how
    // often depends on the machine's speed: the app under test gets its own per-address limit,
    // so that no spec passes or fails by speed. The per-account limit stays as shipped; the
    // throttle itself is proven by sign-in.spec.ts (in the browser) and tests/api/throttle.test.ts.
    THROTTLE_PER_IP: process.env.E2E_THROTTLE_PER_IP ?? '1000000',
    // connectors.spec.ts points People Data Labs and LLM connections at fakes on the loopback
    ALLOW_PRIVATE_FEEDS: '1',
  };
  // A fresh embedded database, whatever the developer's shell points at.
  delete env.DATABASE_URL;
  const server = spawn('bash', ['-c', START_WITH_WATCHDOG], { cwd: root, env, stdio: ['pipe', logFd, logFd], detached: true });
  closeSync(logFd);

  const stop = async () => {
    await stopGroup(server);
    server.stdin?.destroy();
    await capture.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(mailDir, { recursive: true, force: true });
  };
  try {
    await waitUntilServing(server);
  } catch (error) {
    await stop();
    throw error;
  }
  return stop;
}

/** Ready when the API answers an anonymous GET /api/v1/users/me with 401. */
async function waitUntilServing(server: ChildProcess): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null)
      throw new Error(`\`npm start\` exited (${server.exitCode ?? server.signalCode}) before serving.\n${logTail()}`);
    try {
      const response = await fetch(`${appUrl}/api/v1/users/me`);
      if (response.status === 401) return;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = String((error as Error).cause ?? error);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(
    `\`npm start\` did not answer GET ${appUrl}/api/v1/users/me with 401 within ${START_TIMEOUT_MS / 1000} s (last: ${last}).\n${logTail()}`,
  );
}

function logTail(): string {
  const lines = readFileSync(serverLog, 'utf8').trimEnd().split('\n');
  return `Last lines of ${serverLog}:\n${lines.slice(-40).join('\n')}`;
}

/** SIGTERM to the whole group (npm, tsx, node), then SIGKILL to whatever is left after 10 s. */
async function stopGroup(server: ChildProcess): Promise<void> {
  if (server.pid === undefined) return;
  const group = -server.pid;
  const send = (signal: NodeJS.Signals | 0) => {
    try {
      process.kill(group, signal);
      return true;
    } catch {
      return false; // the group is gone
    }
  };
  send('SIGTERM');
  const deadline = Date.now() + 10_000;
  while (send(0) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  send('SIGKILL');
}

function assertPortFree(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', () => reject(new Error(`Port ${port} is taken: stop what listens there or set E2E_PORT to a free port.`)));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}
