import { HttpError } from './errors';

/**
 * Where a throttle counts: in this process's memory on the embedded database (one process serves
 * it), in PostgreSQL otherwise, so that every web process of an installation counts against the
 * same limit (throttle-memory.ts, throttle-postgres.ts).
 *
 * The window slides: an attempt counts for `windowMs` after it was made. Checking and counting are
 * one step (`take`), atomic per key: attempts made at the same moment, in one process or several,
 * cannot all read "under the limit" and all pass.
 */
export interface ThrottleStore {
  /**
   * Counts an attempt at `now` unless `limit` attempts already fall within the window before it;
   * answers 0 when counted, else the seconds until the oldest of them leaves the window (≥ 1).
   */
  take(key: string, limit: number, windowMs: number, now: number): Promise<number>;
  /** Uncounts the attempt `take` counted at `at` (it turned out not to count: a sign-in that succeeded). */
  giveBack(key: string, at: number): Promise<void>;
}

/**
 * Seconds to wait until the oldest of the counted attempts leaves the window, never more than the
 * window: another process may have counted an attempt a moment after this one read its clock.
 */
export const secondsUntil = (oldest: number, windowMs: number, now: number) =>
  Math.min(Math.ceil(windowMs / 1000), Math.max(1, Math.ceil((oldest + windowMs - now) / 1000)));

/** A limit of attempts per key in a sliding window: `limit` per `windowMs`. */
export class Throttle {
  constructor(
    private readonly store: ThrottleStore,
    /** keeps the keys of two throttles on one store apart */
    private readonly name: string,
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  /** Counts an attempt for `key`; `wait` is 0 when it was counted, else the seconds to wait (nothing counted). */
  async take(key: string, now = Date.now()): Promise<{ wait: number; giveBack: () => Promise<void> }> {
    const storeKey = `${this.name}:${key}`;
    const wait = await this.store.take(storeKey, this.limit, this.windowMs, now);
    return { wait, giveBack: () => (wait ? Promise.resolve() : this.store.giveBack(storeKey, now)) };
  }
}

/** An attempt counted against throttles; a part of it can be given back when it must not count. */
export interface Attempt {
  giveBack(throttle: Throttle): Promise<void>;
}

/**
 * Counts one attempt against each throttle; when any of them is exhausted, answers 429 with
 * Retry-After (the longest wait) and the attempt counts against none of them.
 */
export async function countAttempt(checks: [Throttle, string][]): Promise<Attempt> {
  const now = Date.now();
  const taken = await Promise.all(checks.map(async ([throttle, key]) => ({ throttle, ...(await throttle.take(key, now)) })));
  const wait = Math.max(0, ...taken.map((one) => one.wait));
  if (wait > 0) {
    await Promise.all(taken.map((one) => one.giveBack()));
    throw new HttpError(429, [`Too many attempts. Try again in ${wait} seconds.`], { 'Retry-After': String(wait) });
  }
  return {
    async giveBack(throttle) {
      await Promise.all(taken.filter((one) => one.throttle === throttle).map((one) => one.giveBack()));
    },
  };
}
