/** Tokens are kept between newlines (a token never holds whitespace). */
export const NEWLINE = 0x0a;

/** The tokens of a folded search document: cut at whitespace. */
export function tokensOf(document: string): string[] {
  return document.split(/\s+/).filter(Boolean);
}

/** The last of starts[first .. end) (ascending) that is not after `offset`: the token holding that byte. */
export function lastStartAtOrBefore(starts: ArrayLike<number>, first: number, end: number, offset: number): number {
  let low = first;
  let high = end - 1;
  while (low < high) {
    const middle = (low + high + 1) >>> 1;
    if (starts[middle] <= offset) low = middle;
    else high = middle - 1;
  }
  return low;
}

/** `a` against bytes[from, to), as Buffer.compare orders them. */
export function compareBytes(a: Uint8Array, bytes: Uint8Array, from: number, to: number): number {
  return compareRanges(a, 0, a.length, bytes, from, to);
}

/** a[aFrom, aTo) against b[bFrom, bTo), as Buffer.compare orders them. */
export function compareRanges(a: Uint8Array, aFrom: number, aTo: number, b: Uint8Array, bFrom: number, bTo: number): number {
  for (; aFrom < aTo && bFrom < bTo; aFrom++, bFrom++) if (a[aFrom] !== b[bFrom]) return a[aFrom] - b[bFrom];
  return aTo - aFrom - (bTo - bFrom);
}

/**
 * Puts in `found` the tokens first .. end - 1 that hold `term` (all of them
 * when it is empty), each once: Buffer.indexOf over their bytes (native, a
 * few times faster than a loop here), the token of a match found by its start.
 * Sorted neighbours of a match often hold the term too, at the same place
 * (`anna.garcia1@…`, `anna.garcia12@…`: some 70,000 e-mail tokens hold
 * `garcia` at ten million rows): each next token is tried in JavaScript
 * until one does not, then indexOf goes on from there (a native call per
 * match cost more than the search itself).
 */
export function findIn(vocabulary: Buffer, starts: Uint32Array, first: number, end: number, term: Uint8Array, found: number[]): void {
  if (term.length === 0) {
    for (let t = first; t < end; t++) found.push(t);
    return;
  }
  const from = starts[first];
  const bytes = vocabulary.subarray(from, starts[end]);
  for (let at = bytes.indexOf(term); at !== -1; ) {
    let t = lastStartAtOrBefore(starts, first, end, from + at);
    let offset = from + at - starts[t];
    found.push(t);
    for (t++; t < end; t++) {
      offset = placeIn(vocabulary, starts[t], starts[t + 1] - 1, term, offset);
      if (offset < 0) break;
      found.push(t);
    }
    at = t < end ? bytes.indexOf(term, starts[t] - from) : -1; // the next token that holds it, from the first that does not
  }
}

/** Where `term` is in the token bytes[start, end) (tried first at `hint`), or -1. */
function placeIn(bytes: Uint8Array, start: number, end: number, term: Uint8Array, hint: number): number {
  if (matchesAt(bytes, start + hint, end, term)) return hint;
  for (let at = start; at + term.length <= end; at++) if (at !== start + hint && matchesAt(bytes, at, end, term)) return at - start;
  return -1;
}

function matchesAt(bytes: Uint8Array, at: number, end: number, term: Uint8Array): boolean {
  if (at + term.length > end) return false;
  for (let i = 0; i < term.length; i++) if (bytes[at + i] !== term[i]) return false;
  return true;
}
