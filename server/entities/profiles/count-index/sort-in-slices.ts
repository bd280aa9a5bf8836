import type { NumberColumn } from './number-column';
import type { Sliced } from './slices';

/** Elements counted or moved between two pause points of a pass. */
const STEP = 1 << 16;
/** Below this many rows, a plain sort (one slice of at most a few milliseconds). */
const SMALL = 20_000;

/**
 * Sorts positions by (value, id) — numbers without NaN, ids distinct — as a
 * numeric order of the index needs them, in slices. A stable radix sort on
 * 16-bit digits of keys that travel with the positions: by id first (skipped
 * when the positions already come in id order, as a build loads them), then
 * by the value's bits, low digits first. Seconds for a build's six numeric
 * orders at ten million rows, where a comparison sort took more than a
 * minute, and each pass pauses every 65,536 rows. Answers the sorted
 * positions: `positions` itself or a buffer of the same size.
 */
export function* sortingByNumberInSlices(
  positions: Uint32Array,
  values: Float64Array | NumberColumn,
  ids: Int32Array,
): Sliced<Uint32Array> {
  const n = positions.length;
  const valueAt = values instanceof Float64Array ? (p: number) => values[p] : (p: number) => values.get(p);
  // a few rows: a comparison sort costs less than the radix passes' counts
  if (n < SMALL) return positions.sort((a, b) => valueAt(a) - valueAt(b) || ids[a] - ids[b]);
  let idOrdered = true;
  for (let i = 1; i < n && idOrdered; i++) {
    idOrdered = ids[positions[i - 1]] < ids[positions[i]];
    if ((i & (STEP - 1)) === 0) yield;
  }
  let ordered = positions;
  if (!idOrdered) {
    const idKeys = new Uint32Array(n);
    for (let i = 0; i < n; i++) idKeys[i] = (ids[positions[i]] ^ 0x80000000) >>> 0;
    yield;
    ordered = (yield* radixSortingInSlices(idKeys, [positions]))[1];
  }
  // the value's bits as two unsigned halves ordered as the numbers (little-endian machines: the low half first)
  const value = new Float64Array(1);
  const bits = new Uint32Array(value.buffer);
  const high = new Uint32Array(n);
  const low = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    value[0] = valueAt(ordered[i]);
    if (value[0] === 0) value[0] = 0; // -0 sorts as 0
    let h = bits[1];
    let l = bits[0];
    // negative numbers with every bit flipped, the others with the sign bit set
    if (h & 0x80000000) {
      h = ~h >>> 0;
      l = ~l >>> 0;
    } else h = (h | 0x80000000) >>> 0;
    high[i] = h;
    low[i] = l;
    if ((i & (STEP - 1)) === STEP - 1) yield;
  }
  const [, , sorted] = yield* radixSortingInSlices(low, [high, ordered], high);
  return sorted;
}

/**
 * A stable LSD radix sort of `keys` (then `moreKeys`, more significant), 16
 * bits a pass, moving `along` with them; answers [keys, …along] sorted (the
 * given arrays or buffers of their size).
 */
function* radixSortingInSlices(keys: Uint32Array, along: Uint32Array[], moreKeys?: Uint32Array): Sliced<Uint32Array[]> {
  const n = keys.length;
  let from: Uint32Array[] = [keys, ...along];
  let to: Uint32Array[] = from.map(() => new Uint32Array(n));
  const counts = new Uint32Array(65_537);
  // key array index in `from` and shift, least significant first
  const passes: [number, number][] = [
    [0, 0],
    [0, 16],
  ];
  if (moreKeys) passes.push([1 + along.indexOf(moreKeys), 0], [1 + along.indexOf(moreKeys), 16]);
  for (const [k, shift] of passes) {
    const key = from[k];
    counts.fill(0);
    for (let i = 0; i < n; i++) {
      counts[((key[i] >>> shift) & 0xffff) + 1]++;
      if ((i & (STEP - 1)) === STEP - 1) yield;
    }
    if (counts.includes(n)) continue; // one digit for all: nothing moves
    for (let d = 1; d < counts.length; d++) counts[d] += counts[d - 1];
    for (let i = 0; i < n; i++) {
      const at = counts[(key[i] >>> shift) & 0xffff]++;
      for (let a = 0; a < from.length; a++) to[a][at] = from[a][i];
      if ((i & (STEP - 1)) === STEP - 1) yield;
    }
    [from, to] = [to, from];
  }
  return from;
}

/** `numbers` sorted ascending in slices (a plain sort when they are few); answers `numbers` itself. */
export function* sortingNumbersInSlices(numbers: Uint32Array): Sliced<Uint32Array> {
  if (numbers.length < SMALL) return numbers.sort();
  const [sorted] = yield* radixSortingInSlices(numbers, []);
  if (sorted !== numbers) numbers.set(sorted);
  return numbers;
}
