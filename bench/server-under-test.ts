import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../server/config';
import { openDatabase, type DatabaseHandle } from '../server/db/connect';
import { buildApp } from '../server/app';

/** Our real server on a random local port, on the given database; timed over HTTP like a browser would. */
export interface BenchServer {
  url: string;
  app: FastifyInstance;
  handle: DatabaseHandle;
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
