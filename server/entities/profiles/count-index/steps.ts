import { yieldToEventLoop } from '../../../util/slices';
import { inSlices, Slicer, SLICE_MS, whole, type Sliced } from './slices';

/**
 * The token index's long work (a broad term, a merge, a build) is written as
 * generators that yield where they may pause (slices.ts); this runs them with
 * a budget that tests can lower to pause at every step (to interleave the
 * most) and notes the longest slice (the terms bench reports it).
 */
export type Steps<T> = Sliced<T>;
export const runNow = whole;

export const slicing = {
  ms: SLICE_MS,
  /**
   * background work (a merge, the broad tokens' bitsets: seconds at ten million rows) pauses after at most this long, and
   * after `ms` if that is shorter: a request meets a slice at each of its turns of the event loop (its reads from the
   * database, its reply), and with 5 ms slices the whole mix slowed to p50 40 ms while a merge ran (docs/PERFORMANCE.md)
   */
  backgroundMs: 1,
  /** the longest slice run so far (benches reset it) */
  longestMs: 0,
};

/** `pause` lets the event loop in (a build passes its own). */
export function runInSlices<T>(steps: Steps<T>, pause: () => Promise<unknown> = yieldToEventLoop): Promise<T> {
  return run(steps, pause, slicing.ms);
}

/** `runInSlices` for work no request waits for (a merge, the broad tokens' bitsets): slices of `backgroundMs`. */
export function runInBackground<T>(steps: Steps<T>, pause: () => Promise<unknown> = yieldToEventLoop): Promise<T> {
  return run(steps, pause, Math.min(slicing.ms, slicing.backgroundMs));
}

async function run<T>(steps: Steps<T>, pause: () => Promise<unknown>, budgetMs: number): Promise<T> {
  let resumed = performance.now();
  const note = () => {
    slicing.longestMs = Math.max(slicing.longestMs, performance.now() - resumed);
  };
  const slicer = new Slicer(budgetMs, undefined, async () => {
    note();
    await pause();
    resumed = performance.now();
  });
  const result = await inSlices(steps, slicer);
  note();
  return result;
}
