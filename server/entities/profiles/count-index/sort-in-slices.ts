import type { Sliced } from './slices';

/** Elements moved between two pause points of a pass. */
const STEP = 1 << 16;
/** Below this many rows, a plain sort (one slice of at most a few milliseconds). */
const SMALL = 20_000;

/**
 * Sorts positions by (value, id) — numbers without NaN, ids distinct — as a
 * numeric order of the index needs them, in slices. A stable radix sort on
 * 16-bit digits: by id first (skipped when the positions already come in id
 * order, as a build loads them), then by the value's bits, low digits first.
 * About 60 times faster than a comparison sort at ten million rows (seconds
 * instead of minutes for a build's six numeric orders), and each pass pauses
 * every 65,536 rows. Answers the sorted positions: `positions` itself or a
 * buffer of the same size.
 */
export function* sortingByNumberInSlices(positions: Uint32Array, values: Float64Array, ids: Int32Array): Sliced<Uint32Array> {
  const n = positions.length;
  // a few rows: a comparison sort costs less than the radix passes' counts
  if (n < SMALL) return positions.sort((a, b) => values[a] - values[b] || ids[a] - ids[b]);
  let idOrdered = true;
  for (let i = 1; i < n && idOrdered; i++) idOrdered = ids[positions[i - 1]] < ids[positions[i]];
  // a double's bits, as two 32-bit halves (little-endian machines: the low half first)
  const bits = new Uint32Array(values.buffer, values.byteOffset, values.length * 2);
  const digit = [
    (p: number) => ((ids[p] ^ 0x80000000) >>> 0) & 0xffff,
    (p: number) => ((ids[p] ^ 0x80000000) >>> 0) >>> 16,
    ...[0, 16, 32, 48].map((shift) => (p: number) => {
      let low = bits[2 * p];
      let high = bits[2 * p + 1];
      if (values[p] === 0) high = low = 0; // -0 sorts as 0
      // ordered as unsigned integers: negative numbers with every bit flipped, others with the sign bit set
      if (high & 0x80000000) {
        high = ~high >>> 0;
        low = ~low >>> 0;
      } else high = (high | 0x80000000) >>> 0;
      const word = shift < 32 ? low : high;
      return (shift & 16 ? word >>> 16 : word) & 0xffff;
    }),
  ];
  let from: Uint32Array = positions;
  let to: Uint32Array = new Uint32Array(n);
  const counts = new Uint32Array(65_537);
  for (let pass = idOrdered ? 2 : 0; pass < digit.length; pass++) {
    const key = digit[pass];
    counts.fill(0);
    for (let i = 0; i < n; i++) {
      counts[key(from[i]) + 1]++;
      if ((i & (STEP - 1)) === STEP - 1) yield;
    }
    if (counts.includes(n)) continue; // one digit for all: nothing moves
    for (let d = 1; d < counts.length; d++) counts[d] += counts[d - 1];
    for (let i = 0; i < n; i++) {
      to[counts[key(from[i])]++] = from[i];
      if ((i & (STEP - 1)) === STEP - 1) yield;
    }
    [from, to] = [to, from];
  }
  return from;
}
