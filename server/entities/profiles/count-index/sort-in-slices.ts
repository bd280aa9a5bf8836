import type { Sliced } from './slices';

/** Rows sorted natively at once, then merged pairwise: ~1 ms of work between two pause points. */
const RUN = 4096;

/**
 * Sorts positions by `compare` (a total order: no two positions compare
 * equal), pausing between runs and while merging, where one native sort of
 * ten million positions would hold the event loop for seconds. Answers the
 * sorted positions: `positions` itself or a buffer of the same size.
 */
export function* sortingInSlices(positions: Uint32Array, compare: (a: number, b: number) => number): Sliced<Uint32Array> {
  const n = positions.length;
  for (let start = 0; start < n; start += RUN) {
    positions.subarray(start, Math.min(start + RUN, n)).sort(compare);
    yield;
  }
  let from = positions;
  let to = n > RUN ? new Uint32Array(n) : positions;
  for (let width = RUN; width < n; width *= 2) {
    for (let left = 0; left < n; left += 2 * width) {
      const middle = Math.min(left + width, n);
      const right = Math.min(left + 2 * width, n);
      let i = left;
      let j = middle;
      let k = left;
      while (i < middle && j < right) {
        to[k++] = compare(from[j], from[i]) < 0 ? from[j++] : from[i++];
        if ((k & (RUN - 1)) === 0) yield;
      }
      while (i < middle) to[k++] = from[i++];
      while (j < right) to[k++] = from[j++];
      yield;
    }
    [from, to] = [to, from];
  }
  return from;
}
