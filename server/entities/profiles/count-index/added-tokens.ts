import { sortingNumbersInSlices } from './sort-in-slices';
import { sortTokenIdsByBytes } from './sorted-tokens';
import type { Steps } from './steps';
import { NEWLINE } from './token-bytes';

/**
 * Tokens to merge into a token base (token-merge.ts), laid out as the base
 * lays out its own: "\n" + token0 + "\n" + token1 + "\n" …, sorted by their
 * bytes, token i at vocabulary[starts[i], starts[i + 1] - 1); its rows
 * ascending in rows[rowStarts[i], rowStarts[i + 1]), each token holding at
 * least one. Flat arrays rather than a map of strings to arrays: at ten
 * million rows a merge adds some 600,000 tokens, and as that many strings and
 * small arrays they made the heap's collections and their sorting steps of
 * 30–90 ms that no slice could cut (docs/PERFORMANCE.md).
 */
export interface AddedTokens {
  vocabulary: Uint8Array;
  starts: Uint32Array;
  rowStarts: Uint32Array;
  rows: Uint32Array;
}

/** Each step moves at most about this many rows or tokens. */
const STEP = 1 << 16;

/**
 * Steps that make AddedTokens from tokens in any order (laid out the same
 * way) whose rows are grouped but not sorted: tokens without rows left out,
 * the others sorted by their bytes, each token's rows sorted (a broad
 * token's in slices).
 */
export function* sortedAddedTokens(unsorted: AddedTokens): Steps<AddedTokens> {
  const { vocabulary, starts, rowStarts, rows } = unsorted;
  const count = starts.length - 1;
  let held = 0;
  for (let t = 0; t < count; t++) if (rowStarts[t + 1] > rowStarts[t]) held++;
  yield;
  const ids = new Uint32Array(held);
  let bytes = 1;
  for (let t = 0, i = 0; t < count; t++) {
    if (rowStarts[t + 1] === rowStarts[t]) continue;
    ids[i++] = t;
    bytes += starts[t + 1] - starts[t];
  }
  yield;
  yield* sortTokenIdsByBytes(ids, vocabulary, starts);
  const sorted: AddedTokens = {
    vocabulary: new Uint8Array(bytes),
    starts: new Uint32Array(held + 1),
    rowStarts: new Uint32Array(held + 1),
    rows: new Uint32Array(rowStarts[count]),
  };
  sorted.vocabulary[0] = NEWLINE;
  let offset = 1;
  let at = 0;
  let work = 0;
  // plain loops, no view per token: most tokens are a dozen bytes and one row
  for (let i = 0; i < held; i++) {
    const t = ids[i];
    sorted.starts[i] = offset;
    for (let b = starts[t]; b < starts[t + 1]; b++) sorted.vocabulary[offset++] = vocabulary[b];
    sorted.rowStarts[i] = at;
    const from = at;
    for (let r = rowStarts[t]; r < rowStarts[t + 1]; r++) sorted.rows[at++] = rows[r];
    if (at - from > STEP) yield* sortingNumbersInSlices(sorted.rows.subarray(from, at));
    else if (at - from > 1) sorted.rows.subarray(from, at).sort();
    work += at - from + 16;
    if (work > STEP) {
      work = 0;
      yield;
    }
  }
  sorted.starts[held] = offset;
  sorted.rowStarts[held] = at;
  return sorted;
}
