/** A web process that exits before it answered, or this soon after, crashed "at start": its replacement waits. */
export const QUICK_CRASH_MS = 10_000;
/** After this many quick crashes in a row the supervisor gives up (1 + 2 + 4 + 8 s of waiting between them). */
export const MAX_QUICK_CRASHES = 5;
const MAX_DELAY_MS = 30_000;

export type RestartDecision = { action: 'restart'; delayMs: number; quickCrashes: number } | { action: 'give up'; quickCrashes: number };

/**
 * What to do when a web process exits unasked, after answering for `uptimeMs` (0: it never did): one that served a while
 * is replaced at once; one that died at start is replaced after a delay that doubles with each
 * such crash in a row (so a broken start does not spin the CPU), until the supervisor gives up.
 */
export function decideRestart(quickCrashesBefore: number, uptimeMs: number): RestartDecision {
  const quickCrashes = uptimeMs < QUICK_CRASH_MS ? quickCrashesBefore + 1 : 0;
  if (quickCrashes >= MAX_QUICK_CRASHES) return { action: 'give up', quickCrashes };
  const delayMs = quickCrashes ? Math.min(MAX_DELAY_MS, 1000 * 2 ** (quickCrashes - 1)) : 0;
  return { action: 'restart', delayMs, quickCrashes };
}
