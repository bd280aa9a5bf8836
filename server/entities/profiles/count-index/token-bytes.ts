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
  const n = Math.min(a.length, to - from);
  for (let i = 0; i < n; i++) if (a[i] !== bytes[from + i]) return a[i] - bytes[from + i];
  return a.length - (to - from);
}
