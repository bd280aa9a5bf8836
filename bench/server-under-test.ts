import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../server/config';
import { openDatabase, type DatabaseHandle } from '../server/db/connect';
import { buildApp } from '../server/app';
import { freePort, startBuiltServer } from '../tests/support/processes';

/** Our real server on a random local port, on the given database; timed over HTTP like a browser would. */
export interface BenchServer {
  url: string;
  /** the server in this process (absent: the built server in processes of its own) */
  app?: FastifyInstance;
  /** this process's own connection to the server's database */
  handle: DatabaseHandle;
  /** the built server: resolves once each web process has built its profile index */
  indexesBuilt?(): Promise<void>;
  close(): Promise<void>;
}

export async function startBenchServer(target: { databaseUrl?: string; dataDir?: string }): Promise<BenchServer> {
  const config = {
    ...loadConfig({ PORT: '0', LOG_LEVEL: 'warn' }),
    databaseUrl: target.databaseUrl,
    dataDir: target.dataDir ?? '/tmp/unused',
  };
  config.throttle = { perIpPerMinute: 1_000_000, perAccountPer15Minutes: 1_000_000 };
  const handle = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
  const app = await buildApp({ config, handle, logger: false, workers: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: address,
    app,
    handle,
    async close() {
      await app.close();
      await handle.close();
    },
  };
}

/**
 * The built server as `npm start` runs it, with `webProcesses` web processes on PostgreSQL (no job
 * workers: WORKERS=0), on a free port; resolves once every one answers. Logs at info as in
 * production (each request logged), read here without parsing the request lines.
 */
export async function startBuiltBenchServer(databaseUrl: string, webProcesses: number): Promise<BenchServer> {
  const port = await freePort();
  const server = await startBuiltServer(
    {
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      WEB_PROCESSES: String(webProcesses),
      WORKERS: '0',
      LOG_LEVEL: 'info',
      THROTTLE_PER_IP: '1000000',
      THROTTLE_PER_ACCOUNT: '1000000',
    },
    { requestLines: false },
  );
  const handle = await openDatabase({ databaseUrl });
  try {
    await server.waitForLog((l) => /^ready on/.test(l.msg));
    if (webProcesses > 1) await server.waitForLog((l) => l.msg === `web process ${webProcesses} answers`);
  } catch (error) {
    await server.stop('SIGKILL');
    await handle.close();
    throw error;
  }
  return {
    url: `http://127.0.0.1:${port}`,
    handle,
    async indexesBuilt() {
      const built = () => server.lines.filter((l) => l.msg === 'profile index built').length >= webProcesses;
      await server.waitForLog(built, 15 * 60_000);
    },
    async close() {
      await server.stop('SIGTERM');
      await handle.close();
    },
  };
}

export async function signIn(url: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${url}/api/v1/auth/sign-in/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`sign-in as ${email} failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/** GET a path with a token; answers the time in ms and the parsed body. */
export async function timedGet(url: string, token: string, path: string): Promise<{ ms: number; body: any }> {
  const started = performance.now();
  const response = await fetch(`${url}${path}`, { headers: { authorization: `Token ${token}` } });
  const body = await response.json();
  const ms = performance.now() - started;
  if (!response.ok) throw new Error(`GET ${path} → ${response.status} ${JSON.stringify(body)}`);
  return { ms, body };
}
