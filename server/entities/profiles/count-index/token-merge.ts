import { has, type Bitset } from './bitset';
import type { AddedTokens } from './added-tokens';
import { compareRanges, NEWLINE } from './token-bytes';
import type { Steps } from './steps';
import { readAscending, writeAscending, writeVarint } from './varints';

/** A token base's tokens and rows (token-base.ts). */
export interface TokenFields {
  /** "\n" + token0 + "\n" + token1 + "\n" …, tokens in sorted order */
  vocabulary: Buffer;
  /** byte offset of each token in `vocabulary`, plus the end */
  starts: Uint32Array;
  /** rows of token t: postings[postingStarts[t] .. postingStarts[t + 1]), ascending, as differences */
  postingStarts: Uint32Array;
  postings: Uint8Array;
}

/**
 * Steps that make the tokens and rows of a new base: those of `base` without
 * the rows of `dropped`, plus `added`. One pass over the base without an
 * allocation per token (millions of them): each token's rows decoded,
 * filtered and merged with its added rows (ascending) into one new array,
 * runs of kept tokens' bytes copied as one, the added tokens (sorted) put in
 * their place as the walk passes it; tokens left without rows leave the
 * vocabulary.
 */
export function* mergeTokens(base: TokenFields, dropped: Bitset, added: AddedTokens): Steps<TokenFields> {
  const addedCount = added.starts.length - 1;
  const addedPostings = added.rows.length;
  const addedBytes = added.vocabulary.length - 1;
  const tokenCount = base.starts.length - 1;
  const capacity = tokenCount + addedCount;
  const starts = new Uint32Array(capacity + 1);
  const postingStarts = new Uint32Array(capacity + 1);
  // a row put between two others takes at most its own varint: 5 bytes
  const postings = new Uint8Array(base.postings.length + 5 * addedPostings);
  const vocabulary = Buffer.alloc(base.vocabulary.length + addedBytes);
  vocabulary[0] = NEWLINE;
  let tokens = 0;
  let written = 0;
  let offset = 1;
  // kept tokens are copied as runs: [runFrom, runTo) of the base vocabulary, to go at runAt
  let runFrom = 1;
  let runTo = 1;
  let runAt = 1;
  const flush = () => {
    if (runTo > runFrom) base.vocabulary.copy(vocabulary, runAt, runFrom, runTo);
    runFrom = runTo = -1;
  };
  let next = 0;
  let work = 0; // bytes and rows handled since the last pause
  const putAdded = () => {
    flush();
    const from = added.starts[next];
    const to = added.starts[next + 1];
    starts[tokens] = offset;
    postingStarts[tokens] = written;
    tokens++;
    // plain loops, no view per token: most are a dozen bytes and a row
    for (let b = from; b < to; b++) vocabulary[offset++] = added.vocabulary[b]; // the token and its newline
    let previous = -1;
    for (let r = added.rowStarts[next]; r < added.rowStarts[next + 1]; r++) {
      written = writeVarint(postings, written, added.rows[r] - previous);
      previous = added.rows[r];
    }
    work += to - from + added.rowStarts[next + 1] - added.rowStarts[next] + 16;
    next++;
  };
  let kept = new Uint32Array(LONG + 1024);
  let merged = new Uint32Array(kept.length);
  for (let t = 0; t < tokenCount; t++) {
    const from = base.starts[t];
    const to = base.starts[t + 1]; // the token's bytes and its newline
    let order = 1;
    while (next < addedCount) {
      order = compareRanges(added.vocabulary, added.starts[next], added.starts[next + 1] - 1, base.vocabulary, from, to - 1);
      if (order >= 0) break;
      putAdded();
      // hundreds of thousands of new tokens can come between two of the base (e-mail addresses of a new domain)
      if (work > 0x40000) {
        work = 0;
        yield;
      }
    }
    let more: Uint32Array = NONE;
    if (next < addedCount && order === 0) {
      more = added.rows.subarray(added.rowStarts[next], added.rowStarts[next + 1]);
      next++;
    }
    const at = written;
    const bytes = base.postingStarts[t + 1] - base.postingStarts[t];
    if (bytes > LONG)
      written = yield* mergeLongRows(base.postings, base.postingStarts[t], base.postingStarts[t + 1], dropped, more, postings, written);
    else {
      if (kept.length < bytes + more.length) {
        kept = new Uint32Array(2 * (bytes + more.length));
        merged = new Uint32Array(kept.length);
      }
      const count = readAscending(base.postings, base.postingStarts[t], base.postingStarts[t + 1], kept);
      let rows = 0;
      for (let i = 0; i < count; i++) if (!has(dropped, kept[i])) kept[rows++] = kept[i];
      if (more.length) written = writeAscending(postings, written, merged, mergeAscending(kept, rows, more, merged));
      else written = writeAscending(postings, written, kept, rows);
    }
    work += bytes + more.length + 16;
    if (work > 0x40000) {
      work = 0;
      yield;
    }
    if (written === at) continue; // no row left
    starts[tokens] = offset;
    postingStarts[tokens] = at;
    tokens++;
    if (from !== runTo) {
      flush();
      runFrom = from;
      runAt = offset;
    }
    runTo = to;
    offset += to - from;
    // a run can be most of the vocabulary (where nothing was added or dropped): copied a megabyte at a time
    if (runTo - runFrom >= 1 << 20) flush();
  }
  flush();
  while (next < addedCount) {
    putAdded();
    if (work > 0x40000) {
      work = 0;
      yield;
    }
  }
  starts[tokens] = offset;
  postingStarts[tokens] = written;
  yield;
  return {
    vocabulary: vocabulary.subarray(0, offset),
    starts: starts.subarray(0, tokens + 1),
    postingStarts: postingStarts.subarray(0, tokens + 1),
    postings: yield* exactCopy(postings, written),
  };
}

/** A token's rows past this many bytes are merged in pieces, pausing between them. */
const LONG = 0x4000;
const NONE = new Uint32Array(0);

/**
 * The rows of a common token (millions at ten million rows) without `dropped`
 * and with `more`, written at `at` as differences, a piece at a time; answers
 * where the writing ended.
 */
function* mergeLongRows(
  postings: Uint8Array,
  from: number,
  to: number,
  dropped: Bitset,
  more: Uint32Array,
  into: Uint8Array,
  at: number,
): Steps<number> {
  const state = { p: from, value: -1, previous: -1, j: 0, at };
  while (state.p < to) {
    mergePiece(postings, Math.min(to, state.p + 0x4000), dropped, more, into, state); // short: its first calls run before the JIT optimizes it
    yield;
  }
  for (; state.j < more.length; state.j++) {
    state.at = writeVarint(into, state.at, more[state.j] - state.previous);
    state.previous = more[state.j];
  }
  return state.at;
}

/** One piece of `mergeLongRows`, up to about byte `to` (a plain function: V8 optimizes it better than a generator). */
function mergePiece(
  postings: Uint8Array,
  to: number,
  dropped: Bitset,
  more: Uint32Array,
  into: Uint8Array,
  state: { p: number; value: number; previous: number; j: number; at: number },
): void {
  let { p, value, previous, j, at } = state;
  while (p < to) {
    let byte = postings[p++];
    let delta = byte & 0x7f;
    for (let shift = 7; byte & 0x80; shift += 7) {
      byte = postings[p++];
      delta |= (byte & 0x7f) << shift;
    }
    value += delta;
    if (!has(dropped, value)) {
      for (; j < more.length && more[j] < value; j++) {
        at = writeVarint(into, at, more[j] - previous);
        previous = more[j];
      }
      at = writeVarint(into, at, value - previous);
      previous = value;
    }
  }
  Object.assign(state, { p, value, previous, j, at });
}

/** a[0, aCount) and b merged (both ascending, no number in both) into `into`; answers how many. */
function mergeAscending(a: Uint32Array, aCount: number, b: Uint32Array, into: Uint32Array): number {
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < aCount && j < b.length) into[k++] = a[i] < b[j] ? a[i++] : b[j++];
  while (i < aCount) into[k++] = a[i++];
  while (j < b.length) into[k++] = b[j++];
  return k;
}

/** bytes[0, length) in an array of its own, copied a megabyte at a time (the spare room given back). */
function* exactCopy(bytes: Uint8Array, length: number): Steps<Uint8Array> {
  if (bytes.length - length < 2 ** 20) return bytes.subarray(0, length);
  const exact = new Uint8Array(length);
  for (let at = 0; at < length; at += 2 ** 20) {
    exact.set(bytes.subarray(at, Math.min(length, at + 2 ** 20)), at);
    yield;
  }
  return exact;
}
