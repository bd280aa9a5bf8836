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

export const slicing = { ms: SLICE_MS, /** the longest slice run so far (benches reset it) */ longestMs: 0 };

/** `pause` lets the event loop in (a build passes its own). */
export async function runInSlices<T>(steps: Steps<T>, pause: () => Promise<unknown> = yieldToEventLoop): Promise<T> {
  let resumed = performance.now();
  const note = () => {
    slicing.longestMs = Math.max(slicing.longestMs, performance.now() - resumed);
  };
  const slicer = new Slicer(slicing.ms, undefined, async () => {
    note();
    await pause();
    resumed = performance.now();
  });
  const result = await inSlices(steps, slicer);
  note();
  return result;
}
