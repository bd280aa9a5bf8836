// Retrievals give way to people. While web requests are being answered — by this process or by
// any server on the same PostgreSQL — a retrieval rests between its batches, three times as long
// as its last batch took: it keeps going at about a quarter of its speed, and the machine's
// cores go to the requests first. Servers say so through PostgreSQL (NOTIFY, at most ten times
// a second while requests come in); workers in other processes LISTEN.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../db/schema';
import type { FastifyBaseLogger } from 'fastify';

const CHANNEL = 'talent_web_busy';
/** a request keeps the web "busy" this long after it arrived */
const BUSY_MS = 250;
/** servers notify other processes at most this often */
const NOTIFY_EVERY_MS = 100;
/** a retrieval's rest per batch while busy: this many times the batch's own time, at most MAX_REST_MS */
const REST_FACTOR = 3;
const MAX_REST_MS = 2_000;

export class WebPressure {
  private busyUntil = 0;

  /** a web request arrived (here or, through a notification, elsewhere) */
  note(now = Date.now()): void {
    this.busyUntil = now + BUSY_MS;
  }

  get busy(): boolean {
    return Date.now() < this.busyUntil;
  }

  /** Rests after a batch that took `workedMs`, if web requests are being answered. */
  async giveWay(workedMs: number, signal?: AbortSignal): Promise<void> {
    if (!this.busy || signal?.aborted) return;
    const rest = Math.min(MAX_REST_MS, Math.max(1, REST_FACTOR * workedMs));
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, rest);
      function done() {
        clearTimeout(timer);
        signal?.removeEventListener('abort', done);
        resolve();
      }
      signal?.addEventListener('abort', done, { once: true });
    });
  }
}

/** The server's side: every request notes the pressure; on PostgreSQL, other processes hear of it. */
export function publishWebPressure(app: FastifyInstance, pressure: WebPressure, db: Kysely<Database> | null): void {
  let notified = 0;
  app.addHook('onRequest', async () => {
    const now = Date.now();
    pressure.note(now);
    if (db && now - notified >= NOTIFY_EVERY_MS) {
      notified = now;
      sql`SELECT pg_notify(${CHANNEL}, '')`.execute(db).catch((error) => app.log.warn({ err: error }, 'web pressure not notified'));
    }
  });
}

/** A worker's side on PostgreSQL: listens for the servers' notifications (reconnecting after a failure). */
export async function listenWebPressure(
  databaseUrl: string,
  pressure: WebPressure,
  log: FastifyBaseLogger,
): Promise<{ close(): Promise<void> }> {
  const { default: pg } = await import('pg');
  let client: InstanceType<typeof pg.Client> | undefined;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: databaseUrl });
    let failed = false;
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      log.warn({ err: error }, 'web pressure listener lost; reconnecting in a second');
      next.end().catch(() => {});
      if (!closed) retry = setTimeout(() => void connect(), 1_000);
    };
    next.on('notification', () => pressure.note());
    next.on('error', fail);
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANNEL}`);
      if (closed) return void (await next.end());
      client = next;
    } catch (error) {
      fail(error);
    }
  };
  await connect();
  return {
    async close() {
      closed = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}
