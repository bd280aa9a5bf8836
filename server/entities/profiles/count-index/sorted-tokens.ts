import type { Steps } from './steps';
import { compareRanges } from './token-bytes';

/** Below this many strings, one native sort is a few milliseconds. */
const SMALL = 8_192;

/**
 * Steps that sort distinct strings as `Array.prototype.sort` does (UTF-16
 * code units) without one long sort: strings are bucketed by their code unit
 * at each depth (most significant first) until a bucket is small, and small
 * buckets are sorted natively. Ten million tokens sort in slices of a few
 * milliseconds.
 */
export function* sortStrings(strings: string[]): Steps<string[]> {
  const out: string[] = [];
  yield* sortInto(strings, 0, out);
  return out;
}

function* sortInto(list: string[], depth: number, out: string[]): Steps<void> {
  if (list.length <= SMALL) {
    list.sort();
    for (const s of list) out.push(s);
    yield;
    return;
  }
  const buckets = new Map<number, string[]>();
  for (let i = 0; i < list.length; i++) {
    const s = list[i];
    if (s.length <= depth)
      out.push(s); // the one string that ends here sorts first
    else {
      const code = s.charCodeAt(depth);
      const bucket = buckets.get(code);
      if (bucket) bucket.push(s);
      else buckets.set(code, [s]);
    }
    if ((i & 0x3fff) === 0x3fff) yield;
  }
  for (const code of [...buckets.keys()].sort((a, b) => a - b)) {
    const bucket = buckets.get(code)!;
    buckets.delete(code);
    yield* sortInto(bucket, depth + 1, out);
  }
}

/** Below this many tokens, a comparison sort (a millisecond or two). */
const FEW = 1_024;

/**
 * Steps that sort token ids by their bytes (Buffer.compare's order, the one a
 * merge walks in): token t is bytes[starts[t], starts[t + 1] - 1), a
 * separator after each. An MSD radix sort, a byte at each depth, small
 * buckets by comparison, pausing every 65,536 ids moved; no string per token.
 */
export function* sortTokenIdsByBytes(ids: Uint32Array, bytes: Uint8Array, starts: Uint32Array): Steps<Uint32Array> {
  const scratch = new Uint32Array(ids.length);
  const counts = new Uint32Array(258);
  // ranges of ids still to sort, with the depth their ids agree to: [from, to, depth] each
  const todo: number[] = [0, ids.length, 0];
  let work = 0;
  while (todo.length) {
    const depth = todo.pop()!;
    const to = todo.pop()!;
    const from = todo.pop()!;
    if (to - from <= FEW) {
      work += 16 * (to - from); // a comparison costs more than a radix pass over an id
      ids
        .subarray(from, to)
        .sort((a, b) => compareRanges(bytes, starts[a] + depth, starts[a + 1] - 1, bytes, starts[b] + depth, starts[b + 1] - 1));
    } else {
      work += to - from;
      // bucket 0: the token ends at this depth (at most one: tokens are distinct); bucket 1 + byte otherwise
      counts.fill(0);
      // a range can hold most tokens (all e-mail addresses start alike): paused within it too
      for (let i = from; i < to; i++) {
        counts[bucketOf(bytes, starts, ids[i], depth) + 1]++;
        if (((i - from) & 0xffff) === 0xffff) yield;
      }
      for (let d = 1; d < counts.length; d++) counts[d] += counts[d - 1];
      for (let i = from; i < to; i++) {
        scratch[from + counts[bucketOf(bytes, starts, ids[i], depth)]++] = ids[i];
        if (((i - from) & 0xffff) === 0xffff) yield;
      }
      ids.set(scratch.subarray(from, to), from);
      // counts[d] is now where bucket d ends (from `from`); bucket 0 needs no more sorting
      for (let d = 1; d < 257; d++) if (counts[d] - counts[d - 1] > 1) todo.push(from + counts[d - 1], from + counts[d], depth + 1);
    }
    if (work > 0xffff) {
      work = 0;
      yield;
    }
  }
  return ids;
}

function bucketOf(bytes: Uint8Array, starts: Uint32Array, t: number, depth: number): number {
  const at = starts[t] + depth;
  return at < starts[t + 1] - 1 ? bytes[at] + 1 : 0;
}
