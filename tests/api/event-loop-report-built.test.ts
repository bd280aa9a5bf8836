// The profiles bench reads the built server's event-loop delay (issue 20, item 2): started with
// BENCH_EVENT_LOOP_FILE, a web process writes what it measured on SIGUSR2, then starts again, and
// goes on answering. The embedded database in a fresh DATA_DIR.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startBuiltServer, type RunningProcess } from '../support/processes';
import type { EventLoopReport } from '../../server/util/event-loop-report';

const started: RunningProcess[] = [];
const folders: string[] = [];
afterAll(async () => {
  for (const server of started) await server.stop();
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

async function startServer(env: Record<string, string>): Promise<{ server: RunningProcess; port: number }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'event-loop-built-'));
  folders.push(dataDir);
  const port = await freePort();
  const server = await startBuiltServer({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DEMO_DATA: '0',
    STATIC_DIR: '/nonexistent/no-built-app',
    LOG_LEVEL: 'info',
    ...env,
  });
  started.push(server);
  await server.waitForLog((line) => /^ready on /.test(line.msg), 300_000);
  return { server, port };
}

async function reportAfter(file: string, seq: number): Promise<EventLoopReport> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (fs.existsSync(file)) {
      const report = JSON.parse(fs.readFileSync(file, 'utf8')) as EventLoopReport;
      if (report.seq > seq) return report;
    }
    if (Date.now() > deadline) throw new Error(`no report ${seq + 1} in ${file}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("the built server's event-loop report (bench only)", () => {
  it('writes the delay measured since the last SIGUSR2, once per signal', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'event-loop-report-'));
    folders.push(folder);
    const { server, port } = await startServer({ BENCH_EVENT_LOOP_FILE: folder });
    const file = path.join(folder, `${server.pid}.json`);
    expect(fs.existsSync(file)).toBe(false);
    server.child.kill('SIGUSR2');
    const first = await reportAfter(file, 0);
    expect(first).toMatchObject({ pid: server.pid, seq: 1 });
    for (const figure of [first.p99, first.max, first.mean]) expect(figure).toBeGreaterThanOrEqual(0);
    expect(first.max).toBeGreaterThanOrEqual(first.p99);
    server.child.kill('SIGUSR2');
    expect((await reportAfter(file, 1)).seq).toBe(2);
    // still serving: a call without a token is answered (401), not lost
    expect((await fetch(`http://127.0.0.1:${port}/api/v1/users/`)).status).toBe(401);
  }, 300_000);
});
