import type { Steps } from './steps';

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
