import { HttpError } from './errors';

/**
 * Counts attempts per key in a sliding window, in memory: one process serves
 * an installation, and a restart forgetting the counts is acceptable.
 */
export class Throttle {
  private hits = new Map<string, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  /** Seconds until a new attempt is allowed for `key`, 0 when allowed now. */
  retryAfter(key: string, now = Date.now()): number {
    const recent = this.recent(key, now);
    if (recent.length < this.limit) return 0;
    return Math.max(1, Math.ceil((recent[0] + this.windowMs - now) / 1000));
  }

  record(key: string, now = Date.now()): void {
    const recent = this.recent(key, now);
    recent.push(now);
    this.hits.set(key, recent);
    if (this.hits.size > 50_000) this.prune(now);
  }

  clear(key: string): void {
    this.hits.delete(key);
  }

  private recent(key: string, now: number): number[] {
    return (this.hits.get(key) ?? []).filter((t) => t > now - this.windowMs);
  }

  private prune(now: number): void {
    for (const [key, list] of this.hits) if (!list.some((t) => t > now - this.windowMs)) this.hits.delete(key);
  }
}

/** 429 with Retry-After when any of the throttles is exhausted. */
export function ensureAllowed(checks: [Throttle, string][]): void {
  const wait = Math.max(0, ...checks.map(([throttle, key]) => throttle.retryAfter(key)));
  if (wait > 0) {
    throw new HttpError(429, [`Too many attempts. Try again in ${wait} seconds.`], { 'Retry-After': String(wait) });
  }
}
