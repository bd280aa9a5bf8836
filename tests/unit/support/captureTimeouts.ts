// Holds back the setTimeout calls of one delay (a screen's redirect) so that a test runs
// them when it chooses; every other timer runs as usual. Fake clocks do not mix with
// testing-library's async helpers (they wait on a real setTimeout), this does.
import { vi } from 'vitest';

export function captureTimeouts(delayMs: number): Array<() => void> {
  const captured: Array<() => void> = [];
  const realSetTimeout = globalThis.setTimeout;
  vi.spyOn(globalThis, 'setTimeout').mockImplementation(((callback: () => void, ms?: number, ...args: unknown[]) => {
    if (ms === delayMs) {
      captured.push(callback);
      return 0;
    }
    return realSetTimeout(callback, ms, ...args);
  }) as unknown as typeof setTimeout);
  return captured;
}
