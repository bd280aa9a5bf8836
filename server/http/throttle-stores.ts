import type { ThrottleConfig } from '../config';
import type { DatabaseHandle } from '../db/connect';
import { Throttle } from './throttle';
import { MemoryThrottleStore } from './throttle-memory';
import { PostgresThrottleStore } from './throttle-postgres';

/**
 * The sensitive auth calls' throttles: per client address (a minute) and per account (15 minutes);
 * counted in PostgreSQL when it is the database, so that N web processes do not allow N times the
 * attempts, and in memory on the embedded database, which one process serves.
 */
export function authThrottles(handle: DatabaseHandle, config: ThrottleConfig) {
  const store = handle.kind === 'postgres' ? new PostgresThrottleStore(handle.db) : new MemoryThrottleStore();
  return {
    perIp: new Throttle(store, 'ip', config.perIpPerMinute, 60_000),
    perAccount: new Throttle(store, 'account', config.perAccountPer15Minutes, 15 * 60_000),
  };
}
