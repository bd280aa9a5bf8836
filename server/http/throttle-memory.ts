import { secondsUntil, type ThrottleStore } from './throttle';

/**
 * The attempts in this process's memory: the embedded database allows one process, and a restart
 * forgetting the counts is acceptable. JavaScript runs one `take` at a time, so it is atomic.
 */
export class MemoryThrottleStore implements ThrottleStore {
  /** per key, the counted attempts (epoch ms) and when the last of them leaves its window */
  private keys = new Map<string, { hits: number[]; expiresAt: number }>();

  async take(key: string, limit: number, windowMs: number, now: number): Promise<number> {
    const entry = this.keys.get(key) ?? { hits: [], expiresAt: 0 };
    entry.hits = entry.hits.filter((at) => at > now - windowMs);
    this.keys.set(key, entry);
    if (entry.hits.length >= limit) return secondsUntil(Math.min(...entry.hits), windowMs, now);
    entry.hits.push(now);
    entry.expiresAt = Math.max(entry.expiresAt, now + windowMs);
    if (this.keys.size > 50_000) this.prune(now);
    return 0;
  }

  async giveBack(key: string, at: number): Promise<void> {
    const hits = this.keys.get(key)?.hits;
    const index = hits?.indexOf(at) ?? -1;
    if (hits && index >= 0) hits.splice(index, 1);
  }

  /** Keys whose attempts have all left their window are forgotten (many addresses each trying once). */
  prune(now = Date.now()): void {
    for (const [key, entry] of this.keys) if (entry.expiresAt <= now) this.keys.delete(key);
  }

  /** how many keys are kept (tests) */
  get size(): number {
    return this.keys.size;
  }
}
